/**
 * How an ambiguous GTT action is settled (the no-duplicate promise, issue 21 #1): the GTT
 * book is read again and again over the settling period (ambiguity-resolver.ts), and the
 * action counts as done only when the book shows it, as not done only after the whole
 * period found nothing. Each check here is one read of the book, in those terms.
 */
import {
  draftLegs,
  sameGtt,
  type Gtt,
  type GttActionKind,
  type GttDraft,
} from '../../../shared/broker/gtt';
import type { CheckResult } from '../orders/reconcile/ambiguity-resolver';

/** Journal data of an action's intent: enough to reconcile it after a restart. */
export interface IntentData {
  kind: GttActionKind;
  gttId: string | null;
  draft: GttDraft | null;
  /** Create: the GTT ids the book held before it was sent (what "new" means). */
  before: string[];
  summary: string;
}

/**
 * The key an action is refused again by while it is sending or unconfirmed: a create by its
 * draft, a modify or cancel by its GTT (the no-duplicate promise).
 */
export function keyOf(d: IntentData): string {
  return d.kind === 'create' ? `create:${JSON.stringify(d.draft)}` : `gtt:${d.gttId}`;
}

/** The book read that settles this action (one of the checks below). */
export function checkFor(d: IntentData): (book: Gtt[]) => CheckResult {
  return (b) =>
    d.kind === 'create'
      ? createCheck(d.draft!, new Set(d.before), b)
      : d.kind === 'modify'
        ? modifyCheck(d.gttId!, d.draft!, b)
        : cancelCheck(d.gttId!, b);
}

/** A create happened when the book has a GTT like it that was not there before it was sent. */
export function createCheck(
  d: GttDraft,
  before: ReadonlySet<string>,
  book: readonly Gtt[],
): CheckResult {
  const mine = book.find((g) => !before.has(g.id) && sameGtt(d, g));
  return mine
    ? { kind: 'done', orderId: mine.id, note: `The GTT book shows it: GTT ${mine.id}.` }
    : { kind: 'unknown', note: 'The GTT book does not show it (yet).' };
}

/** A modify happened when the GTT's legs are the draft's; it cannot once the GTT is no longer active. */
export function modifyCheck(id: string, d: GttDraft, book: readonly Gtt[]): CheckResult {
  const g = book.find((x) => x.id === id);
  if (!g) return { kind: 'unknown', note: `GTT ${id} is not in the GTT book.` };
  const { leg1, leg2 } = draftLegs(d);
  const eq = (a: typeof leg1, b: typeof leg1 | null) =>
    !!b && a.qty === b.qty && a.triggerPrice === b.triggerPrice && a.limitPrice === b.limitPrice;
  if (eq(leg1, g.leg1) && (leg2 === null || eq(leg2, g.leg2)))
    return { kind: 'done', orderId: id, note: `GTT ${id} shows the new prices.` };
  if (g.status !== 'active' && g.status !== 'transit')
    return { kind: 'not-done', note: `GTT ${id} is ${g.status}: it could not be changed.` };
  return { kind: 'unknown', note: `GTT ${id} still shows the old prices.` };
}

/** A cancel happened when the GTT reads cancelled; one that triggered or expired first was not cancelled. */
export function cancelCheck(id: string, book: readonly Gtt[]): CheckResult {
  const g = book.find((x) => x.id === id);
  if (!g) return { kind: 'unknown', note: `GTT ${id} is not in the GTT book.` };
  if (g.status === 'cancelled')
    return { kind: 'done', orderId: id, note: `GTT ${id} is cancelled.` };
  if (g.status === 'triggered' || g.status === 'expired' || g.status === 'rejected')
    return { kind: 'not-done', note: `GTT ${id} ${g.status} before the cancel.` };
  return { kind: 'unknown', note: `GTT ${id} is still ${g.status}.` };
}
