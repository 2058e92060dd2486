import { tick } from 'svelte';

/**
 * The keyboard cursor of a list screen's table (GTT orders, price alerts): one row is the Tab
 * stop, ↑↓ move it (Home and End to the ends) and moving focuses the row, found by its
 * `data-testid` and `data-index`. Kept once so every list moves alike; each screen keeps its
 * own action keys (modify, pause, delete) after `move` has passed on a key it does not take.
 */
export class RowCursor {
  /** The row that takes Tab (and the keys). */
  index = $state(0);
  readonly #rowTestId: string;
  readonly #count: () => number;

  /** `rowTestId` names the rows (`data-testid`); `count` is how many are drawn now. */
  constructor(rowTestId: string, count: () => number) {
    this.#rowTestId = rowTestId;
    this.#count = count;
  }

  /** The row's tabindex: only the cursor's row is a Tab stop. */
  tabIndex(i: number): 0 | -1 {
    return i === this.index ? 0 : -1;
  }

  /** Puts the cursor on row `i` (kept inside the list) and focuses it once it is drawn. */
  async focus(i: number): Promise<void> {
    this.index = Math.max(0, Math.min(this.#count() - 1, i));
    await tick();
    document
      .querySelector<HTMLElement>(`[data-testid="${this.#rowTestId}"][data-index="${this.index}"]`)
      ?.focus();
  }

  /** Handles a movement key on row `i` (↑ ↓ Home End); true when it took the key. */
  move(e: KeyboardEvent, i: number): boolean {
    const to =
      e.key === 'ArrowDown'
        ? i + 1
        : e.key === 'ArrowUp'
          ? i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? this.#count() - 1
              : null;
    if (to === null) return false;
    e.preventDefault();
    void this.focus(to);
    return true;
  }
}
