/**
 * The smart exit trigger calls at the paths and methods the official SDK 1.9.0 uses
 * (docs/broker-v3.md "Smart exit trigger"): create (POST), read (GET, optional flowId),
 * update (PUT, by flowId) and activate/deactivate (POST …/activate, one toggle). Bodies are
 * checked field by field with messages that name the field, as the rest of the sandbox does.
 */
import type { BrokerCore } from '../core';
import { fail } from '../failure';
import { guard, okReply } from '../http/envelope';
import type { Route } from '../http/types';
import { V3_API_PREFIX } from '../v3/addresses';
import { ErrorCode } from '../../shared/broker/errors';
import { SmartExitType, type SmartExitTrigger, type SmartExitTypeCode } from './book';

const PATH = `${V3_API_PREFIX}/flows/tc/se`;
/** The longest type-3 wait the sandbox accepts, in minutes (its own limit). */
export const SMART_EXIT_MAX_WAIT_MIN = 60;

const bad = (message: string): never => fail(ErrorCode.InvalidParameters, message);
const body = (b: unknown): Record<string, unknown> =>
  typeof b === 'object' && b !== null && !Array.isArray(b)
    ? (b as Record<string, unknown>)
    : bad('the body must be a JSON object');

function typeOf(v: unknown): SmartExitTypeCode {
  if (v !== 1 && v !== 2 && v !== 3)
    return bad('type must be 1 (alert only), 2 (exit) or 3 (exit after waitTime)');
  return v;
}
function profitOf(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)
    return bad('profitRate must be a positive number of rupees');
  return v;
}
function lossOf(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v >= 0)
    return bad('lossRate must be a negative number of rupees, e.g. -2000');
  return v;
}
function waitOf(v: unknown, type: SmartExitTypeCode): number {
  if (v === undefined) {
    if (type === SmartExitType.ExitAfterWait) bad('waitTime is required for type 3');
    return 0;
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > SMART_EXIT_MAX_WAIT_MIN)
    return bad(`waitTime must be whole minutes from 1 to ${SMART_EXIT_MAX_WAIT_MIN}`);
  return v;
}
function nameOf(v: unknown): string {
  if (typeof v !== 'string' || v.trim() === '' || v.length > 100)
    return bad('name must be text of 1 to 100 characters');
  return v.trim();
}

/** A trigger as the GET answers it. */
function shape(t: SmartExitTrigger): Record<string, unknown> {
  return {
    flowId: t.flowId,
    name: t.name,
    type: t.type,
    profitRate: t.profitRate,
    lossRate: t.lossRate,
    waitTime: t.waitTime,
    active: t.active,
    triggered: t.triggeredAt !== null,
    triggeredBy: t.triggeredBy,
    exited: t.exited,
  };
}

/** Builds the smart exit routes over a core. */
export function smartExitRoutes(core: BrokerCore): Route[] {
  const book = core.smartExit;
  const find = (b: Record<string, unknown>): SmartExitTrigger => {
    if (typeof b.flowId !== 'string' || b.flowId === '') return bad('flowId is required');
    return book.get(b.flowId) ?? bad(`No smart exit trigger with flowId ${b.flowId}`);
  };
  const route = (method: Route['method'], path: string, handle: Route['handle']): Route => ({
    method,
    path,
    access: 'user',
    level: 2,
    operation: 'Smart exit',
    handle: (ctx) => guard(() => handle(ctx)),
  });
  return [
    route('POST', PATH, (ctx) => {
      const b = body(ctx.body);
      const type = typeOf(b.type);
      const t = book.create({
        name: nameOf(b.name),
        type,
        profitRate: profitOf(b.profitRate),
        lossRate: lossOf(b.lossRate),
        waitTime: waitOf(b.waitTime, type),
      });
      return okReply({ data: { flowId: t.flowId } }, 200, 'Smart exit trigger created');
    }),
    route('GET', PATH, (ctx) => {
      const id = ctx.query.get('flowId');
      const list = id ? [find({ flowId: id })] : book.list();
      return okReply({ data: list.map(shape) });
    }),
    route('PUT', PATH, (ctx) => {
      const b = body(ctx.body);
      const t = find(b);
      const type = b.type === undefined ? t.type : typeOf(b.type);
      book.update(t, {
        ...(b.name !== undefined ? { name: nameOf(b.name) } : {}),
        type,
        ...(b.profitRate !== undefined ? { profitRate: profitOf(b.profitRate) } : {}),
        ...(b.lossRate !== undefined ? { lossRate: lossOf(b.lossRate) } : {}),
        ...(b.waitTime !== undefined || type === SmartExitType.ExitAfterWait
          ? { waitTime: waitOf(b.waitTime ?? (t.waitTime || undefined), type) }
          : {}),
      });
      return okReply({ data: shape(t) }, 200, 'Smart exit trigger updated');
    }),
    route('POST', `${PATH}/activate`, (ctx) => {
      const t = find(body(ctx.body));
      book.toggle(t);
      return okReply(
        { data: shape(t) },
        200,
        t.active ? 'Smart exit trigger activated' : 'Smart exit trigger deactivated',
      );
    }),
  ];
}
