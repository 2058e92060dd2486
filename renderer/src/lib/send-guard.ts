import type { Action } from 'svelte/action';

/**
 * Send once, in the screens: one act of the trader sends once. A control that sends (the
 * ticket's Place, the basket's Send, Modify, Exit, Exit all, Convert, Cancel) sits inside
 * an element with `use:sendGuard`, which drops, before any handler sees them:
 * - the second click of a double click (`detail` above 1): one press of the button counts;
 * - keys the keyboard repeats while held (`repeat`): Enter, and Space or Delete outside a
 *   text field (there they edit the text).
 * Each control also ignores a send while its last one is still on its way, and the core
 * refuses a second action on the same order, position or send id (send-once.ts in the
 * core): what two windows send at once goes out once.
 */
export const sendGuard: Action<HTMLElement> = (node) => {
  const onclick = (e: MouseEvent) => {
    if (e.detail > 1) drop(e);
  };
  const onkeydown = (e: KeyboardEvent) => {
    if (!e.repeat) return;
    if (e.key === 'Enter' || ((e.key === ' ' || e.key === 'Delete') && !isTextField(e.target)))
      drop(e);
  };
  node.addEventListener('click', onclick, true);
  node.addEventListener('keydown', onkeydown, true);
  return {
    destroy() {
      node.removeEventListener('click', onclick, true);
      node.removeEventListener('keydown', onkeydown, true);
    },
  };
};

function drop(e: Event): void {
  e.preventDefault();
  e.stopImmediatePropagation();
}

function isTextField(t: EventTarget | null): boolean {
  return (
    t instanceof HTMLTextAreaElement ||
    (t instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(t.type))
  );
}

/** A new id for one send act (a ticket's Place, a basket's Send or Send again): see SendId. */
export function newSendId(): string {
  return crypto.randomUUID();
}

/**
 * After a dialog is answered with a click, the rest of a double click (its second click,
 * `detail` above 1, within the system's double-click time) lands on whatever was under the
 * dialog's button: a basket's Clear, a row's Cancel. It is dropped before any handler sees
 * it, so a double click on an answer never acts on the screen behind.
 */
export function swallowRestOfDoubleClick(windowMs = 600): void {
  const until = Date.now() + windowMs;
  const drop = (e: MouseEvent) => {
    if (Date.now() > until) return window.removeEventListener('click', drop, true);
    if (e.detail > 1) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  };
  window.addEventListener('click', drop, true);
  setTimeout(() => window.removeEventListener('click', drop, true), windowMs);
}
