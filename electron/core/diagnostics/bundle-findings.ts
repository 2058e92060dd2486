/**
 * What a support person needs first, worked out from the logs and the journal: the recent
 * errors (each with its broker code, meaning and fix), the order actions still unconfirmed,
 * and the request budget's statistics.
 *
 * Pure functions over redacted lines, so the summary, errors.json and the tests agree.
 */
import type { JournalEntry } from '../orders/journal/order-journal';
import { unsettledActions } from '../orders/journal/journal-recovery';
import { guideFor } from './broker-code-guide';

/** One error as the summary lists it. */
export interface Finding {
  at: string;
  /** `request` (the broker answered badly), `order` (the journal), or `log` (the app said so). */
  source: 'request' | 'order' | 'log';
  /** What happened, in a few words: `POST /api/v2/orders → 500`, the log message. */
  what: string;
  code: number | string | null;
  meaning: string | null;
  fix: string | null;
  intentIds: string[];
}

/** An order action whose outcome the journal never recorded. */
export interface OpenAction {
  intentId: string;
  action: string;
  summary: string;
  createdAt: string;
  sent: boolean;
  lastStep: string;
}

/** Request counts for the budget part of the bundle. */
export interface BudgetStats {
  requests: number;
  failed: number;
  rateLimited: number;
  byStatus: Record<string, number>;
  busiestMinute: { minute: string; requests: number } | null;
  slowestMs: number | null;
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null ? (v as Rec) : {});
const parse = (line: string): Rec | null => {
  try {
    return rec(JSON.parse(line));
  } catch {
    return null;
  }
};
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The broker code a log record carries, wherever the logging code put it. */
function codeInRecord(r: Rec): number | null {
  for (const v of [r.code, rec(r.err).code, rec(r.error).code, r.brokerCode])
    if (typeof v === 'number' && v !== 0) return v;
  return null;
}

function finding(
  at: string,
  source: Finding['source'],
  what: string,
  code: number | null,
  kind: string | null,
  intentIds: string[],
): Finding {
  const g = guideFor(code, kind);
  return {
    at,
    source,
    what,
    code: code ?? (g ? g.code : kind),
    meaning: g?.meaning ?? null,
    fix: g?.fix ?? null,
    intentIds,
  };
}

/** The most recent errors of all three sources, newest last, at most `limit`. */
export function recentErrors(
  input: { logLines: string[]; requestLines: string[]; journal: readonly JournalEntry[] },
  limit = 25,
): Finding[] {
  const out: Finding[] = [];
  for (const line of input.requestLines) {
    const r = parse(line);
    if (!r) continue;
    const status = numOrNull(r.status);
    const code = numOrNull(r.code);
    const failure = str(r.failure);
    if (!failure && (status === null || status < 400) && !(code !== null && code < 0)) continue;
    const ids = Array.isArray(r.intentIds) ? r.intentIds.filter((x) => typeof x === 'string') : [];
    out.push(
      finding(
        str(r.ts) ?? '',
        'request',
        `${str(r.method) ?? '?'} ${str(r.path) ?? '?'} → ${status ?? failure ?? 'no answer'}`,
        code !== null && code < 0 ? code : null,
        failure,
        ids,
      ),
    );
  }
  for (const e of input.journal) {
    if (e.step !== 'outcome' && e.step !== 'unconfirmed') continue;
    const d = rec(e.data);
    const err = rec(d.error);
    if (!d.error) continue;
    const code = numOrNull(err.code);
    out.push(
      finding(
        e.at,
        'order',
        `${e.action} ${e.step === 'unconfirmed' ? 'unconfirmed' : String(d.status ?? 'failed')}`,
        code !== null && code !== 0 ? code : null,
        str(err.kind),
        [e.intentId],
      ),
    );
  }
  for (const line of input.logLines) {
    const r = parse(line);
    // Errors, and warnings that carry a broker code (a refused login, say).
    if (!r || !(r.level === 'error' || (r.level === 'warn' && (codeInRecord(r) ?? 0) < 0)))
      continue;
    const scope = str(r.scope);
    out.push(
      finding(
        str(r.ts) ?? '',
        'log',
        `${scope ? `${scope}: ` : ''}${str(r.msg) ?? ''}`,
        codeInRecord(r),
        null,
        [],
      ),
    );
  }
  out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return out.slice(-limit);
}

/** Order actions the journal shows as still open (sent or about to be, outcome unknown). */
export function openActions(journal: readonly JournalEntry[]): OpenAction[] {
  const lastStep = new Map<string, string>();
  for (const e of journal) lastStep.set(e.intentId, e.step);
  return unsettledActions(journal).map((a) => ({
    intentId: a.intentId,
    action: a.action,
    summary: a.summary,
    createdAt: a.createdAt,
    sent: a.sentAt !== null,
    lastStep: lastStep.get(a.intentId) ?? 'intent',
  }));
}

/** Counts over the request log: how busy, how many failed, any 429s, the busiest minute. */
export function budgetStats(requestLines: string[]): BudgetStats {
  const stats: BudgetStats = {
    requests: 0,
    failed: 0,
    rateLimited: 0,
    byStatus: {},
    busiestMinute: null,
    slowestMs: null,
  };
  const perMinute = new Map<string, number>();
  for (const line of requestLines) {
    const r = parse(line);
    if (!r) continue;
    stats.requests++;
    const status = numOrNull(r.status);
    const key = status === null ? String(r.failure ?? 'none') : String(status);
    stats.byStatus[key] = (stats.byStatus[key] ?? 0) + 1;
    if (r.failure || (status ?? 0) >= 400) stats.failed++;
    if (status === 429) stats.rateLimited++;
    const ms = numOrNull(r.ms);
    if (ms !== null) stats.slowestMs = Math.max(stats.slowestMs ?? 0, ms);
    const minute = (str(r.ts) ?? '').slice(0, 16);
    perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
  }
  for (const [minute, requests] of perMinute)
    if (!stats.busiestMinute || requests > stats.busiestMinute.requests)
      stats.busiestMinute = { minute, requests };
  return stats;
}
