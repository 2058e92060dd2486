/**
 * The one way sandbox code reports a broker error: throw a BrokerFailure with a gaps.md code
 * and a message that names the field. The HTTP layer turns it into the failure envelope with
 * the status that shared/broker/errors.ts assigns to the code, so status and code can never
 * disagree.
 */
import { brokerError } from '../shared/broker/errors';

/** A broker error answer: code, message and optional extra envelope keys (e.g. the order id). */
export class BrokerFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'BrokerFailure';
  }

  /** HTTP status of this failure per the shared error table. */
  get http(): number {
    return brokerError(this.code).http;
  }
}

/** Shorthand for `throw new BrokerFailure(...)` in expression position. */
export function fail(code: number, message: string, extra?: Record<string, unknown>): never {
  throw new BrokerFailure(code, message, extra);
}
