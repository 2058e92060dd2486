import { backend } from './backend';
import { keymap } from './keymap.svelte';
import { notices } from './notices.svelte';
import { session } from './session.svelte';
import { ticket } from './ticket.svelte';
import { Side, type SideCode } from '../../../shared/broker/enums';

/** Opens the ticket on a row's instrument (holdings, positions), as B / S do. */
export async function tradeRow(side: SideCode, ticker: string): Promise<void> {
  if (!session.can.placeOrders) {
    notices.push('warning', 'This app is not allowed to place orders.');
    return;
  }
  const r = await backend().symbols.get({ ticker });
  if (r.ok && r.data) ticket.openWith(side, r.data);
  else notices.push('warning', `${ticker} is not in the symbol list yet: pick it from the search.`);
}

/** Handles the row keys (B / S, or as remapped) on a focused row; true when it did. */
export function rowTradeKey(e: KeyboardEvent, ticker: string): boolean {
  const action = keymap.row(e);
  if (action !== 'row.buy' && action !== 'row.sell') return false;
  e.preventDefault();
  void tradeRow(action === 'row.buy' ? Side.Buy : Side.Sell, ticker);
  return true;
}
