/**
 * eDIS: authorizing the sale of demat holdings.
 *
 * Flow: (optional) request a TPIN → POST /api/dev/index with the chosen ISINs and
 * quantities → parse the returned form → the depository window posts it and the trader
 * types TPIN and OTP there → POST /api/v2/inquiry for the outcome. The window's ending
 * is only a hint; the inquiry is the truth.
 */
import { base64url } from '../auth/pkce';
import type { Random } from '../auth/ports';
import { systemRandom } from '../auth/ports';
import { silentLogger, type Logger } from '../diagnostics/logger';
import type { EdisDetail, EdisInquiry } from '../../../shared/broker/models';
import { encodeDepositoryForm, parseDepositoryForm, type DepositoryForm } from './depository-form';
import type { DepositoryWindowPort } from './depository-window-port';

/** The broker calls eDIS needs; the client engineer's BrokerClient satisfies it as is. */
export interface EdisBroker {
  requestTpin(): Promise<{ code: number; message: string }>;
  edisIndex(records: { isin: string; qty: number }[]): Promise<{ html: string }>;
  edisInquiry(transactionId: string): Promise<EdisInquiry>;
  getEdisDetails(): Promise<EdisDetail[]>;
}

/** One holding to authorize. */
export interface EdisItem {
  isin: string;
  qty: number;
}

/** The result shape of the `edis.authorize` channel. */
export interface EdisAuthorizeResult {
  outcome: 'completed' | 'cancelled' | 'failed';
  transactionId: string | null;
  inquiry: EdisInquiry | null;
  message: string;
}

/** Bad input to eDIS (before anything was sent). */
export class EdisInputError extends Error {
  override readonly name = 'EdisInputError';
}

/** Dependencies of `createEdisService`. */
export interface EdisServiceDeps {
  broker: EdisBroker;
  depositoryWindow: DepositoryWindowPort;
  /** The broker's base URL (resolves a relative form action; completion = back at the broker). */
  baseUrl: () => string;
  logger?: Logger;
  random?: Random;
  /** Override how completion is recognised; default `defaultIsCompletion`. */
  isCompletion?: (url: string, form: DepositoryForm, baseUrl: string) => boolean;
  /** Override how a final page is recognised by its title; default `defaultIsCompletionTitle`. */
  isCompletionTitle?: (title: string) => boolean;
}

const ISIN_RE = /^IN[A-Z0-9]{9}[0-9]$/;

/** Check the trader's selection before anything is sent. */
export function validateEdisItems(items: readonly EdisItem[]): EdisItem[] {
  if (!Array.isArray(items) || items.length === 0)
    throw new EdisInputError('Choose at least one holding to authorize.');
  if (items.length > 50) throw new EdisInputError('At most 50 holdings can be authorized at once.');
  const seen = new Set<string>();
  return items.map((it) => {
    const isin = String(it?.isin ?? '')
      .trim()
      .toUpperCase();
    if (!ISIN_RE.test(isin))
      throw new EdisInputError(`${isin || 'An item'} is not a valid Indian ISIN.`);
    if (seen.has(isin)) throw new EdisInputError(`${isin} is listed twice.`);
    seen.add(isin);
    if (!Number.isInteger(it.qty) || it.qty <= 0)
      throw new EdisInputError(`Quantity for ${isin} must be a whole number above 0.`);
    return { isin, qty: it.qty };
  });
}

/**
 * Default completion rule: the window has left the depository's pages. That is a
 * navigation to another origin than the form's action (the real depository sends the
 * trader back to the broker), or, when both share an origin (the sandbox), to a path
 * outside the action's folder.
 */
export function defaultIsCompletion(url: string, form: DepositoryForm): boolean {
  let u: URL;
  let a: URL;
  try {
    u = new URL(url);
    a = new URL(form.action);
  } catch {
    return false;
  }
  if (u.origin !== a.origin) return true;
  const folder = a.pathname.replace(/[^/]*$/, '');
  return !u.pathname.startsWith(folder);
}

/**
 * Default page-title rule, for depositories (like the sandbox's) that end on a result page
 * instead of redirecting: "…authorized", "…successful", "…failed", "…error". The TPIN page
 * ("authorize sale") does not match.
 */
export function defaultIsCompletionTitle(title: string): boolean {
  return /\b(authori[sz]ed|successful|success|failed|failure|completed?|error)\b/i.test(title);
}

const TXN_PARAMS = ['transactionId', 'transaction_id', 'TransactionId', 'txnId', 'TxnId'];

/**
 * The transaction id to inquire about: from the completion URL if the broker put it there,
 * else from TransDtls when it is (base64) JSON carrying one, else the ReqId.
 */
