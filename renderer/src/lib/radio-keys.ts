/**
 * The keyboard of a radio group drawn as buttons (WAI-ARIA radio group): the group is one
 * Tab stop (the checked radio has tabindex 0, the others -1) and the arrow keys move the
 * choice, wrapping at the ends, focusing the radio they pick. Issue 17 #12: the ticket's
 * order type was four Tab stops and ignored the arrows.
 */

/** The tabindex of a radio: only the checked one takes Tab. */
export function radioTabIndex(checked: boolean): 0 | -1 {
  return checked ? 0 : -1;
}

/**
 * Handles an arrow key on the radio at `index` of `count`: picks the next (→ ↓) or the
 * previous (← ↑) one through `pick` and moves the focus to it. Other keys pass through.
 */
export function radioKeydown(
  e: KeyboardEvent,
  index: number,
  count: number,
  pick: (next: number) => void,
): void {
  const step =
    e.key === 'ArrowRight' || e.key === 'ArrowDown'
      ? 1
      : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
        ? -1
        : 0;
  if (step === 0 || count === 0 || e.altKey || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  const next = (index + step + count) % count;
  pick(next);
  const group = (e.currentTarget as HTMLElement | null)?.closest('[role="radiogroup"]');
  group?.querySelectorAll<HTMLElement>('[role="radio"]')[next]?.focus();
}
