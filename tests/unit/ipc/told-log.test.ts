/**
 * What the trader was told is logged once per minute per distinct answer: a polling screen
 * that keeps getting the same refusal does not fill the log, and the next line says how
 * often it repeated; a different answer is written at once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createToldLog } from '../../../electron/ipc/told-log';
import type { IpcError } from '../../../shared/ipc/errors';

describe('createToldLog', () => {
  it('writes a repeat once a minute with its count, and a new answer at once', () => {
    const lines: Record<string, unknown>[] = [];
    let t = 0;
    const log = createToldLog({ info: (m, f) => void lines.push({ m, ...f }) }, () => t);
    const refused: IpcError = {
      kind: 'unavailable',
      message: 'No depth for this symbol.',
      action: 'none',
    };
    log('marketdata.depth', refused);
    for (let i = 0; i < 11; i++) {
      t += 5_000;
      log('marketdata.depth', refused);
    }
    assert.equal(lines.length, 1, 'eleven repeats within the minute are counted, not written');
    log('edis.authorize', refused);
    assert.equal(lines.length, 2, 'another channel is another answer');
    t += 5_000;
    log('marketdata.depth', refused);
    assert.equal(lines.length, 3);
    assert.deepEqual(lines[2], {
      m: 'ipc: answered with an error',
      channel: 'marketdata.depth',
      kind: 'unavailable',
      message: 'No depth for this symbol.',
      repeatedSinceLastLine: 11,
    });
  });
});
