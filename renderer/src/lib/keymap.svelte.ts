import {
  actionForChord,
  chordOf,
  resolveKeymap,
  type KeyAction,
  type KeyLike,
} from '../../../shared/keymap/keymap';
import { settings } from '../settings/settings.svelte';

/**
 * The live key map: the defaults with the trader's remapping from settings on top. Every
 * key handler and the cheat sheet read it here, so a change in Settings applies at once.
 */
class LiveKeymap {
  readonly map = $derived(resolveKeymap(settings.view?.preferences.keymap ?? {}));

  /** The global action a key press does, or null. */
  global(e: KeyLike): KeyAction | null {
    return actionForChord(this.map, chordOf(e), 'global');
  }

  /** The row action (B / S) a key press does on a focused table row, or null. */
  row(e: KeyLike): KeyAction | null {
    return actionForChord(this.map, chordOf(e), 'row');
  }

  /** The search action (add to watch) a key press does in the symbol search, or null. */
  search(e: KeyLike): KeyAction | null {
    return actionForChord(this.map, chordOf(e), 'search');
  }

  /** "Alt+1 or F3": an action's keys as the cheat sheet and buttons show them. */
  keysOf(action: KeyAction): string {
    return this.map[action].join(' or ');
  }
}

/** The app's one live key map. */
export const keymap = new LiveKeymap();
