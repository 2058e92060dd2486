import { z } from 'zod';
import { IpcError } from './errors';

/**
 * The browser harness's WebSocket messages, defined once for both ends. Why: the harness
 * server (electron/ipc/harness/ws-transport.ts) must refuse a malformed frame with a clear
 * close code instead of trusting a cast, and the renderer's transport
 * (renderer/src/lib/transport/harness.ts) must read what the server sends the same way.
 * Channel inputs and event payloads are checked by the router against the IPC contract;
 * here they are only carried.
 */

/** Per-launch secret, page address and top-frame flag: the first message of every socket. */
export const HarnessHello = z.object({
  type: z.literal('hello'),
  secret: z.string().max(256),
  href: z.string().max(2048),
  top: z.boolean(),
});

/** One contract call; `id` pairs it with its result. */
export const HarnessCall = z.object({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  input: z.unknown().optional(),
});

/** What the browser may send. */
export const HarnessClientMessage = z.discriminatedUnion('type', [HarnessHello, HarnessCall]);
export type HarnessClientMessage = z.infer<typeof HarnessClientMessage>;

/** What the harness sends: the hello accepted, a call's result, or a pushed event. */
export const HarnessServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('result'),
    id: z.number().int().nonnegative(),
    result: z.union([
      z.object({ ok: z.literal(true), data: z.unknown() }),
      z.object({ ok: z.literal(false), error: IpcError }),
    ]),
  }),
  z.object({ type: z.literal('event'), name: z.string(), payload: z.unknown() }),
]);
export type HarnessServerMessage = z.infer<typeof HarnessServerMessage>;

/** Close codes the harness uses (4000-4999 is the application range of RFC 6455). */
export const HarnessClose = {
  /** No hello within the time limit. */
  helloExpected: 4001,
  /** Not JSON, or not a harness message. */
  malformed: 4002,
  /** The hello's secret was wrong. */
  forbidden: 4003,
} as const;

/** Largest frame the harness accepts (1 MiB); a bigger one closes that socket only. */
export const HARNESS_MAX_FRAME_BYTES = 1024 * 1024;
