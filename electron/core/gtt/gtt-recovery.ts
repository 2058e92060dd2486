/**
 * The GTT actions a previous run left open (issue 21 #1): those the journal shows requested
 * but without an outcome (Tickdesk quit while one was on its way or unconfirmed). Each comes
 * back unconfirmed and is settled from the GTT book like any ambiguous answer, never sent
 * again (gtt-sender.ts `resume`).
 */
import type { GttAction } from '../../../shared/broker/gtt';
import type { JournalEntry } from '../orders/journal/order-journal';
import type { IntentData } from './gtt-reconcile';

/** One action to settle again: its state as the screen shows it, and its intent. */
export interface OpenGttAction {
  action: GttAction;
  intent: IntentData;
}

/**
 * The open actions in `entries` (the GTT journal), skipping those this run already knows;
 * `now` dates an entry whose time cannot be read.
 */
export function openGttActions(
  entries: readonly JournalEntry[],
  known: (actionId: string) => boolean,
  now: number,
): OpenGttAction[] {
  const byId = new Map<
    string,
    { intent?: IntentData; at: string; requested: boolean; settled: boolean }
  >();
  for (const e of entries) {
    const cur = byId.get(e.intentId) ?? { at: e.at, requested: false, settled: false };
    if (e.step === 'intent') cur.intent = e.data as IntentData;
    if (e.step === 'request') cur.requested = true;
    if (e.step === 'outcome') cur.settled = true;
    byId.set(e.intentId, cur);
  }
  const out: OpenGttAction[] = [];
  for (const [actionId, x] of byId) {
    if (!x.intent || !x.requested || x.settled || known(actionId)) continue;
    out.push({
      intent: x.intent,
      action: {
        actionId,
        kind: x.intent.kind,
        gttId: x.intent.gttId,
        status: 'unconfirmed',
        summary: x.intent.summary,
        note: 'Tickdesk closed before this was known: reading the GTT book to find out.',
        checks: [],
        at: Date.parse(x.at) || now,
      },
    });
  }
  return out;
}
