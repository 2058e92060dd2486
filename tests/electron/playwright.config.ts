import { defineConfig } from '@playwright/test';
import { electronBinary } from './electron-binary';

// Throws when TICKDESK_REQUIRE_ELECTRON=1 (the CI runners) and the binary is missing.
const binary = electronBinary();
if ('missing' in binary) {
  console.log(
    `Electron end-to-end test skipped: ${binary.missing}; the browser harness tests cover the same UI and core.`,
  );
}

/** The real Electron app, driven by Playwright's _electron, where the Electron binary exists. */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  outputDir: '../../test-results/electron',
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 90_000,
  reporter: [['list']],
});
