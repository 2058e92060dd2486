/**
 * The app's keyboard map, in one place: every action a key can do, its default keys (the
 * app's own plus the NEST/ODIN terminal keys traders bring from other desks: F3 order book,
 * F8 trade book, Alt+F6 positions), the trader's remapping as stored in settings, and the
 * conflict check both the settings screen and the settings schema use. Shared so that the
 * main process refuses a conflicting map that the renderer would refuse too.
 */
import { z } from 'zod';

/** Where a key works: anywhere, on a focused table row, or in the symbol search's matches. */
export type KeyScope = 'global' | 'row' | 'search';

/** Every action that has keys, with what the cheat sheet calls it and where it works. */
export const KEY_ACTIONS = {
  search: { label: 'Search symbols', scope: 'global', defaults: ['Ctrl+K', '/'] },
  buy: { label: 'Buy ticket', scope: 'global', defaults: ['F1'] },
  sell: { label: 'Sell ticket', scope: 'global', defaults: ['F2'] },
  'view.orders': { label: 'Order book', scope: 'global', defaults: ['Alt+1', 'F3'] },
  'view.trades': { label: 'Trade book', scope: 'global', defaults: ['Alt+2', 'F8'] },
  'view.positions': { label: 'Positions', scope: 'global', defaults: ['Alt+3', 'Alt+F6'] },
  'view.holdings': { label: 'Holdings', scope: 'global', defaults: ['Alt+4'] },
  'view.funds': { label: 'Funds', scope: 'global', defaults: ['Alt+5'] },
  'view.edis': { label: 'eDIS', scope: 'global', defaults: ['Alt+6'] },
  'view.settings': { label: 'Settings', scope: 'global', defaults: ['Alt+7'] },
  'view.chain': { label: 'Option chain', scope: 'global', defaults: ['Alt+9'] },
  'view.charts': { label: 'Charts', scope: 'global', defaults: ['Alt+0'] },
  'view.baskets': { label: 'Baskets', scope: 'global', defaults: ['Alt+B'] },
  'view.watch': { label: 'Market watch', scope: 'global', defaults: ['Alt+8', 'F4'] },
  'view.market': { label: 'Market status and profile', scope: 'global', defaults: ['Alt+M'] },
  'view.alerts': { label: 'Price alerts', scope: 'global', defaults: ['Alt+A'] },
  'view.strategy': { label: 'Strategy payoff', scope: 'global', defaults: ['Alt+P'] },
  'view.reports': { label: 'Reports of earlier days', scope: 'global', defaults: ['Alt+H'] },
  'view.gtt': { label: 'GTT orders', scope: 'global', defaults: ['Alt+G'] },
  refresh: { label: 'Refresh account data', scope: 'global', defaults: ['Alt+R'] },
  kill: {
    label: 'Kill switch: stop trading for today (asks you to type STOP)',
    scope: 'global',
    defaults: ['Ctrl+Shift+K'],
  },
  legend: { label: 'This list', scope: 'global', defaults: ['?'] },
  'row.buy': { label: 'Buy the selected row', scope: 'row', defaults: ['B'] },
  'row.sell': { label: 'Sell the selected row', scope: 'row', defaults: ['S'] },
  'row.modify': { label: 'Modify the selected order', scope: 'row', defaults: ['M'] },
  'row.delete': {
    label: 'Cancel the selected order, or remove the watch symbol',
    scope: 'row',
    defaults: ['Delete'],
  },
  'row.exit': { label: 'Exit the selected position', scope: 'row', defaults: ['X'] },
  'row.convert': {
    label: 'Convert the selected position’s product',
    scope: 'row',
    defaults: ['C'],
  },
  'row.alert': {
    label: 'Set a price alert on the selected row',
    scope: 'row',
    defaults: ['A'],
  },
  'row.pause': { label: 'Pause or resume the selected price alert', scope: 'row', defaults: ['P'] },
  'row.gtt': {
    label: 'Set a stop and target (GTT) on the selected holding or position',
    scope: 'row',
    defaults: ['G'],
  },
  'row.legBuy': {
    label: 'Add the selected option to the strategy payoff, bought',
    scope: 'row',
    defaults: ['L'],
  },
  'row.legSell': {
    label: 'Add the selected option to the strategy payoff, sold',
    scope: 'row',
    defaults: ['Shift+L'],
  },
  'row.pick': {
    label: 'Pick the selected position for the payoff (or drop it)',
    scope: 'row',
    defaults: ['Space'],
  },
  'search.watch': {
    label: 'Add the highlighted search match to the watch list',
    scope: 'search',
    defaults: ['Insert', 'Alt+W'],
  },
} as const satisfies Record<
  string,
  { label: string; scope: KeyScope; defaults: readonly string[] }
>;

/** One remappable action. */
export type KeyAction = keyof typeof KEY_ACTIONS;
/** All action ids, in cheat-sheet order. */
export const KEY_ACTION_IDS = Object.keys(KEY_ACTIONS) as KeyAction[];

