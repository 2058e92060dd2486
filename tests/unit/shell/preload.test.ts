/** The preload exposes exactly the contract: one method per channel, one subscription per event. */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { describe, it } from 'node:test';
import { channelNames, eventNames } from '../../../shared/ipc/contract';
import { EVENT_ACK_CHANNEL } from '../../../shared/ipc/event-ack';

register('./electron-loader.mjs', import.meta.url);
const { recorded } = await import('./fake-electron');
await import('../../../electron/preload');

type Exposed = Record<string, Record<string, (...a: unknown[]) => unknown>> & {
  on: Record<string, Record<string, (l: (p: unknown) => void) => () => void>>;
};

describe('electron/preload.ts', () => {
  const api = recorded.exposed.get('tickdesk') as Exposed;

  it('exposes one object, named tickdesk, and nothing generic', () => {
    assert.deepEqual([...recorded.exposed.keys()], ['tickdesk']);
    for (const forbidden of ['invoke', 'send', 'ipcRenderer', 'call'])
      assert.equal(forbidden in api, false, forbidden);
  });

  it('has exactly one method per contract channel', () => {
    const methods = Object.entries(api)
      .filter(([domain]) => domain !== 'on')
      .flatMap(([domain, group]) => Object.keys(group).map((m) => `${domain}.${m}`));
    assert.deepEqual(methods.sort(), [...channelNames].sort());
  });

  it('forwards a call to its own channel only', async () => {
    await api.app!.info!();
    assert.deepEqual(recorded.invoked.at(-1), { channel: 'app.info', input: undefined });
  });

  it('has one removable subscription per event', () => {
    const events = Object.entries(api.on).flatMap(([d, g]) =>
      Object.keys(g).map((m) => `${d}.${m}`),
    );
    assert.deepEqual(events.sort(), [...eventNames].sort());
    const seen: unknown[] = [];
    const off = api.on.app!.notice!((p) => seen.push(p));
    recorded.rendererListeners.emit('app.notice', {}, { level: 'info', message: 'hi' });
    off();
    recorded.rendererListeners.emit('app.notice', {}, { level: 'info', message: 'after' });
    assert.deepEqual(seen, [{ level: 'info', message: 'hi' }]);
  });

  it('counts every event it receives, listened to or not, and reports the count once per turn', async () => {
    const before = recorded.rendererSent.length;
    const off = api.on.app!.notice!(() => {});
    recorded.rendererListeners.emit('app.notice', {}, { level: 'info', message: 'a' });
    recorded.rendererListeners.emit('budget.changed', {}, {});
    recorded.rendererListeners.emit('app.notice', {}, { level: 'info', message: 'b' });
    off();
    await new Promise((r) => setTimeout(r, 5));
    const acks = recorded.rendererSent.slice(before);
    assert.equal(acks.length, 1, 'one report for the three');
    assert.equal(acks[0]!.channel, EVENT_ACK_CHANNEL);
    const count = acks[0]!.args[0] as number;
    // Two events of the test before this one were received too (the preload counts from load).
    assert.equal(count, 5, `running count: ${count}`);
  });
});