export function transactionIdFor(form: DepositoryForm, completionUrl: string | null): string {
  if (completionUrl) {
    try {
      const u = new URL(completionUrl);
      for (const p of TXN_PARAMS) {
        const v = u.searchParams.get(p);
        if (v) return v;
      }
    } catch {
      // fall through
    }
  }
  const dtls = form.fields.TransDtls;
  for (const text of [dtls, tryBase64(dtls)]) {
    if (!text) continue;
    try {
      const j = JSON.parse(text) as Record<string, unknown>;
      for (const p of TXN_PARAMS) if (typeof j[p] === 'string' && j[p]) return j[p] as string;
    } catch {
      // not JSON
    }
  }
  return form.fields.ReqId;
}

function tryBase64(s: string): string | null {
  if (!/^[A-Za-z0-9+/=_-]+$/.test(s)) return null;
  try {
    return Buffer.from(s, 'base64').toString('utf8');
  } catch {
    return null;
  }
}

/** The eDIS service behind the `edis.*` channels. */
export interface EdisService {
  requestTpin(): Promise<{ message: string }>;
  authorize(items: readonly EdisItem[]): Promise<EdisAuthorizeResult>;
  inquiry(transactionId: string): Promise<EdisInquiry>;
  details(): Promise<EdisDetail[]>;
  /** Closes an open depository window (app quitting); the core's disposal convention. */
  dispose(): Promise<void>;
}

/** Build the eDIS service. */
export function createEdisService(deps: EdisServiceDeps): EdisService {
  const log = (deps.logger ?? silentLogger).child('edis');
  const random = deps.random ?? systemRandom;
  const isCompletion =
    deps.isCompletion ?? ((url: string, form: DepositoryForm) => defaultIsCompletion(url, form));
  let open: { close(): void } | null = null;

  return {
    async requestTpin() {
      const ack = await deps.broker.requestTpin();
      log.info('TPIN requested');
      return { message: ack.message || 'The depository will send your TPIN by SMS and e-mail.' };
    },

    async authorize(raw) {
      const items = validateEdisItems(raw);
      if (open) throw new EdisInputError('An eDIS authorization is already open.');
      const { html } = await deps.broker.edisIndex(items);
      const base = deps.baseUrl();
      let form: DepositoryForm;
      try {
        form = parseDepositoryForm(html, base);
      } catch (err) {
        log.error('unusable depository form', { why: (err as { why?: string }).why });
        return {
          outcome: 'failed',
          transactionId: null,
          inquiry: null,
          message: (err as Error).message,
        };
      }
      log.info('depository window opening', {
        items: items.length,
        action: new URL(form.action).origin,
      });
      const handle = deps.depositoryWindow.open({
        form,
        encodedBody: encodeDepositoryForm(form),
        isCompletion: (url) => isCompletion(url, form, base),
        isCompletionTitle: deps.isCompletionTitle ?? defaultIsCompletionTitle,
        partition: `edis-${base64url(random.bytes(9))}`,
        title: 'Authorize holdings with the depository',
      });
      open = handle;
      let outcome;
      try {
        outcome = await handle.result;
      } finally {
        open = null;
      }
      const transactionId = transactionIdFor(
        form,
        outcome.kind === 'completed' ? outcome.url : null,
      );
      if (outcome.kind === 'closed') {
        log.info('depository window closed before completion');
        return {
          outcome: 'cancelled',
          transactionId,
          inquiry: null,
          message: 'The depository window was closed before the authorization finished.',
        };
      }
      const inquiry = await deps.broker.edisInquiry(transactionId);
      const ok = inquiry.successCount > 0 && inquiry.failedCount === 0;
      log.info('eDIS inquiry', {
        successCount: inquiry.successCount,
        failedCount: inquiry.failedCount,
      });
      return {
        outcome: ok ? 'completed' : 'failed',
        transactionId,
        inquiry,
        message: ok
          ? `Authorized ${inquiry.successCount} holding${inquiry.successCount === 1 ? '' : 's'} for sale today.`
          : inquiry.successCount > 0
            ? `${inquiry.successCount} authorized, ${inquiry.failedCount} failed. Check the history for details.`
            : 'The depository did not confirm the authorization. Check the history, or try again.',
      };
    },

    inquiry: (transactionId) => {
      if (!transactionId || transactionId.length > 100)
        return Promise.reject(new EdisInputError('Invalid transaction id.'));
      return deps.broker.edisInquiry(transactionId);
    },
    details: () => deps.broker.getEdisDetails(),
    async dispose() {
      open?.close();
    },
  };
}
