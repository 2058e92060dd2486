import type { IpcError } from '../../../shared/ipc/errors';
import { MAX_WATCHLISTS, Watchlists, type Watchlist } from '../../../shared/settings/watchlists';
import { backend } from '../lib/backend';

/**
 * The market-watch lists as the screen edits them. Every change (create, rename, delete,
 * add, reorder, remove) is checked here against the same schema the main process uses, so
 * a refusal is immediate and worded the same; then it shows at once and is saved in order.
 * A save the main process refuses puts back what it last stored and says why.
 */
class WatchlistStore {
  lists = $state<Watchlist[]>([]);
  activeId = $state<string | null>(null);
  loaded = $state(false);
  loadError = $state<IpcError | null>(null);
  #saved: Watchlist[] = [];
  #queue: Promise<unknown> = Promise.resolve();
  #version = 0;
  /** Why the last save was refused (shown above the list until the next change). */
  saveError = $state<IpcError | null>(null);

  /** The list on screen (the first when none was chosen or it was deleted). */
  get active(): Watchlist | null {
    return this.lists.find((l) => l.id === this.activeId) ?? this.lists[0] ?? null;
  }

  async load(): Promise<void> {
    const r = await backend().watchlists.get();
    if (!r.ok) {
      this.loadError = r.error;
      return;
    }
    this.loadError = null;
    this.#saved = r.data;
    this.lists = r.data;
    this.loaded = true;
  }

  select(id: string): void {
    this.activeId = id;
  }

  /** A new empty list after the others; becomes the active one. */
  create(name: string): string | null {
    if (this.lists.length >= MAX_WATCHLISTS)
      return `At most ${MAX_WATCHLISTS} watch lists: delete one first.`;
    const id = `watch-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const problem = this.#apply([...this.lists, { id, name: name.trim(), symbols: [] }]);
    if (!problem) this.activeId = id;
    return problem;
  }

  rename(id: string, name: string): string | null {
    return this.#apply(this.lists.map((l) => (l.id === id ? { ...l, name: name.trim() } : l)));
  }

  remove(id: string): string | null {
    const at = this.lists.findIndex((l) => l.id === id);
    const problem = this.#apply(this.lists.filter((l) => l.id !== id));
    if (!problem) this.activeId = (this.lists[Math.max(0, at - 1)] ?? this.lists[0])?.id ?? null;
    return problem;
  }

  /** Adds a ticker to the end of the active list. */
  add(ticker: string): string | null {
    const list = this.active;
    if (!list) return 'There is no watch list to add to.';
    if (list.symbols.includes(ticker)) return `${ticker} is already in ${list.name}.`;
    return this.#edit(list.id, [...list.symbols, ticker]);
  }

  /** Removes the symbol at `index` of the active list. */
  removeAt(index: number): string | null {
    const list = this.active;
    if (!list || index < 0 || index >= list.symbols.length) return null;
    return this.#edit(
      list.id,
      list.symbols.filter((_, i) => i !== index),
    );
  }

  /** Moves the symbol at `index` one place up (-1) or down (1); false at either end. */
  move(index: number, dir: 1 | -1): boolean {
    const list = this.active;
    const to = index + dir;
    if (!list || to < 0 || to >= list.symbols.length) return false;
    const symbols = [...list.symbols];
    [symbols[index], symbols[to]] = [symbols[to]!, symbols[index]!];
    return this.#edit(list.id, symbols) === null;
  }

  #edit(id: string, symbols: string[]): string | null {
    return this.#apply(this.lists.map((l) => (l.id === id ? { ...l, symbols } : l)));
  }

  /** Checks, shows and queues the save of `next`; the refusal's words, or null. */
  #apply(next: Watchlist[]): string | null {
    const check = Watchlists.safeParse(next);
    if (!check.success) return check.error.issues[0]?.message ?? 'Not a valid watch list.';
    const lists = check.data;
    const version = ++this.#version;
    this.lists = lists;
    this.saveError = null;
    const save = async (): Promise<void> => {
      const r = await backend().watchlists.save({ lists });
      if (r.ok) {
        this.#saved = r.data;
        return;
      }
      // Put back what is stored, unless a later change is already on screen.
      if (version === this.#version) this.lists = this.#saved;
      this.saveError = r.error;
    };
    this.#queue = this.#queue.then(save, save);
    return null;
  }

  /** Resolves once every change made so far is saved (or refused). */
  settled(): Promise<unknown> {
    return this.#queue;
  }
}

/** The app's one set of watch lists. */
export const watchlists = new WatchlistStore();
