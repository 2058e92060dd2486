import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { channel, event } from '../../../shared/ipc/define';
import { AppError } from '../../../shared/ipc/errors';
import { createEventBus } from '../../../electron/ipc/event-bus';
import { createRouter } from '../../../electron/ipc/router';
import { createLogger, createRingBufferSink } from '../../../electron/core/diagnostics/logger';
import { isTrustedSender } from '../../../electron/ipc/sender-trust';

const contract = {
  'demo.echo': channel({
    doc: 'test',
    input: z.object({ n: z.number().int() }),
    output: z.object({ n: z.number() }),
  }),
  'demo.fail': channel({ doc: 'test', input: z.void(), output: z.void() }),
  'demo.crash': channel({ doc: 'test', input: z.void(), output: z.void() }),
  'demo.bad': channel({ doc: 'test', input: z.void(), output: z.object({ ok: z.boolean() }) }),
};
const events = { 'demo.tick': event({ doc: 'test', payload: z.object({ n: z.number() }) }) };
const logs: string[] = [];
const told: Record<string, unknown>[] = [];
const logger = {
  info: (m: string, f?: Record<string, unknown>) => void told.push({ m, ...f }),
  warn: (m: string) => logs.push(m),
  error: (m: string) => logs.push(m),
};
const origin = 'app://tickdesk';
const top = { url: `${origin}/index.html`, isTopFrame: true };
const ctx = { senderId: 't' };

const router = createRouter({
  contract,
  events,
  trustedOrigins: [origin],
  logger,
  handlers: {
    'demo.echo': ({ n }) => ({ n: n * 2 }),
    'demo.fail': () => {
      throw new AppError('broker', 'Token expired', { action: 'login', code: -8 });
    },
    'demo.crash': () => {
      throw new Error('secret internals: token=abc');
    },
    'demo.bad': () => ({ ok: 'yes' }) as unknown as { ok: boolean },
  },
});

describe('router', () => {
  it('calls the handler with parsed input from a trusted top frame', async () => {
    assert.deepEqual(
      await router.dispatch({ channel: 'demo.echo', input: { n: 21 }, sender: top, ctx }),
      { ok: true, data: { n: 42 } },
    );
  });

  it('refuses input that breaks the schema, naming the field', async () => {
    const r = await router.dispatch({ channel: 'demo.echo', input: { n: 1.5 }, sender: top, ctx });
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.error.kind, 'invalid-input');
    assert.equal(!r.ok && r.error.field, 'n');
  });

  it('checks the sender before parsing anything', async () => {
    const r = await router.dispatch({
      channel: 'demo.echo',
      input: 'garbage',
      sender: { url: 'https://evil.example/', isTopFrame: true },
      ctx,
    });
    assert.equal(!r.ok && r.error.kind, 'untrusted-sender');
    const frame = await router.dispatch({
      channel: 'demo.echo',
      input: { n: 1 },
      sender: { ...top, isTopFrame: false },
      ctx,
    });
    assert.equal(!frame.ok && frame.error.kind, 'untrusted-sender');
    const none = await router.dispatch({
      channel: 'demo.echo',
      input: { n: 1 },
      sender: null,
      ctx,
    });
    assert.equal(!none.ok && none.error.kind, 'untrusted-sender');
  });

  it('refuses unknown channels, including inherited property names', async () => {
    for (const name of ['nope', '__proto__', 'constructor', 'toString']) {
      const r = await router.dispatch({ channel: name, input: undefined, sender: top, ctx });
      assert.equal(!r.ok && r.error.kind, 'unknown-channel', name);
    }
  });

  it('passes typed errors through and hides unexpected ones', async () => {
    const typed = await router.dispatch({
      channel: 'demo.fail',
      input: undefined,
      sender: top,
      ctx,
    });
    assert.deepEqual(typed, {
      ok: false,
      error: { kind: 'broker', message: 'Token expired', action: 'login', code: -8 },
    });
    // What the trader was told is in the log too, for support.
    assert.deepEqual(told.at(-1), {
      m: 'ipc: answered with an error',
      channel: 'demo.fail',
      kind: 'broker',
      message: 'Token expired',
      code: -8,
    });
    const crash = await router.dispatch({
      channel: 'demo.crash',
      input: undefined,
      sender: top,
      ctx,
    });
    assert.equal(!crash.ok && crash.error.kind, 'internal');
    assert.doesNotMatch(JSON.stringify(crash), /token=abc/);
  });

  it('logs a handler failure with its stack, redacted, through the one logger', async () => {
    const sink = createRingBufferSink();
    const logged = createRouter({
      contract,
      trustedOrigins: [origin],
      logger: createLogger({ sinks: [sink] }),
      handlers: {
        'demo.echo': () => ({ n: 1 }),
        'demo.fail': () => undefined,
        'demo.crash': function crashInHandler() {
          throw new Error('boom Authorization: Bearer abc123secret');
        },
        'demo.bad': () => ({ ok: true }),
      },
    });
    await logged.dispatch({ channel: 'demo.crash', input: undefined, sender: top, ctx });
    const line = sink.lines().find((l) => l.includes('ipc: handler failed'));
    assert.ok(line, 'the failure is logged');
    const record = JSON.parse(line) as { stack?: string };
    assert.match(record.stack ?? '', /crashInHandler/, 'the stack names where it failed');
    assert.doesNotMatch(line, /abc123secret/, 'the stack is redacted');
  });

  it('refuses to send output that breaks the contract', async () => {
    const r = await router.dispatch({ channel: 'demo.bad', input: undefined, sender: top, ctx });
    assert.equal(!r.ok && r.error.kind, 'internal');
  });

  it('will not start when a handler is missing or extra', () => {
    assert.throws(
      () =>
        createRouter({
          contract,
          trustedOrigins: [origin],
          logger,
          handlers: { 'demo.echo': () => ({ n: 1 }) } as never,
        }),
      /Missing: \[demo\.fail, demo\.crash, demo\.bad\]/,
    );
  });

  it('validates event payloads before they leave', () => {
    const bus = createEventBus(router, (name) => logs.push(`invalid ${name}`));
    const got: unknown[] = [];
    const off = bus.attach((name, payload) => got.push([name, payload]));
    (bus.emit as (n: string, p: unknown) => void)('demo.tick', { n: 1 });
    (bus.emit as (n: string, p: unknown) => void)('demo.tick', { n: 'x' });
    off();
    (bus.emit as (n: string, p: unknown) => void)('demo.tick', { n: 2 });
    assert.deepEqual(got, [['demo.tick', { n: 1 }]]);
    assert.ok(logs.includes('invalid demo.tick'));
  });
});

describe('isTrustedSender', () => {
  it('matches origins exactly', () => {
    assert.equal(isTrustedSender({ url: 'app://tickdesk/x', isTopFrame: true }, [origin]), true);
    assert.equal(
      isTrustedSender({ url: 'app://tickdesk.evil/x', isTopFrame: true }, [origin]),
      false,
    );
    assert.equal(
      isTrustedSender({ url: 'http://127.0.0.1:5000/', isTopFrame: true }, [
        'http://127.0.0.1:5001',
      ]),
      false,
    );
    assert.equal(isTrustedSender({ url: 'not a url', isTopFrame: true }, [origin]), false);
  });
});
