/**
 * Socket test controls under /__sandbox/socket (only with testControls): list the open
 * connections (the v2 socket's, and how many each v3 socket holds), drop them, stall them (no pong, no data; the v3 data socket's too), send a truncated or malformed
 * binary frame, a price stamped in the future, an oversized frame, or slow a subscriber down. They let the app's tests reach a reconnect, a
 * missed heartbeat or a bad packet on demand instead of waiting for a real network to fail.
 */
import { z } from 'zod';
import { SocketType } from '../../shared/marketdata/socket-protocol';
import { ErrorCode } from '../../shared/broker/errors';
import type { Reply, Route } from '../http/types';
import { MAX_FUTURE_AHEAD_MS, MAX_OVERSIZED_BYTES, type SocketHub } from '../socket/hub';
import type { V3DataSocket } from '../v3/sockets/hsm-server';

const Action = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('drop'),
    type: SocketType.optional(),
    refuseMs: z.number().int().min(0).max(120_000).optional(),
  }),
  z.object({
    action: z.literal('stall'),
    type: SocketType.optional(),
    sticky: z.boolean().optional(),
  }),
  z.object({ action: z.literal('resume'), type: SocketType.optional() }),
  z.object({ action: z.literal('truncated') }),
  z.object({ action: z.literal('malformed') }),
  z.object({
    action: z.literal('future'),
    symbol: z.string().min(1).max(100).optional(),
    aheadMs: z.number().int().min(0).max(MAX_FUTURE_AHEAD_MS).optional(),
    ltp: z.number().positive().max(1e9).optional(),
  }),
  z.object({
    action: z.literal('oversized'),
    bytes: z.number().int().min(1).max(MAX_OVERSIZED_BYTES),
  }),
  /** Cuts the v3 sockets' connections (the order socket's, the data socket's, or both). */
  z.object({ action: z.literal('drop-v3'), socket: z.enum(['orders', 'data']).optional() }),
  /** Stalls (or frees) the v3 data socket's open connections without closing them. */
  z.object({ action: z.literal('stall-v3') }),
  z.object({ action: z.literal('resume-v3') }),
  z.object({
    action: z.literal('slow'),
    type: SocketType.optional(),
    delayMs: z.number().int().min(0).max(120_000),
  }),
]);

const HELP =
  'send {"action": "drop"|"drop-v3"|"stall"|"stall-v3"|"resume-v3"|"resume"|"truncated"|"malformed"|"future"|"oversized"|"slow", "type"?: "symbolUpdate"|"orderUpdate", "delayMs"?: n (slow, 0..120000), "refuseMs"?: n (drop, 0..120000), "sticky"?: true (stall), "symbol"?, "aheadMs"?, "ltp"? (future), "bytes": n (oversized), "socket"?: "orders"|"data" (drop-v3)}';

/**
 * Carries out one control; returns how many connections it touched. A future-stamped price
 * and an oversized frame reach the v3 data socket's connections too (`v3`, once it runs).
 */
function apply(
  hub: SocketHub,
  v3: V3DataSocket | undefined,
  b: Exclude<z.infer<typeof Action>, { action: 'drop-v3' | 'stall-v3' | 'resume-v3' }>,
): number {
  switch (b.action) {
    case 'drop':
      return hub.drop(b.type, b.refuseMs);
    case 'stall':
      return hub.stall(b.type, true, b.sticky);
    case 'resume':
      hub.slow(b.type, 0);
      return hub.stall(b.type, false);
    case 'slow':
      return hub.slow(b.type, b.delayMs);
    case 'truncated':
    case 'malformed':
      return hub.sendBad(b.action);
    case 'future':
      return (
        hub.sendFuture(b.aheadMs ?? 5 * 60_000, b.symbol, b.ltp) +
        (v3?.sendFuture(b.aheadMs ?? 5 * 60_000, b.symbol, b.ltp) ?? 0)
      );
    case 'oversized':
      return hub.sendOversized(b.bytes) + (v3?.sendOversized(b.bytes) ?? 0);
  }
}

/** The v3 sockets as the controls see them (the hub holds only the v2 socket's connections). */
export interface V3SocketControls {
  orders: { count(): number; drop(): number };
  data: V3DataSocket;
}

/** Builds the socket control routes over the hub (and the v3 sockets, once they run). */
export function socketControlRoutes(
  hub: SocketHub,
  v3?: () => V3SocketControls | undefined,
): Route[] {
  const ok = (extra: Record<string, unknown>): Reply => ({
    status: 200,
    json: { s: 'ok', code: 200, message: '', ...extra },
  });
  return [
    {
      method: 'GET',
      path: '/__sandbox/socket',
      access: 'public',
      handle: () => {
        const s = v3?.();
        return ok({
          connections: hub.connections(),
          ...(s
            ? {
                v3: { orders: s.orders.count(), data: s.data.connections().length },
                // Each data connection: authenticated, topics held, paused/lite channels, stalled.
                v3Data: s.data.connections(),
              }
            : {}),
        });
      },
    },
    {
      method: 'POST',
      path: '/__sandbox/socket',
      access: 'public',
      handle: (ctx) => {
        const a = Action.safeParse(ctx.body);
        if (!a.success)
          return {
            status: 400,
            json: { s: 'error', code: ErrorCode.InvalidParameters, message: HELP },
          };
        if (a.data.action === 'drop-v3') {
          const s = v3?.();
          const which = a.data.socket;
          const affected =
            (which !== 'data' ? (s?.orders.drop() ?? 0) : 0) +
            (which !== 'orders' ? (s?.data.drop() ?? 0) : 0);
          return ok({ affected });
        }
        if (a.data.action === 'stall-v3' || a.data.action === 'resume-v3')
          return ok({ affected: v3?.()?.data.stall(a.data.action === 'stall-v3') ?? 0 });
        return ok({ affected: apply(hub, v3?.()?.data, a.data) });
      },
    },
  ];
}
