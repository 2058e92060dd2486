import { test as base } from '@playwright/test';
import { spawnHarness } from './spawn-harness';

/** A harness whose Demo sandbox exposes its test controls (clock, market, faults). */
export interface ControlledHarness {
  /** The harness URL with its secret, as harness-fixture gives it. */
  url: string;
  /** Base URL of the embedded sandbox broker, for POST /__sandbox/... */
  sandbox: string;
}

/** Runs `use` with a harness started with `--test-controls`, and stops it afterwards. */
async function withControlled(use: (h: ControlledHarness) => Promise<void>): Promise<void> {
  const harness = await spawnHarness<ControlledHarness>(['--test-controls']);
  if (!harness.ready.sandbox) throw new Error('The harness did not report its sandbox URL.');
  await use(harness.ready);
  await harness.stop();
}

/**
 * `controlled`: a harness with test controls started once per worker and shared by the specs
 * that run in it, so its sandbox account keeps their orders, trades and positions.
 * `ownControlled`: one started for a single test, for a test whose assertions need an account
 * with no history of its own (the day's first fill, the first MTM sample).
 */
export const test = base.extend<
  { ownControlled: ControlledHarness },
  { controlled: ControlledHarness }
>({
  ownControlled: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see the fixture has no dependencies
    async ({}, use) => withControlled(use),
    // Its own time: starting a harness waits up to 90 s for the Demo broker on a loaded
    // machine (spawn-harness.ts), which the test's own timeout should not pay for.
    { timeout: 120_000 },
  ],
  controlled: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => withControlled(use),
    { scope: 'worker' },
  ],
});

/**
 * A harness of the spec's own, started once before its tests and stopped after them: for a
 * spec that switches Demo's API (v3), which must not change the harness the worker's other
 * specs share. Call it at the top of the spec; its URLs are there once `beforeAll` has run.
 */
export function specHarness(): ControlledHarness {
  let ready: ControlledHarness | undefined;
  let stop: (() => Promise<void>) | undefined;
  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see the hook uses no fixtures
  test.beforeAll(async ({}, info) => {
    // Starting a harness waits up to 90 s for the Demo broker on a loaded machine.
    info.setTimeout(120_000);
    const harness = await spawnHarness<ControlledHarness>(['--test-controls']);
    ready = harness.ready;
    stop = () => harness.stop();
  });
  test.afterAll(async () => stop?.());
  const started = (): ControlledHarness => {
    if (!ready) throw new Error('The spec harness has not started (use it inside a test).');
    return ready;
  };
  return {
    get url() {
      return started().url;
    },
    get sandbox() {
      return started().sandbox;
    },
  };
}

/** The requests the harness's sandbox has received, by route (`GET /api/v3/orders`). */
export async function sandboxRequests(h: ControlledHarness): Promise<Record<string, number>> {
  const res = await fetch(`${h.sandbox}/__sandbox/requests`);
  return ((await res.json()) as { requests: Record<string, number> }).requests;
}

/** Calls one sandbox test control and fails the test with the sandbox's message if refused. */
export async function control(
  h: ControlledHarness,
  path:
    | 'clock'
    | 'market'
    | 'price'
    | 'faults'
    | 'tick'
    | 'socket'
    | 'row-patch'
    | 'reset'
    | 'profile'
    | 'demat'
    | 'registered-ips'
    | 'limits/spend',
  body: Record<string, unknown>,
): Promise<unknown> {
  const res = await fetch(`${h.sandbox}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { s?: string; message?: string };
  if (!res.ok || json.s !== 'ok') throw new Error(`sandbox ${path} refused: ${json.message}`);
  return json;
}

export { expect } from '@playwright/test';
