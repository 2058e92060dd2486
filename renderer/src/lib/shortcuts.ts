import type { KeyAction } from '../../../shared/keymap/keymap';
import { keymap } from './keymap.svelte';
import { nav, type ViewId } from './nav.svelte';
import { notices } from './notices.svelte';
import { portfolio } from '../portfolio/portfolio.svelte';
import { risk } from '../risk/risk.svelte';
import { session } from '../session/session.svelte';
import { ticket } from '../orders/ticket.svelte';
import { Side, type SideCode } from '../../../shared/broker/enums';

/** Where the global shortcuts send focus and what they toggle, provided by the shell. */
export interface ShortcutTargets {
  focusSearch: () => void;
  toggleLegend: () => void;
}

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** After a keyboard switch of screen, puts focus in it: the current row if it has rows, else the screen. */
function focusView(): void {
  requestAnimationFrame(() => {
    const target =
      document.querySelector<HTMLElement>('main .view tr[tabindex="0"]') ??
      document.querySelector<HTMLElement>('main .view');
    target?.focus();
  });
}

/** A plain key (no Ctrl or Alt, not an F-key) is text while typing, not a shortcut. */
function isPlain(e: KeyboardEvent): boolean {
  return !e.ctrlKey && !e.metaKey && !e.altKey && !/^F\d+$/.test(e.key);
}

/** Opens the ticket from F1/F2 (or their remapped keys), or says why it cannot. */
export function openTicketFromKey(side: SideCode): void {
  if (session.can.placeOrders) ticket.openWith(side);
  else if (session.live) notices.push('warning', 'This app is not allowed to place orders.');
}

/**
 * The app-wide keys (legend: "?"), as the live key map says (lib/keymap.svelte.ts).
 * Installed once on window; a key handled inside a component (Esc in an open search list,
 * arrows or B/S on a table row) stops there first. Returns the uninstall function.
 */
export function installShortcuts(t: ShortcutTargets): () => void {
  const run: Record<KeyAction, (() => void) | null> = {
    search: t.focusSearch,
    buy: () => openTicketFromKey(Side.Buy),
    sell: () => openTicketFromKey(Side.Sell),
    'view.orders': () => go('orders'),
    'view.trades': () => go('trades'),
    'view.positions': () => go('positions'),
    'view.holdings': () => go('holdings'),
    'view.funds': () => go('funds'),
    'view.edis': () => go('edis'),
    'view.settings': () => go('settings'),
    'view.chain': () => go('chain'),
    'view.charts': () => go('charts'),
    'view.baskets': () => go('baskets'),
    'view.watch': () => go('watch'),
    'view.market': () => go('market'),
    'view.alerts': () => go('alerts'),
    'view.strategy': () => go('strategy'),
    'view.reports': () => go('reports'),
    'view.gtt': () => go('gtt'),
    refresh: () => void portfolio.refreshAll(),
    kill: () => {
      if (session.can.placeOrders) risk.ask();
    },
    legend: t.toggleLegend,
    'row.buy': null,
    'row.sell': null,
    'row.modify': null,
    'row.delete': null,
    'row.exit': null,
    'row.convert': null,
    'row.alert': null,
    'row.pause': null,
    'row.gtt': null,
    'row.legBuy': null,
    'row.legSell': null,
    'row.pick': null,
    'search.watch': null,
  };
  function go(view: ViewId): void {
    nav.go(view);
    focusView();
  }
  const onkey = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return;
    const inDialog = document.querySelector('dialog[open]') !== null;
    if (e.key === 'Escape' && !inDialog && ticket.open) {
      e.preventDefault();
      ticket.close();
      return;
    }
    const action = keymap.global(e);
    const handler = action ? run[action] : null;
    if (!action || !handler) return;
    // Text being typed is not a shortcut, and nothing behind an open dialog reacts.
    if (isPlain(e) && typing(e.target)) return;
    e.preventDefault();
    if (inDialog) return;
    handler();
  };
  window.addEventListener('keydown', onkey);
  return () => window.removeEventListener('keydown', onkey);
}
