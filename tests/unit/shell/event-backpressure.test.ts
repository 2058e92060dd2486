/**
 * Flow control of pushed events in the desktop app (shared/ipc/event-ack.ts): the preload
 * reports how many events it has received, and a window whose page stops reporting makes
 * the event bus busy, so the coalescing feeds hold their changes instead of the main
 * process queueing them without end. Under the fake electron, with the real event bus.
 */
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { describe, it } from 'node:test';
import { EVENT_ACK_CHANNEL, MAX_UNACKED_EVENTS } from '../../../shared/ipc/event-ack';

register('./electron-loader.mjs', import.meta.url);
const fake = await import('./fake-electron');
const { recorded } = fake;
const { attachIpcMainTransport } = await import('../../../electron/shell/ipc-main-transport');
const { createEventBus } = await import('../../../electron/ipc/event-bus');

type Win = InstanceType<typeof fake.BrowserWindow>;

function setup() {
  const bus = createEventBus(
    { checkEvent: (_name: string, payload: unknown) => payload } as never,
    () => {},
  );
  const win = new fake.BrowserWindow({}) as Win;
  const other = new fake.BrowserWindow({}) as Win;
  const detach = attachIpcMainTransport({
    ipcMain: fake.ipcMain as never,
    router: { channelNames: [], dispatch: async () => ({ ok: true }) } as never,
    bus,
    windows: () => [win as never],
  });
  /** The page answers with its count, as the preload does. */
  const ack = (n: unknown, from: Win = win) =>
    recorded.ipcOn.emit(EVENT_ACK_CHANNEL, { sender: from.webContents }, n);
  const push = (k: number) => {
    for (let i = 0; i < k; i++)
      bus.emit('app.notice' as never, { level: 'info', message: 'x' } as never);
  };
  return { bus, win, other, ack, push, detach };
}

describe('event flow control in the Electron transport', () => {
  it('a page that stops answering makes the bus busy; its answer frees it', () => {
    const { bus, win, ack, push, detach } = setup();
    push(MAX_UNACKED_EVENTS);
    assert.equal(bus.busy(), false, 'up to the limit outstanding is normal');
    push(1);
    assert.equal(bus.busy(), true, 'one more and the page is behind');
    assert.equal(win.webContents.sent.length, MAX_UNACKED_EVENTS + 1, 'each event sent once');
    ack(MAX_UNACKED_EVENTS + 1);
    assert.equal(bus.busy(), false, 'caught up');
    push(MAX_UNACKED_EVENTS + 1);
    ack(MAX_UNACKED_EVENTS + 1);
    assert.equal(bus.busy(), true, 'an old count does not free a page that fell behind again');
    detach();
  });

  it('refuses counts that are not whole, are negative, or come from a page it never sent to', () => {
    const { bus, other, ack, push, detach } = setup();
    push(MAX_UNACKED_EVENTS + 5);
    for (const bad of [-1, 1.5, '999999', Number.NaN, null, 2 ** 60]) ack(bad);
    assert.equal(bus.busy(), true, 'no bad count frees the page');
    ack(10_000_000, other);
    assert.equal(bus.busy(), true, "another window's count is not this page's");
    ack(10_000_000);
    assert.equal(bus.busy(), false, 'a count beyond what was sent is taken as all of it');
    push(MAX_UNACKED_EVENTS + 1);
    assert.equal(bus.busy(), true, 'and it never lets the page run ahead of what it was sent');
    detach();
  });

  it('a reloaded page starts a new count (its preload starts at zero)', () => {
    const { bus, win, ack, push, detach } = setup();
    push(MAX_UNACKED_EVENTS + 1);
    assert.equal(bus.busy(), true);
    win.webContents.emit('did-finish-load');
    assert.equal(bus.busy(), false);
    push(3);
    ack(3);
    assert.equal(bus.busy(), false);
    detach();
    assert.equal(recorded.ipcOn.listenerCount(EVENT_ACK_CHANNEL), 0, 'detach removes the listener');
  });
});
