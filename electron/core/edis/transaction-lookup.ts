/**
 * Finding the transaction id of an eDIS authorization without guessing.
 *
 * The hand-off form carries nothing the app may read: a real broker's TransDtls is an opaque
 * (encrypted) blob and the ReqId is the depository's key, which the inquiry does not accept.
 * What a real flow does yield is (a) a transaction id in the URL the broker sends the trader
 * back to, when it puts one there, and (b) the broker's eDIS details list, whose records carry
 * `transactionId`. So: take the completion URL's id if the broker named one; otherwise the one
 * transaction that appeared in the details since just before the request and holds exactly
 * the ISINs and quantities asked for. If neither yields exactly one, there is no id: the
 * caller says so rather than inquiring with a guess.
 */
import type { EdisDetail } from '../../../shared/broker/models';

/** Query parameters a broker's return URL may name the transaction id with. */
const TXN_PARAMS = ['transactionId', 'transaction_id', 'TransactionId', 'txnId', 'TxnId'];

/** Longest id we accept from a URL (the inquiry channel's own limit). */
const MAX_ID = 100;

/**
 * The transaction id named in the broker's return URL, or null. Only a URL off the
 * depository's origin counts: the depository does not issue the broker's transaction ids.
 */
export function transactionIdFromUrl(url: string | null, depositoryOrigin: string): string | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.origin === depositoryOrigin) return null;
  for (const p of TXN_PARAMS) {
    const v = u.searchParams.get(p)?.trim();
    if (v && v.length <= MAX_ID) return v;
  }
  return null;
}

/** What the app knew before the request: the details list's ids, and when it asked. */
export interface LookupBaseline {
  /** Transaction ids listed before the index call; null when that read failed. */
  knownIds: ReadonlySet<string> | null;
  /** When the index call was made (epoch ms); used only when `knownIds` is null. */
  startedAt: number;
}

/**
 * How far before `startedAt` a record may be stamped and still count when there is no
 * baseline list (the broker's clock and ours differ a little; its stamp has whole seconds).
 */
export const ENTRY_TIME_SLACK_MS = 2 * 60_000;

/** The ids of a details list (for the baseline). */
export function listedIds(details: readonly EdisDetail[]): Set<string> {
  return new Set(details.map((d) => d.transactionId).filter((id) => id !== ''));
}

/**
 * The one transaction new since the baseline whose records hold exactly `items` (ISIN and
 * quantity), or null when none or several do.
 */
export function findListedTransaction(
  details: readonly EdisDetail[],
  items: readonly { isin: string; qty: number }[],
  baseline: LookupBaseline,
): string | null {
  const groups = new Map<string, EdisDetail[]>();
  for (const d of details) {
    if (!d.transactionId) continue;
    const g = groups.get(d.transactionId) ?? [];
    g.push(d);
    groups.set(d.transactionId, g);
  }
  const want = new Map(items.map((i) => [i.isin.toUpperCase(), i.qty]));
  const found: string[] = [];
  for (const [id, records] of groups) {
    if (baseline.knownIds) {
      if (baseline.knownIds.has(id)) continue;
    } else if (!records.every((r) => isRecent(r, baseline.startedAt))) continue;
    if (records.length !== want.size) continue;
    if (records.every((r) => want.get(r.isin.toUpperCase()) === r.qty)) found.push(id);
  }
  return found.length === 1 ? (found[0] ?? null) : null;
}

function isRecent(r: EdisDetail, startedAt: number): boolean {
  if (!r.enteredAt) return false;
  const t = Date.parse(r.enteredAt);
  return Number.isFinite(t) && t >= startedAt - ENTRY_TIME_SLACK_MS;
}