const NAMED = /^(F([1-9]|1[0-2])|Enter|Escape|Delete|Insert|Home|End|PageUp|PageDown|Space)$/;
/** A chord as written in settings: modifiers in the order Ctrl, Alt, Shift, then one key. */
export const KEY_CHORD =
  /^(Ctrl\+)?(Alt\+)?(Shift\+)?([A-Z0-9]|[/?\\.,;'[\]=`-]|F([1-9]|1[0-2])|Enter|Escape|Delete|Insert|Home|End|PageUp|PageDown|Space)$/;

/** The trader's changes: only the actions they remapped, each with up to three chords. */
export const Keymap = z
  .partialRecord(
    z.enum(KEY_ACTION_IDS as [KeyAction, ...KeyAction[]]),
    z.array(z.string().regex(KEY_CHORD, 'a key like F3, Alt+F6, Ctrl+K or B')).max(3),
  )
  .superRefine((map, ctx) => {
    for (const c of keymapConflicts(map))
      ctx.addIssue({
        code: 'custom',
        path: [c.actions[1]!],
        message: `${c.chord} is already ${KEY_ACTIONS[c.actions[0]!].label}`,
      });
  });
/** Stored overrides; actions not in it keep their defaults. */
export type Keymap = z.infer<typeof Keymap>;

/** Every action's keys: the override where there is one, else the defaults. */
export function resolveKeymap(overrides: Keymap = {}): Record<KeyAction, readonly string[]> {
  const out = {} as Record<KeyAction, readonly string[]>;
  for (const id of KEY_ACTION_IDS) out[id] = overrides[id] ?? KEY_ACTIONS[id].defaults;
  return out;
}

/** One key bound to more than one action. */
export interface KeyConflict {
  chord: string;
  actions: KeyAction[];
}

/**
 * Keys that two actions claim. Row keys (B, S) only act on a focused table row and search
 * keys in the search box, but global keys act there too, so every pair is a conflict.
 */
export function keymapConflicts(overrides: Keymap = {}): KeyConflict[] {
  const map = resolveKeymap(overrides);
  const owners = new Map<string, KeyAction[]>();
  for (const id of KEY_ACTION_IDS)
    for (const chord of new Set(map[id])) owners.set(chord, [...(owners.get(chord) ?? []), id]);
  return [...owners]
    .filter(([, actions]) => actions.length > 1)
    .map(([chord, actions]) => ({ chord, actions }));
}

/**
 * A stored map made before a new default key existed may now share that key with one the
 * trader chose (their "X" for sell, then "X" became exit's default). The trader's choice
 * wins: the action whose default collides loses that key (an override of its defaults
 * without it) instead of the whole settings document being refused at load. Conflicts
 * between two of the trader's own choices are left for the schema to refuse. Answers the
 * repaired overrides and the actions that lost a key.
 */
export function yieldDefaultsToOverrides(overrides: Record<string, unknown>): {
  keymap: Record<string, unknown>;
  unbound: KeyAction[];
} {
  const parsed = z.record(z.string(), z.array(z.string())).safeParse(overrides);
  if (!parsed.success) return { keymap: overrides, unbound: [] };
  const stored = parsed.data as Keymap;
  const map = resolveKeymap(stored);
  const next: Record<string, unknown> = { ...overrides };
  const unbound: KeyAction[] = [];
  for (const c of keymapConflicts(stored)) {
    const chosen = c.actions.filter((a) => stored[a]?.includes(c.chord));
    if (chosen.length !== 1) continue;
    for (const a of c.actions) {
      if (stored[a] !== undefined) continue;
      next[a] = ((next[a] as string[] | undefined) ?? map[a]).filter((k) => k !== c.chord);
      unbound.push(a);
    }
  }
  return { keymap: next, unbound };
}

/** The parts of a keyboard event a chord is made of. */
export interface KeyLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

/**
 * The chord a key press makes, in the settings' spelling. Letters and digits come from the
 * physical key (Alt+R types "®" on a Mac); symbols from the character, whose Shift is
 * already in it ("?" is Shift+/). Cmd counts as Ctrl, as macOS users expect.
 */
export function chordOf(e: KeyLike): string | null {
  let base: string;
  let symbol = false;
  if (/^Key[A-Z]$/.test(e.code)) base = e.code.slice(3);
  else if (/^Digit[0-9]$/.test(e.code)) base = e.code.slice(5);
  else if (NAMED.test(e.key)) base = e.key;
  else if (e.key === ' ') base = 'Space';
  else if (e.key.length === 1) {
    base = e.key.toUpperCase();
    symbol = true;
  } else return null;
  const mods = [
    e.ctrlKey || e.metaKey ? 'Ctrl+' : '',
    e.altKey ? 'Alt+' : '',
    e.shiftKey && !symbol ? 'Shift+' : '',
  ].join('');
  return `${mods}${base}`;
}

/** The action a chord does in a scope, or null. */
export function actionForChord(
  map: Record<KeyAction, readonly string[]>,
  chord: string | null,
  scope: KeyScope,
): KeyAction | null {
  if (!chord) return null;
  for (const id of KEY_ACTION_IDS) {
    if (KEY_ACTIONS[id].scope === scope && map[id].includes(chord)) return id;
  }
  return null;
}
