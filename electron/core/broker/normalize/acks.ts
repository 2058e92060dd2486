/**
 * Normalizers for order-action answers: single acks, multi-order item lists, position exit
 * and convert. A multi answer is one result per input, because one order can fail while
 * the others succeed (spec, Errors rule 3).
 */
import type {
  ConvertAck,
  MultiItemResult,
  OrderAck,
  PositionExitAck,
} from '../../../../shared/broker/models';
import { BrokerError } from '../broker-error';
import { num, numOrNull, obj, str } from './coerce';
import type { Raw } from './coerce';

/** The answer as an object, or a typed malformed-answer error naming `what` (never a TypeError). */
function envelope(v: unknown, what: string): Raw {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw BrokerError.malformedPayload(`${what} is not an object`);
  return v as Raw;
}

/** Turns a success envelope of place / modify / cancel into an OrderAck. */
export function normalizeOrderAck(answer: unknown): OrderAck {
  const env = envelope(answer, 'order answer');
  const code = num(env.code, 200);
  return { id: str(env.id), code, message: str(env.message), unacknowledged: code === 201 };
}

/** Turns the `data` list of a multi answer into one result per input order. */
export function normalizeMultiResults(data: unknown, expected: number): MultiItemResult[] {
  if (!Array.isArray(data))
    throw BrokerError.malformedPayload('multi-order answer without a data list');
  // Array.from, not map: holes in a sparse list must become (failed) items too.
  const out: MultiItemResult[] = Array.from(data, (item: unknown, index) => {
    const raw = obj(item);
    const body = obj(raw.body);
    const statusCode = num(raw.statusCode, 0);
    const ok = body.s === 'ok' && statusCode < 400;
    if (ok) return { index, httpStatus: statusCode, ok, ack: normalizeOrderAck(body), error: null };
    const code = numOrNull(body.code);
    const err = BrokerError.fromEnvelope(
      statusCode >= 400 ? statusCode : 400,
      code,
      str(body.message || raw.statusDescription),
    );
    return { index, httpStatus: statusCode, ok: false, ack: null, error: err.toJSON() };
  });
  if (out.length !== expected) {
    throw BrokerError.malformedPayload(
      `multi-order answer has ${out.length} items for ${expected} orders`,
    );
  }
  return out;
}

/** Turns the exit-position answer into its ack. */
export function normalizeExitAck(answer: unknown): PositionExitAck {
  const env = envelope(answer, 'exit answer');
  return { code: num(env.code, 200), message: str(env.message) };
}

/** Turns the convert answer into its ack. */
export function normalizeConvertAck(answer: unknown): ConvertAck {
  const env = envelope(answer, 'convert answer');
  return {
    code: num(env.code, 200),
    message: str(env.message),
    positionDetails: numOrNull(env.positionDetails),
  };
}
