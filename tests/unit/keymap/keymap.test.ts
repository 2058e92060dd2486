import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  actionForChord,
  chordOf,
  Keymap,
  keymapConflicts,
  resolveKeymap,
} from '../../../shared/keymap/keymap';
import { Preferences } from '../../../electron/core/settings/schema';

const press = (
  key: string,
  code: string,
  mods: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {},
) =>
  chordOf({ key, code, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods });

describe('keymap', () => {
  it('has the NEST/ODIN keys beside the app keys by default, without conflicts', () => {
    const map = resolveKeymap();
    assert.deepEqual(map['view.orders'], ['Alt+1', 'F3']);
    assert.deepEqual(map['view.trades'], ['Alt+2', 'F8']);
    assert.deepEqual(map['view.positions'], ['Alt+3', 'Alt+F6']);
    assert.deepEqual(keymapConflicts(), []);
  });

  it('spells key presses the way settings store them', () => {
    assert.equal(press('F3', 'F3'), 'F3');
    assert.equal(press('F6', 'F6', { altKey: true }), 'Alt+F6');
    assert.equal(press('®', 'KeyR', { altKey: true }), 'Alt+R');
    assert.equal(press('k', 'KeyK', { metaKey: true }), 'Ctrl+K');
    assert.equal(press('?', 'Slash', { shiftKey: true }), '?');
    assert.equal(press('b', 'KeyB'), 'B');
    assert.equal(press('Shift', 'ShiftLeft', { shiftKey: true }), null);
  });

  it('finds the action of a chord in its scope only', () => {
    const map = resolveKeymap({ 'view.trades': ['F9'] });
    assert.equal(actionForChord(map, 'F9', 'global'), 'view.trades');
    assert.equal(actionForChord(map, 'F8', 'global'), null);
    assert.equal(actionForChord(map, 'B', 'global'), null);
    assert.equal(actionForChord(map, 'B', 'row'), 'row.buy');
  });

  it('names conflicts, and settings refuse a map that has one or a key it cannot read', () => {
    const clash = { 'view.positions': ['F3'] };
    assert.deepEqual(keymapConflicts(clash), [
      { chord: 'F3', actions: ['view.orders', 'view.positions'] },
    ]);
    const bad = Keymap.safeParse(clash);
    assert.equal(bad.success, false);
    assert.match(bad.error!.issues[0]!.message, /F3 is already Order book/);
    assert.equal(Keymap.safeParse({ buy: ['Ctrl+Banana'] }).success, false);
    assert.equal(Keymap.safeParse({ nope: ['F4'] }).success, false);
    assert.equal(Preferences.safeParse({ keymap: clash }).success, false);
    assert.deepEqual(Preferences.parse({}).keymap, {}, 'old settings files get the defaults');
  });
});
