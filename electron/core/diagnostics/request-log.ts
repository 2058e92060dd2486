/**
 * The request log: one JSON line per broker request (method, path, HTTP status, broker
 * code, duration, the request budget at that moment, the order intent it belongs to).
 *
 * Why a log of its own: support staff answer "what did the app send, when, and what did the
 * broker say" from it, and follow one order from the ticket to the broker and back by the
 * intent id that the order journal carries too. It holds no query, body or header.
 */
import type { ExchangeRecord } from '../broker/http-transport';
import type { LogSink } from './logger';
import { redactText } from './redact';
import { currentOrderIntents } from './request-context';

/** Used requests of each window when the request ended (the limits are in the bundle's budget). */
export interface BudgetUse {
  second: number;
  minute: number;
  day: number;
}

/** One line of the request log. */
export interface RequestLogLine extends ExchangeRecord {
  ts: string;
  budget: BudgetUse | null;
  /** The order actions this request belongs to (one, or each order of a basket); empty for reads. */
  intentIds: readonly string[];
}

/** Where the lines go and what they are stamped with. */
export interface RequestLogOptions {
  sinks: LogSink[];
  clock?: { now(): number };
  budget?: () => BudgetUse | null;
}

/** Builds the request log; `record` is the transport's `onExchange` hook. */
export function createRequestLog(opts: RequestLogOptions): { record(e: ExchangeRecord): void } {
  const clock = opts.clock ?? { now: () => Date.now() };
  return {
    record(e) {
      let budget: BudgetUse | null;
      try {
        budget = opts.budget?.() ?? null;
      } catch {
        budget = null;
      }
      const line: RequestLogLine = {
        ts: new Date(clock.now()).toISOString(),
        method: e.method,
        path: redactText(e.path),
        status: e.status,
        code: e.code,
        ms: e.ms,
        failure: e.failure,
        budget,
        intentIds: [...currentOrderIntents()],
      };
      const text = JSON.stringify(line);
      for (const sink of opts.sinks) {
        try {
          sink.write(text, e.failure || (e.status ?? 0) >= 400 ? 'warn' : 'info');
        } catch {
          // A broken sink must never fail a broker request.
        }
      }
    },
  };
}
