/**
 * The one error type of the broker client.
 *
 * Every failure (a broker error envelope, a timeout, a reset connection, a body that is not
 * JSON, a redirect, an insecure URL, no session) becomes a BrokerError carrying what the UI
 * needs to explain it and what the order service needs to stay safe: `ambiguous` says "the
 * request may have been carried out", which forbids resending an order until the order book
 * has been read (spec, Errors rule 6).
 */
import { dayBlockRiskText } from '../../../shared/broker/day-block';
import { plainBrokerReason, withoutApiPaths } from '../../../shared/broker/plain-reason';
import {
  brokerError,
  ErrorCode,
  HttpStatus,
  isAuthError,
  isExchangeConnectionCode,
} from '../../../shared/broker/errors';
import { FIELD_WORDS } from '../../../shared/broker/rules';
import type { BrokerErrorAction } from '../../../shared/broker/errors';
import type { BrokerFailure } from '../../../shared/broker/models';
import type { IpcError, IpcPresentable } from '../../../shared/ipc/errors';

/** How a refused oversized answer is named in `brokerMessage` (logs and support bundles). */
export const ANSWER_TOO_LARGE = 'answer too large';

/** What went wrong, at the level the app reacts to. */
export type BrokerErrorKind = BrokerFailure['kind'];

/** Order fields named by the per-field error codes (-305..-328 and friends), for highlighting. */
const FIELD_BY_CODE: Record<number, string> = {
  [ErrorCode.InvalidOrderType]: 'type',
  [ErrorCode.InvalidSymbol]: 'symbol',
  [ErrorCode.InvalidCoBoType]: 'type',
  [ErrorCode.InvalidLimitPrice]: 'limitPrice',
  [ErrorCode.InvalidStopPrice]: 'stopPrice',
  [ErrorCode.InvalidQty]: 'qty',
  [ErrorCode.InvalidStopLoss]: 'stopLoss',
  [ErrorCode.InvalidSide]: 'side',
  [ErrorCode.InvalidProductType]: 'productType',
  [ErrorCode.InvalidTakeProfit]: 'takeProfit',
  [ErrorCode.InvalidValidity]: 'validity',
  [ErrorCode.InvalidDisclosedQty]: 'disclosedQty',
  [ErrorCode.InvalidOfflineFlag]: 'offlineOrder',
  [ErrorCode.StopPriceVsLtp]: 'stopPrice',
};
const ORDER_FIELDS = [
  'symbol',
  'qty',
  'type',
  'side',
  'productType',
  'limitPrice',
  'stopPrice',
  'disclosedQty',
  'validity',
  'offlineOrder',
  'stopLoss',
  'takeProfit',
];

interface BrokerErrorInit {
  kind: BrokerErrorKind;
  code: number;
  httpStatus: number | null;
  brokerMessage: string;
  explanation: string;
  action: BrokerErrorAction;
  ambiguous: boolean;
  retryAfterMs?: number | null;
  field?: string | null;
}

/** A typed failure of one broker request; see the module comment for why it is one class. */
export class BrokerError extends Error implements IpcPresentable {
  readonly kind: BrokerErrorKind;
  /** The broker's negative code; 0 when the failure happened before the broker answered. */
  readonly code: number;
  readonly httpStatus: number | null;
  /** The broker's own words without request paths (withoutApiPaths). */
  readonly brokerMessage: string;
  readonly explanation: string;
  readonly action: BrokerErrorAction;
  /** True when the request may have been carried out although it failed. */
  readonly ambiguous: boolean;
  readonly retryAfterMs: number | null;
  /** The order field the error is about, when the code or message names one. */
  readonly field: string | null;

  constructor(init: BrokerErrorInit) {
    // What the trader reads: our explanation, then the broker's own reason in plain words.
    const reason = plainBrokerReason(init.brokerMessage);
    super(reason ? `${init.explanation} (${reason})` : init.explanation);
    this.name = 'BrokerError';
    this.kind = init.kind;
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    // Without API paths too: it reaches the ticket, the basket and notices, where a broker
    // path ("authorize them through /api/dev/index") means nothing (an origin is kept).
    this.brokerMessage = withoutApiPaths(init.brokerMessage);
    this.explanation = init.explanation;
    this.action = init.action;
    this.ambiguous = init.ambiguous;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.field = init.field ?? null;
  }

