import { backend } from './backend';
import { notices } from './notices.svelte';
import { emptyDraft } from '../orders/order-form';
import { ticket } from '../orders/ticket.svelte';

const KEEP_DELAY_MS = 200;

/**
 * Keeps the order ticket in the main process as the trader types, and takes it back when
 * the page starts: after a renderer crash the main process reloads the window, and the
 * ticket comes back exactly as typed (sessionStorage would die with the crashed renderer's
 * process; the main process does not). A fresh launch has nothing kept.
 */
export async function keepTicketAcrossReloads(): Promise<void> {
  const kept = await backend().drafts.ticket();
  if (kept.ok && kept.data) {
    ticket.draft = kept.data.draft;
    ticket.open = kept.data.open;
    ticket.schedulePrecheck();
    notices.push(
      'warning',
      'The window stopped unexpectedly and was reloaded; your order ticket is as you left it.',
      12_000,
    );
  }
  const pristine = JSON.stringify(emptyDraft());
  let timer: ReturnType<typeof setTimeout> | null = null;
  $effect.root(() => {
    $effect(() => {
      // Reading every field subscribes to every change of the ticket.
      const snapshot = $state.snapshot({ draft: ticket.draft, open: ticket.open });
      const worthKeeping = snapshot.open || JSON.stringify(snapshot.draft) !== pristine;
      if (timer) clearTimeout(timer);
      timer = setTimeout(
        () => void backend().drafts.keepTicket(worthKeeping ? snapshot : null),
        KEEP_DELAY_MS,
      );
    });
  });
  // A normal close or navigation is not a crash: the next page starts with an empty ticket.
  window.addEventListener('pagehide', () => void backend().drafts.pageClosed());
}
