import { test as base } from '@playwright/test';
import { spawnHarness } from './spawn-harness';

/** Starts a harness as `npm run harness` does, hands `use` its URL, and stops it afterwards. */
async function withHarness(use: (url: string) => Promise<void>): Promise<void> {
  const harness = await spawnHarness<{ url: string }>();
  await use(harness.ready.url);
  await harness.stop();
}

/**
 * `harnessUrl`: a harness started once per worker and shared by the specs that run in it (one
 * core: one account, one request budget). `ownHarnessUrl`: one started for a single test, for
 * a test that must not inherit what the worker's earlier tests spent: they share the trader's
 * share of the broker's minute (120 reads), so a test that reads the order book right after
 * a minute of other tests waits up to a minute for the window (CI: "cancels one pending order"
 * found no row, the book still "Loading…" at 122/200 requests this minute).
 */
export const test = base.extend<{ ownHarnessUrl: string }, { harnessUrl: string }>({
  ownHarnessUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see the fixture has no dependencies
    async ({}, use) => withHarness(use),
    // Its own time: starting a harness can take many seconds on a loaded machine, which the
    // test's own timeout should not pay for.
    { timeout: 120_000 },
  ],
  harnessUrl: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => withHarness(use),
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
