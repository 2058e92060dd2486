import { backend } from '../lib/backend';
import { keymap } from '../lib/keymap.svelte';
import { notices } from '../lib/notices.svelte';
import { session } from '../session/session.svelte';
import { ticket, type TicketOrigin } from './ticket.svelte';
import { Side, type SideCode } from '../../../shared/broker/enums';

/**
 * Opens the ticket on a row's instrument (holdings, positions, watch, chain), as B / S do;
 * a holding's row passes its sellable quantity, so S there sells what is held (CNC).
 */
export async function tradeRow(
  side: SideCode,
  ticker: string,
  origin: TicketOrigin = {},
): Promise<void> {
  if (!session.can.placeOrders) {
    notices.push('warning', 'This app is not allowed to place orders.');
    return;
  }
  const r = await backend().symbols.get({ ticker });
  if (r.ok && r.data) ticket.openWith(side, r.data, origin);
  else notices.push('warning', `${ticker} is not in the symbol list yet: pick it from the search.`);
}

/** Handles the row keys (B / S, or as remapped) on a focused row; true when it did. */
export function rowTradeKey(e: KeyboardEvent, ticker: string, origin: TicketOrigin = {}): boolean {
  const action = keymap.row(e);
  if (action !== 'row.buy' && action !== 'row.sell') return false;
  e.preventDefault();
  void tradeRow(action === 'row.buy' ? Side.Buy : Side.Sell, ticker, origin);
  return true;
}
