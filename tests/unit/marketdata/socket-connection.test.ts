/**
 * The kept-alive connection's control ping (issue 19, the v3 data socket): a server whose own
 * protocol answers no heartbeat is still owed a pong for a WebSocket ping, so a connection
 * that stops answering it is reconnected, and one that answers is left alone.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogger } from '../../../electron/core/diagnostics/logger';
import {
  createSocketConnection,
  type SocketLike,
} from '../../../electron/core/marketdata/socket-connection';
import { FakeClock } from '../limiter/fake-clock';

/** A socket that opens at once and answers control pings while `answers` is on. */
class FakeSocket implements SocketLike {
  readonly handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  pings = 0;
  sent = 0;
  terminated = false;
  constructor(public answers: boolean) {}
  send(): void {
    this.sent++;
  }
  ping(): void {
    this.pings++;
    if (this.answers) queueMicrotask(() => this.emit('pong'));
  }
  close(): void {
    this.terminated = true;
  }
  terminate(): void {
    this.terminated = true;
  }
  on(event: string, fn: (...a: never[]) => void): void {
    const list = this.handlers.get(event) ?? [];
    list.push(fn as (...a: unknown[]) => void);
    this.handlers.set(event, list);
  }
  emit(event: string, ...a: unknown[]): void {
    for (const fn of this.handlers.get(event) ?? []) fn(...a);
  }
}

function start(answers: boolean) {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  const conn = createSocketConnection({
    name: 'test',
    url: () => 'ws://127.0.0.1:1/x',
    clock,
    logger: createLogger({ sinks: [], clock }),
    ping: new Uint8Array([0, 1, 11]),
    expectPong: false,
    controlPing: true,
    pingEveryMs: 10_000,
    open: () => {
      const s = new FakeSocket(answers);
      sockets.push(s);
      queueMicrotask(() => s.emit('open'));
      return s;
    },
    onOpen: () => undefined,
    onText: () => undefined,
    onBinary: () => undefined,
  });
  conn.start();
  return { clock, sockets, conn };
}

describe('socket connection: control ping', () => {
  it('a connection that never answers its control ping is reconnected', async () => {
    const { clock, sockets, conn } = start(false);
    await clock.advance(0);
    assert.equal(sockets.length, 1);
    assert.equal(sockets[0]!.pings, 1, 'a control ping at open');
    await clock.advance(9_000);
    assert.ok(!sockets[0]!.terminated, 'before the next beat the pong may still come');
    // The next beat finds the open's ping unanswered; the reconnect follows its first wait.
    await clock.advance(1_000 + 600);
    assert.ok(sockets[0]!.terminated, 'the silent socket was cut');
    assert.ok(sockets.length >= 2, 'and a new one opened');
    assert.equal(conn.reconnects(), 1);
    conn.stop();
  });

  it('a connection that answers its control pings is kept', async () => {
    const { clock, sockets, conn } = start(true);
    await clock.advance(0);
    for (let i = 0; i < 6; i++) await clock.advance(10_000);
    assert.equal(sockets.length, 1);
    assert.ok(sockets[0]!.pings >= 6);
    assert.equal(conn.reconnects(), 0);
    assert.equal(conn.state(), 'open');
    conn.stop();
  });
});
