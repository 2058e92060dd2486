import type { OrderIntent } from '../../../shared/broker/models';
import type { IpcError, IpcResult } from '../../../shared/ipc/errors';
import { isSendRefusal } from '../../../shared/orders/send-once';
import { INTENT_TEXT } from '../orders/intents.svelte';
import { intents } from '../orders/intents.svelte';
import { notices } from './notices.svelte';
import { portfolio } from '../portfolio/portfolio.svelte';

/**
 * Runs one order or position action from a book (cancel, modify, exit, convert): tracks
 * the intent, tells the trader what happened in words, refreshes the books. Returns the
 * error so the caller can keep its dialog open with the trader's values.
 */
export async function runAction(
  what: string,
  call: () => Promise<IpcResult<OrderIntent | OrderIntent[]>>,
): Promise<IpcError | null> {
  const r = await call();
  if (!r.ok) {
    // A send-once refusal (another window, a double click) sent nothing: a warning, not a failure.
    notices.push(isSendRefusal(r.error.kind) ? 'warning' : 'error', `${what}: ${r.error.message}`);
    return r.error;
  }
  const list = Array.isArray(r.data) ? r.data : [r.data];
  for (const i of list) intents.track(i);
  const bad = list.filter((i) => i.status === 'failed' || i.status === 'blocked');
  const unconfirmed = list.filter((i) => i.status === 'unconfirmed');
  if (bad.length) {
    const first = bad[0]!;
    const broker = first.error?.brokerMessage;
    const reason =
      (first.error
        ? `${first.error.explanation}${broker && broker !== first.error.explanation ? ` (${broker})` : ''}`
        : '') ||
      first.violations[0]?.message ||
      INTENT_TEXT[first.status];
    notices.push('error', `${what}: ${bad.length > 1 ? `${bad.length} failed; ` : ''}${reason}`);
  } else if (unconfirmed.length) {
    notices.push('warning', `${what}: ${INTENT_TEXT.unconfirmed}`, 10_000);
  } else {
    notices.push('success', `${what}: done`);
  }
  void portfolio.afterAction();
  return null;
}

/** Splits ids into the broker's batches of at most 10 (multi cancel / modify limit). */
export function batchesOf<T>(items: T[], size = 10): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
