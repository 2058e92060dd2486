import { test as base } from '@playwright/test';
import { spawnHarness } from './spawn-harness';

/** Starts the harness once per worker, as `npm run harness` does, and hands each test its URL. */
export const test = base.extend<object, { harnessUrl: string }>({
  harnessUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see the fixture has no dependencies
    async ({}, use) => {
      const harness = await spawnHarness<{ url: string }>();
      await use(harness.ready.url);
      await harness.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
