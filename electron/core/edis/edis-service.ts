/**
 * eDIS: authorizing the sale of demat holdings.
 *
 * Flow: (optional) request a TPIN → note the eDIS details list → POST /api/dev/index with the
 * chosen ISINs and quantities → parse the returned form → the depository window posts it to
 * the depository (its own origin) and the trader types TPIN and OTP there → find the
 * transaction id the broker now lists (transaction-lookup.ts; never a guess from the form)
 * → POST /api/v2/inquiry for the outcome. The window's ending is only a hint; the inquiry
 * is the truth.
 */
import { base64url } from '../auth/pkce';
import type { Random } from '../auth/ports';
import { systemRandom } from '../auth/ports';
import { silentLogger, type Logger } from '../diagnostics/logger';
import type { EdisDetail, EdisInquiry } from '../../../shared/broker/models';
import { encodeDepositoryForm, parseDepositoryForm, type DepositoryForm } from './depository-form';
import type { DepositoryWindowPort } from './depository-window-port';
import { systemClock, type Clock } from '../limiter/clock';
import type { EdisAuthorizeResult } from '../../../shared/ipc/channels/edis';
import {
  findListedTransaction,
  listedIds,
  transactionIdFromUrl,
  type LookupBaseline,
} from './transaction-lookup';

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
  /** Time and timers (default the system clock): the details list is read again after a pause. */
  clock?: Clock;
  /** Pauses between reads of the details list while the broker has not listed it (default 1.5 s, 3 s). */
  listingWaitsMs?: readonly number[];
}

/** What the trader reads when the broker does not list the finished authorization. */
export const UNLISTED_MESSAGE =
  'The depository has finished, but the broker has not listed this authorization yet. Check the eDIS history in a minute before selling.';

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
  const clock = deps.clock ?? systemClock;
  const waits = deps.listingWaitsMs ?? [1500, 3000];
  const pause = (ms: number) => new Promise<void>((r) => clock.setTimeout(r, ms));
  let open: { close(): void } | null = null;

  /** The details list's ids before the request (null if it cannot be read now). */
  const baselineNow = async (): Promise<LookupBaseline> => {
    const startedAt = clock.now();
    try {
      return { knownIds: listedIds(await deps.broker.getEdisDetails()), startedAt };
    } catch {
      log.warn('eDIS details unreadable before the request; matching by entry time');
      return { knownIds: null, startedAt };
    }
  };

  /** The transaction id the broker lists for this request, read a few times; null if none. */
  const findListed = async (
    items: readonly EdisItem[],
    baseline: LookupBaseline,
  ): Promise<string | null> => {
    for (let k = 0; ; k++) {
      try {
        const id = findListedTransaction(await deps.broker.getEdisDetails(), items, baseline);
        if (id) return id;
      } catch {
        log.warn('eDIS details unreadable after the depository');
      }
      const wait = waits[k];
      if (wait === undefined) return null;
      await pause(wait);
    }
  };

  return {
    async requestTpin() {
      const ack = await deps.broker.requestTpin();
      log.info('TPIN requested');
      return { message: ack.message || 'The depository will send your TPIN by SMS and e-mail.' };
    },

    async authorize(raw) {
      const items = validateEdisItems(raw);
      if (open) throw new EdisInputError('An eDIS authorization is already open.');
      const baseline = await baselineNow();
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
      if (outcome.kind === 'closed') {
        log.info('depository window closed before completion');
        return {
          outcome: 'cancelled',
          transactionId: null,
          inquiry: null,
          message: 'The depository window was closed before the authorization finished.',
        };
      }
      const transactionId =
        transactionIdFromUrl(outcome.url, new URL(form.action).origin) ??
        (await findListed(items, baseline));
      if (!transactionId) {
        log.warn('eDIS authorization not listed by the broker after the depository finished');
        return {
          outcome: 'unconfirmed',
          transactionId: null,
          inquiry: null,
          message: UNLISTED_MESSAGE,
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
