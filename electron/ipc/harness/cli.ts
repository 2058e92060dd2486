/**
 * `npm run harness`: starts the browser harness and prints one JSON line,
 * {"url": "http://127.0.0.1:PORT/#secret=..."}, when ready. With --test-controls the Demo
 * sandbox exposes its test controls and the line adds {"sandbox": "<its base URL>"}. Logs go to stderr so the
 * line on stdout stays machine-readable for Playwright and scripts.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DemoChildOptions } from '../../../shared/demo/child-messages';
import { exportDiagnostics } from '../../core/app/export-diagnostics';
import { createLogger, silentLogger, stderrSink, type Logger } from '../../core/diagnostics/logger';
import { startHarness } from './start-harness';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    renderer: { type: 'string' },
    /** Turns on the Demo sandbox's test controls (clock, market, faults) and prints its URL. */
    'test-controls': { type: 'boolean', default: false },
    /**
     * Demo shows the sandbox's login page (no auto-approve); each URL the app would open in the
     * system browser is printed as a further stdout line {"opened": url} for the test to visit.
     */
    'login-page': { type: 'boolean', default: false },
    /** The permission template Demo's app is created with: basic, transactions or orders (default). */
    'demo-template': { type: 'string' },
    /** Writes the support bundle of --data-dir to this file and exits; nothing starts, no login. */
    'export-diagnostics': { type: 'string' },
  },
});

const root = resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  productName: string;
};
if (values['export-diagnostics'] !== undefined) {
  const log = createLogger({ sinks: [stderrSink] }).child('export');
  if (!values['data-dir']) log.warn('no --data-dir given: the bundle has no logs or journal');
  try {
    const written = await exportDiagnostics({
      appName: pkg.productName,
      version: pkg.version,
      dataDir: values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'tickdesk-harness-')),
      out: values['export-diagnostics'],
      logger: log,
    });
    process.stdout.write(`${JSON.stringify({ bundle: written.path, bytes: written.bytes })}\n`);
    process.exit(0);
  } catch (err) {
    log.error('support bundle export failed', { err: String(err) });
    process.exit(1);
  }
}

/** The harness's logger once it runs (nothing opens a URL before that). */
let hostLog: Logger = silentLogger;
const harness = await startHarness({
  rendererRoot: values.renderer ?? join(root, 'dist/renderer-harness'),
  ...(values.port ? { port: Number(values.port) } : {}),
  deps: {
    appName: pkg.productName,
    version: pkg.version,
    platform: process.platform,
    environment: 'demo',
    // Its own keychain entries: the harness must never read or overwrite the desktop app's.
    keychainService: 'Tickdesk-harness',
    demo: DemoChildOptions.parse({
      testControls: values['test-controls'] === true,
      template: values['demo-template'],
      loginPage: values['login-page'] === true,
    }),
    dataDir: values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'tickdesk-harness-')),
    // Redacted lines on stderr, so stdout keeps only the machine-readable JSON line.
    logSinks: [stderrSink],
    openExternal: async (url) => {
      hostLog.info('would open in the system browser', { url });
      if (values['login-page']) process.stdout.write(`${JSON.stringify({ opened: url })}\n`);
    },
  },
});
hostLog = harness.logger;
process.stdout.write(
  JSON.stringify(
    values['test-controls']
      ? { url: harness.url, sandbox: harness.sandboxUrl }
      : { url: harness.url },
  ) + '\n',
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void harness.close().then(() => process.exit(0));
  });
}