  /** Maps a failure envelope (or an error HTTP status without one) to a typed error. */
  static fromEnvelope(
    httpStatus: number,
    code: number | null,
    message: string,
    retryAfterMs: number | null = null,
  ): BrokerError {
    const given =
      code ??
      (httpStatus === HttpStatus.TooManyRequests
        ? ErrorCode.RateLimited
        : httpStatus === HttpStatus.Unauthorized
          ? ErrorCode.TokenAuthFailed
          : 0);
    // The static-IP refusal is one named error whatever code the broker gives it (inferred).
    const effective = isStaticIpRefusal(httpStatus, given, message)
      ? ErrorCode.StaticIpNotRegistered
      : given;
    const info = effective !== 0 ? brokerError(effective) : undefined;
    const serverSide = httpStatus >= HttpStatus.ServerError || isExchangeConnectionCode(effective);
    return new BrokerError({
      kind: 'broker',
      code: effective,
      httpStatus,
      brokerMessage: message,
      explanation:
        info?.explanation ??
        (serverSide
          ? 'The broker had an internal problem. Check the order book before trying again.'
          : message.trim()
            ? 'The broker refused the request.'
            : `The broker refused the request (HTTP ${httpStatus}).`),
      action: info?.action ?? (serverSide ? 'check-state' : 'report'),
      ambiguous: serverSide,
      retryAfterMs:
        effective === ErrorCode.RateLimited || httpStatus === HttpStatus.TooManyRequests
          ? (retryAfterMs ?? 1000)
          : null,
      field: FIELD_BY_CODE[effective] ?? fieldFromMessage(effective, message),
    });
  }

  /** The request did not finish within its time limit; it may still have been carried out. */
  static timeout(ms: number): BrokerError {
    return new BrokerError({
      kind: 'timeout',
      code: 0,
      httpStatus: null,
      brokerMessage: '',
      explanation: `The broker did not answer within ${Math.round(ms / 100) / 10} s. It may still have acted on the request; check before repeating it.`,
      action: 'check-state',
      ambiguous: true,
    });
  }

  /**
   * The connection failed. `reachedServer` false (connection refused, DNS) means the request
   * certainly was not carried out; a reset after sending is ambiguous.
   */
  static network(detail: string, reachedServer: boolean): BrokerError {
    return new BrokerError({
      kind: 'network',
      code: 0,
      httpStatus: null,
      brokerMessage: detail,
      explanation: reachedServer
        ? 'The connection to the broker broke during the request. It may have been carried out; check before repeating it.'
        : 'The broker could not be reached. Check your network connection.',
      action: reachedServer ? 'check-state' : 'retry-later',
      ambiguous: reachedServer,
    });
  }

  /** The broker answered with a body that is not JSON; what happened is unknown. */
  static malformed(httpStatus: number, detail: string): BrokerError {
    return new BrokerError({
      kind: 'malformed',
      code: 0,
      httpStatus,
      brokerMessage: detail,
      explanation:
        'The broker sent an answer this app cannot read. It may have acted on the request; check before repeating it.',
      action: 'check-state',
      ambiguous: true,
    });
  }

  /**
   * The answer was larger than the request's cap and was refused unread (issue 18 #5: an
   * 88 MB quotes answer stalled the app); what happened to the request is unknown.
   */
  static tooLarge(httpStatus: number, limitBytes: number): BrokerError {
    return new BrokerError({
      kind: 'malformed',
      code: 0,
      httpStatus,
      brokerMessage: `${ANSWER_TOO_LARGE} (over ${limitBytes} bytes)`,
      explanation:
        'The broker sent an answer far larger than expected, so the app did not read it. It may have acted on the request; check before repeating it.',
      action: 'check-state',
      ambiguous: true,
    });
  }

  /** The JSON was readable but not the shape the spec describes (a list that is not a list). */
  static malformedPayload(detail: string): BrokerError {
    return new BrokerError({
      kind: 'malformed',
      code: 0,
      httpStatus: null,
      brokerMessage: detail,
      explanation: 'The broker sent data in an unexpected shape.',
      action: 'report',
      ambiguous: true,
    });
  }

  /** A redirect was refused: following it could send the Authorization header elsewhere. */
  static redirect(httpStatus: number, location: string): BrokerError {
    return new BrokerError({
      kind: 'redirect',
      code: 0,
      httpStatus,
      brokerMessage: location ? `redirect to ${safeOrigin(location)}` : 'redirect',
      explanation:
        'The broker tried to redirect the request; the app does not follow redirects with your session.',
      action: 'report',
      ambiguous: false,
    });
  }

  /** The configured broker URL is not HTTPS and not loopback. */
  static insecure(url: string): BrokerError {
    return new BrokerError({
      kind: 'insecure',
      code: 0,
      httpStatus: null,
      brokerMessage: safeOrigin(url),
      explanation:
        'The broker address must use HTTPS (plain HTTP is allowed only to this computer).',
      action: 'report',
      ambiguous: false,
    });
  }

