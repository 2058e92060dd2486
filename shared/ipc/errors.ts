import { z } from 'zod';

/**
 * What the renderer may do about a failed call. The UI picks its affordance from
 * this (a login button, a highlighted field, a countdown), never from message text.
 */
export const ErrorAction = z.enum([
  'none',
  'login',
  'fix-field',
  'wait',
  'check-state',
  'retry-later',
  'report',
]);
export type ErrorAction = z.infer<typeof ErrorAction>;

/**
 * Every failure that crosses IPC has this shape, so the renderer can show a
 * specific message and keep the trader's form, whatever went wrong and where.
 */
export const IpcError = z.object({
  /** Stable machine-readable category, e.g. 'invalid-input', 'broker', 'untrusted-sender'. */
  kind: z.string(),
  /** The broker's negative error code, when the broker answered with one. */
  code: z.number().int().optional(),
  /** Plain-language message for the trader. */
  message: z.string(),
  action: ErrorAction,
  /** The input field the error is about, when there is one (order ticket highlights it). */
  field: z.string().optional(),
  /** Seconds to wait before trying again (rate limits). */
  retryAfterSec: z.number().optional(),
});
export type IpcError = z.infer<typeof IpcError>;

/** The envelope every channel answers with: transports never throw across the boundary. */
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

/**
 * An error a handler throws on purpose, carrying everything the renderer needs.
 * Anything else a handler throws is reported as 'internal' without its details.
 */
export class AppError extends Error {
  readonly kind: string;
  readonly action: ErrorAction;
  readonly code: number | undefined;
  readonly field: string | undefined;
  readonly retryAfterSec: number | undefined;

  constructor(
    kind: string,
    message: string,
    opts: { action?: ErrorAction; code?: number; field?: string; retryAfterSec?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.action = opts.action ?? 'none';
    this.code = opts.code;
    this.field = opts.field;
    this.retryAfterSec = opts.retryAfterSec;
  }

  /** The serializable form that crosses IPC. */
  toIpc(): IpcError {
    const out: IpcError = { kind: this.kind, message: this.message, action: this.action };
    if (this.code !== undefined) out.code = this.code;
    if (this.field !== undefined) out.field = this.field;
    if (this.retryAfterSec !== undefined) out.retryAfterSec = this.retryAfterSec;
    return out;
  }
}

/** Lets a domain error (e.g. the broker client's) present itself to IPC without the router knowing its class. */
export interface IpcPresentable {
  toIpc(): IpcError;
}

/** True when a thrown value knows how to present itself across IPC. */
export function isIpcPresentable(e: unknown): e is IpcPresentable {
  return typeof e === 'object' && e !== null && typeof (e as IpcPresentable).toIpc === 'function';
}
