/**
 * The app as the trader runs it, for integration tests and proofs: `createAppCore` in Demo
 * mode (real settings file, real symbol runtime, the embedded sandbox over HTTP with its
 * test controls) behind the real IPC router and event bus. Tests speak to it only through
 * channels, exactly as the renderer does, and drive the sandbox through its controls.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppCore, type AppCore, type CoreDeps } from '../../../electron/core/app/app-core';
import { inProcessDemo } from '../../support/in-process-demo';
import { assertDialect, chooseDemoDialect } from '../../support/demo-dialect';
import type { BrokerDialectId } from '../../../shared/broker/dialect';
import { createEventBus } from '../../../electron/ipc/event-bus';
import { createHandlers } from '../../../electron/ipc/handlers';
import { createRouter, type Router } from '../../../electron/ipc/router';
import type { Contract } from '../../../shared/ipc/contract';
import type { OutputOf, ParsedInputOf } from '../../../shared/ipc/define';
import type { IpcError, IpcResult } from '../../../shared/ipc/errors';

/** The origin the test "renderer" calls from. */
export const TEST_ORIGIN = 'http://127.0.0.1:1';

/** One event as the renderer would receive it. */
export interface SeenEvent {
  name: string;
  payload: unknown;
}

/** A running composed app. */
export interface ComposedApp {
  core: AppCore;
  router: Router;
  dataDir: string;
  /** Every event pushed to the renderer, after the contract check. */
  events: SeenEvent[];
  /** Every log line the core wrote (the file sink holds the same). */
  logLines: string[];
  /** Calls a channel; the raw IpcResult, as the renderer's transport gets it. */
  dispatch(channel: string, input: unknown): Promise<IpcResult<unknown>>;
  /** Calls a channel and returns its data, or throws with the typed error. */
  call<K extends keyof Contract>(
    channel: K,
    input?: ParsedInputOf<Contract[K]> | Record<string, unknown>,
  ): Promise<OutputOf<Contract[K]>>;
  /** POSTs a sandbox test control (clock, market, price, faults, tick, row-patch, reset). */
  control(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Every order the sandbox has received today (its own order book, read over HTTP). */
  sandboxOrderCount(): Promise<number>;
  close(): Promise<void>;
}

/** Thrown by `call` when a channel answers an error. */
export class ChannelError extends Error {
  constructor(readonly error: IpcError) {
    super(`${error.kind}: ${error.message}`);
  }
}

/**
 * Starts the composed app; `login` (default true) logs in to the embedded sandbox; `dialect`
 * puts Demo on that broker dialect first (Settings' Demo broker), checked after a login.
 */
export async function startComposedApp(
  opts: {
    login?: boolean;
    deps?: Partial<CoreDeps>;
    dataDir?: string;
    dialect?: BrokerDialectId;
  } = {},
): Promise<ComposedApp> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'tickdesk-composed-')));
  const logLines: string[] = [];
  const core = await createAppCore({
    appName: 'Tickdesk',
    version: '0.0.0-test',
    platform: process.platform,
    host: 'harness',
    environment: 'demo',
    dataDir,
    openExternal: async () => {
      throw new Error('Demo mode must not open the system browser');
    },
    keychain: async () => ({ keychain: null, reason: 'test: memory only' }),
    logSinks: [{ write: (line) => void logLines.push(line) }],
    demo: { testControls: true },
    // The sandbox in this process (its internal errors reach this core's log like the child's).
    demoProcess: inProcessDemo(),
    ...opts.deps,
  });
  const events: SeenEvent[] = [];
  const router = createRouter({
    handlers: createHandlers(core),
    trustedOrigins: [TEST_ORIGIN],
    // The core's one redacting logger, as electron/main.ts and the harness give the router.
    logger: core.logger.child('ipc'),
  });
  const bus = createEventBus(router, (name, err) =>
    events.push({ name: `invalid:${name}`, payload: String(err) }),
  );
  bus.attach((name, payload) => events.push({ name, payload }));
  core.attachEmitter(bus.emit);
  const sandbox = core.demoBrokerUrl!;

  const app: ComposedApp = {
    core,
    router,
    dataDir,
    events,
    logLines,
    dispatch: (channel, input) =>
      router.dispatch({
        channel,
        input,
        sender: { url: `${TEST_ORIGIN}/index.html`, isTopFrame: true },
        ctx: { senderId: 'test' },
      }),
    async call(channel, input) {
      const r = await app.dispatch(channel, input);
      if (!r.ok) throw new ChannelError(r.error);
      return r.data as never;
    },
    async control(path, body) {
      const res = await fetch(`${sandbox}/__sandbox/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok || json.s !== 'ok')
        throw new Error(`sandbox ${path} refused: ${String(json.message)}`);
      return json;
    },
    async sandboxOrderCount() {
      return (await core.broker.getOrders({ fresh: true })).length;
    },
    async close() {
      await core.close();
      // Retried: a log line written while the core closes can land during the removal.
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
  if (opts.dialect) await chooseDemoDialect(core, opts.dialect);
  if (opts.login ?? true) {
    const s = await app.call('session.login', {});
    if (s.status !== 'active') throw new Error(`login failed: ${JSON.stringify(s.lastError)}`);
    if (opts.dialect) assertDialect(core, opts.dialect);
    await core.symbols.ready();
  }
  return app;
}
