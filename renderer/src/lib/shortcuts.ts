import { nav, VIEWS } from './nav.svelte';
import { notices } from './notices.svelte';
import { portfolio } from './portfolio.svelte';
import { session } from './session.svelte';
import { ticket } from './ticket.svelte';

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

/**
 * The app-wide keys (legend: "?"). Installed once on window; a key handled inside a
 * component (Esc in an open search list, arrows in the order book) stops there first.
 * Returns the uninstall function.
 */
export function installShortcuts(t: ShortcutTargets): () => void {
  const onkey = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return;
    const inDialog = document.querySelector('dialog[open]') !== null;
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      if (!inDialog) t.focusSearch();
      return;
    }
    if (e.key === 'F1' || e.key === 'F2') {
      e.preventDefault();
      if (inDialog) return;
      if (session.can.placeOrders) ticket.openWith(e.key === 'F1' ? 1 : -1);
      else if (session.live) notices.push('warning', 'This app is not allowed to place orders.');
      return;
    }
    if (e.altKey && !e.ctrlKey && !e.metaKey) {
      const view = VIEWS.find((v) => v.key === e.key || e.code === `Digit${v.key}`);
      if (view) {
        e.preventDefault();
        nav.go(view.id);
        focusView();
        return;
      }
      if (e.code === 'KeyR') {
        e.preventDefault();
        void portfolio.refreshAll();
        return;
      }
    }
    if (e.key === 'Escape' && !inDialog && ticket.open) {
      e.preventDefault();
      ticket.close();
      return;
    }
    if (typing(e.target) || inDialog) return;
    if (e.key === '/') {
      e.preventDefault();
      t.focusSearch();
    } else if (e.key === '?') {
      e.preventDefault();
      t.toggleLegend();
    }
  };
  window.addEventListener('keydown', onkey);
  return () => window.removeEventListener('keydown', onkey);
}
