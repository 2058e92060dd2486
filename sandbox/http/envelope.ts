/**
 * Builders for the spec's response envelope. Every JSON answer goes through these, so `s`,
 * `code` and `message` are always present and a failure's HTTP status always matches its code.
 */
import { BrokerFailure } from '../failure';
import type { Reply } from './types';

/** `{ s: "ok", code, message, ...extra }` with HTTP 200. */
export function okReply(extra: Record<string, unknown> = {}, code = 200, message = ''): Reply {
  return { status: 200, json: { s: 'ok', code, message, ...extra } };
}

/** The failure envelope for a BrokerFailure, with the status of its code. */
export function failureReply(f: BrokerFailure): Reply {
  return { status: f.http, json: { s: 'error', code: f.code, message: f.message, ...f.extra } };
}

/** Runs `fn` and turns a thrown BrokerFailure into the failure envelope. */
export async function guard(fn: () => Reply | Promise<Reply>): Promise<Reply> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof BrokerFailure) return failureReply(e);
    throw e;
  }
}

/** Escapes text for HTML pages (login, depository), so echoed input cannot inject markup. */
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
