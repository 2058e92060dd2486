import type { SubscriptionReason } from '../../../shared/marketdata/subscription';
import { quotes } from './quotes.svelte';

/**
 * Keeps a list screen's rows priced while it is shown (GTT orders, price alerts): the rows'
 * distinct symbols held under `owner` as they change, released when the screen goes. Call it
 * while a component is set up (it registers the component's effects).
 */
export function holdRowPrices(
  owner: string,
  reason: SubscriptionReason,
  symbols: () => readonly string[],
): void {
  $effect(() => {
    // Each symbol once (a list holds at most a few hundred rows).
    const distinct = symbols().filter((s, i, all) => all.indexOf(s) === i);
    void quotes.hold(owner, reason, distinct);
  });
  $effect(() => () => void quotes.hold(owner, reason, []));
}