  /** The caller's input cannot be sent as it is (checked before anything went out). */
  static invalidInput(field: string | null, message: string): BrokerError {
    return new BrokerError({
      kind: 'invalid-input',
      code: 0,
      httpStatus: null,
      brokerMessage: '',
      explanation: message,
      action: 'fix-field',
      ambiguous: false,
      field,
    });
  }

  /**
   * Not sent: one more request-limit breach would get the account blocked for the day, or
   * the broker already blocked it (`blocked`). Definite, so the action is never unconfirmed.
   */
  static dayBlockRisk(blocked: boolean): BrokerError {
    return new BrokerError({
      kind: 'day-block-risk',
      code: 0,
      httpStatus: null,
      brokerMessage: '',
      explanation: dayBlockRiskText(blocked),
      action: 'wait',
      ambiguous: false,
    });
  }

  /** No session: nothing was sent. */
  static notLoggedIn(): BrokerError {
    return new BrokerError({
      kind: 'not-logged-in',
      code: 0,
      httpStatus: null,
      brokerMessage: '',
      explanation: 'You are not logged in to the broker.',
      action: 'login',
      ambiguous: false,
    });
  }

  /** The caller cancelled before an answer came; treated like a timeout for safety. */
  static aborted(): BrokerError {
    return new BrokerError({
      kind: 'aborted',
      code: 0,
      httpStatus: null,
      brokerMessage: '',
      explanation:
        'The request was cancelled before the broker answered. It may have been carried out.',
      action: 'check-state',
      ambiguous: true,
    });
  }

  /** True when the trader must log in again. */
  get isAuthFailure(): boolean {
    return (
      this.kind === 'not-logged-in' ||
      (this.code !== 0 && isAuthError(this.code)) ||
      this.httpStatus === HttpStatus.Unauthorized
    );
  }

  /** The JSON form for the journal and IPC outputs. */
  toJSON(): BrokerFailure {
    return {
      kind: this.kind,
      code: this.code,
      httpStatus: this.httpStatus,
      brokerMessage: this.brokerMessage,
      explanation: this.explanation,
      action: this.action,
      ambiguous: this.ambiguous,
      retryAfterMs: this.retryAfterMs,
    };
  }

  /** The IPC error form, so the router can pass it to the renderer without knowing this class. */
  toIpc(): IpcError {
    const out: IpcError = {
      kind: this.kind === 'broker' ? 'broker' : `broker-${this.kind}`,
      message: this.message,
      action: this.action,
    };
    if (this.code !== 0) out.code = this.code;
    if (this.field) out.field = this.field;
    if (this.retryAfterMs !== null) out.retryAfterSec = Math.ceil(this.retryAfterMs / 1000);
    return out;
  }
}

/** Narrows an unknown thrown value. */
export function isBrokerError(e: unknown): e is BrokerError {
  return e instanceof BrokerError;
}

/**
 * Whether a refusal is the 2026 static-IP rule's: the named code, or (a broker whose code for
 * it is not known, docs/broker-v3.md) a client error whose words say an IP address is not
 * registered, allowed or whitelisted.
 */
function isStaticIpRefusal(httpStatus: number, code: number, message: string): boolean {
  // A session or rate-limit answer keeps its own meaning, and a server error stays ambiguous.
  if (
    httpStatus >= HttpStatus.ServerError ||
    httpStatus === HttpStatus.Unauthorized ||
    httpStatus === HttpStatus.TooManyRequests
  )
    return false;
  if (isExchangeConnectionCode(code)) return false;
  if (code === ErrorCode.StaticIpNotRegistered) return true;
  return /\bIP\b[^;\n]{0,80}?\b(not\s+(registered|allowed|whitelisted|authori[sz]ed)|unregistered|mismatch)/i.test(
    message,
  );
}

function fieldFromMessage(code: number, message: string): string | null {
  if (
    code !== ErrorCode.InvalidParameters &&
    code !== ErrorCode.TickSize &&
    code !== ErrorCode.OrderRejected
  )
    return null;
  const m = /^\s*([A-Za-z]+)/.exec(message);
  const word = m?.[1];
  if (word && ORDER_FIELDS.includes(word)) return word;
  // The shared rules (and so the Demo broker) name the field in words: "Limit price must…".
  const text = message.trimStart().toLowerCase();
  const named = Object.entries(FIELD_WORDS)
    .sort(([, a], [, b]) => b.length - a.length)
    .find(([, words]) => text.startsWith(words.toLowerCase()));
  return named?.[0] ?? null;
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an invalid address';
  }
}
