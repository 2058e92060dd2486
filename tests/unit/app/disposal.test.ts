/**
 * The core's one disposal convention: services end last-created first, each awaited; a
 * failing or hanging one is logged and the rest still end; a second call waits for the first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDisposer } from '../../../electron/core/app/disposal';
import { createLogger } from '../../../electron/core/diagnostics/logger';

function logged() {
  const lines: string[] = [];
  return { lines, logger: createLogger({ sinks: [{ write: (l) => lines.push(l) }] }) };
}

describe('createDisposer', () => {
  it('disposes in reverse order of creation, awaiting each one', async () => {
    const { logger } = logged();
    const d = createDisposer({ logger });
    const order: string[] = [];
    const service = (name: string, ms: number) => ({
      dispose: () =>
        new Promise<void>((r) =>
          setTimeout(() => {
            order.push(name);
            r();
          }, ms),
        ),
    });
    d.own('settings', service('settings', 1));
    d.own('journal', service('journal', 30));
    d.own('refresher', service('refresher', 1));
    await d.disposeAll();
    assert.deepEqual(order, ['refresher', 'journal', 'settings']);
  });

  it('ends a service marked first before all others, then the rest last-created first', async () => {
    const { logger } = logged();
    const d = createDisposer({ logger });
    const order: string[] = [];
    const service = (name: string) => ({ dispose: async () => void order.push(name) });
    d.own('settings', service('settings'));
    d.own('scheduler', service('scheduler'), { first: true });
    d.own('journal', service('journal'));
    d.own('refresher', service('refresher'));
    await d.disposeAll();
    assert.deepEqual(order, ['scheduler', 'refresher', 'journal', 'settings']);
  });

  it('logs a failing or hanging step and still disposes the rest, once', async () => {
    const { lines, logger } = logged();
    const d = createDisposer({ logger, stepTimeoutMs: 50 });
    let first = 0;
    d.own('first', { dispose: async () => void first++ });
    d.own('hangs', { dispose: () => new Promise<void>(() => undefined) });
    d.own('fails', {
      dispose: async () => {
        throw new Error('disk full');
      },
    });
    const a = d.disposeAll();
    const b = d.disposeAll();
    await Promise.all([a, b]);
    assert.equal(first, 1, 'disposed once although asked twice');
    assert.ok(lines.some((l) => /dispose step failed/.test(l) && /fails/.test(l)));
    assert.ok(lines.some((l) => /dispose step timed out/.test(l) && /hangs/.test(l)));
    assert.throws(() => d.own('late', { dispose: async () => undefined }), /after disposal/);
  });
});
