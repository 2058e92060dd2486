/**
 * The browser harness with the Demo sandbox's test controls switched on, for the end-to-end
 * tests that must move the broker's clock, open the market or drop an answer (expiry and
 * re-login, fills and positions, unconfirmed orders). Prints one JSON line:
 * {"url": "<harness url with secret>", "sandbox": "<sandbox base url>"}.
 *
 * Same composition as electron/ipc/harness/cli.ts except `demo.testControls`; a
 * `--test-controls` flag there would make this file unnecessary.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHarness } from '../../electron/ipc/harness/start-harness';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  productName: string;
};

let sandbox = '';
const harness = await startHarness({
  rendererRoot: join(root, 'dist/renderer-harness'),
  deps: {
    appName: pkg.productName,
    version: pkg.version,
    platform: process.platform,
    environment: 'demo',
    dataDir: mkdtempSync(join(tmpdir(), 'tickdesk-e2e-controls-')),
    demo: { testControls: true },
    logSinks: [
      {
        write(line) {
          // The core announces its embedded broker once; the tests need its address.
          if (!sandbox && line.includes('demo broker ready')) {
            sandbox = /"url":"(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1] ?? '';
          }
        },
      },
    ],
    openExternal: async () => {},
  },
});
if (!sandbox) throw new Error('The Demo sandbox did not report its address.');
process.stdout.write(JSON.stringify({ url: harness.url, sandbox }) + '\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void harness.close().then(() => process.exit(0)));
}
