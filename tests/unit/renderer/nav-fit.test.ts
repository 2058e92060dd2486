import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tabsThatFit } from '../../../renderer/src/lib/nav-fit';

test('every tab shows when the row has room for all of them, without a More button', () => {
  assert.equal(tabsThatFit([60, 70, 80], 50, 2, 214), 3);
  assert.equal(tabsThatFit([60, 70, 80], 50, 2, 500), 3);
});

test('too little room: the tabs that fit beside the More button, never wrapping', () => {
  // 60 + 70 + 80 + 2 gaps = 214 does not fit 213; More (50) + 60 + 70 + 2 gaps = 182 fits.
  assert.equal(tabsThatFit([60, 70, 80], 50, 2, 213), 2);
  assert.equal(tabsThatFit([60, 70, 80], 50, 2, 181), 1);
  // The first tab always shows, and at least one tab goes to the menu when they do not fit.
  assert.equal(tabsThatFit([60, 70, 80], 50, 2, 10), 1);
  assert.equal(tabsThatFit([60, 70], 500, 2, 131), 1);
});
