/**
 * The errors the request scheduler rejects a job with before anything was sent, so that
 * callers (the order service) can tell "never sent" from "sent, answer unknown".
 */
import { dayBlockRiskText } from '../../../shared/broker/day-block';

/** Thrown to queued callers when the scheduler shuts down. */
export class SchedulerClosedError extends Error {
  constructor() {
    super('The request scheduler was shut down before this request was sent.');
    this.name = 'SchedulerClosedError';
  }
}

/**
 * Thrown, before anything is sent, to an order action asked for when one more per-minute
 * breach would block the account for the day (or the broker already blocked it). Definite:
 * the action was not sent, so it is never "unconfirmed".
 */
export class DayBlockRiskError extends Error {
  constructor(readonly blocked: boolean) {
    super(dayBlockRiskText(blocked));
    this.name = 'DayBlockRiskError';
  }
}
