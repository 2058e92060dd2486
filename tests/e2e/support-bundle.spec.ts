import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { BUNDLE_PARTS } from '../../electron/core/diagnostics/support-bundle';
import { DEMO_USER } from '../../sandbox/auth/user';
import { control } from './control-harness-fixture';
import { expect, test } from './harness-fixture';
import { spawnHarness } from './spawn-harness';
import {
  allowPricesFarFromMarket,
  loginToDemo,
  openApp,
  pickSymbol,
  typeInto,
} from './trading-helpers';

// Issue 12's done-when: a whole session in the harness with canary values for every secret and
// personal field, the bundle exported from the command line, unzipped and read.

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The app secret a careless trader typed: it must never reach a log or the bundle. */
const SECRET_CANARY = 'CANARY-app-secret-5b1d0e';
const LIVE_APP_ID = 'CANARYAPP-100';

test('a session exported with --export-diagnostics has every part, names its errors, and no secret', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-bundle-e2e-'));
  const harness = await spawnHarness<{ url: string; sandbox: string }>([
    '--test-controls',
    '--data-dir',
    dataDir,
  ]);
  let stopped = false;
  try {
    const h = harness.ready;
    await openApp(page, h.url);

    // 1. A live account whose app secret (a canary) the trader types into Settings.
    await page.getByTestId('open-settings').click();
    await page.getByTestId('account-add').click();
    await typeInto(page, 'acct-label', 'My live app');
    await typeInto(page, 'acct-appId', LIVE_APP_ID);
    await typeInto(page, 'acct-redirectUrl', 'http://127.0.0.1:8765/callback');
    await page.getByTestId('acct-save').click();
    await typeInto(page, 'app-secret-input', SECRET_CANARY);
    await page.getByTestId('app-secret-save').click();
    await expect(page.getByTestId('app-secret-status')).toHaveText('stored');
    await page.getByTestId('acct-cancel').click();
    await page.getByTestId('settings-back').click();

    // 2. Log in to Demo (PKCE: an auth code, a verifier and a token go by).
    await loginToDemo(page);
    // The order below is priced away from the live market: widen the trader's distance guard.
    await allowPricesFarFromMarket(page);

    // 3. An order whose answer is a 500 (-201): unconfirmed, then reconciled from the book.
    await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
    await page.getByTestId('ticket-type-limit').click();
    await typeInto(page, 'ticket-qty', '1');
    await typeInto(page, 'ticket-limitPrice', '799.00');
    await control(h, 'faults', { route: 'POST /api/v2/orders', mode: 'http500', times: 1 });
    await page.getByTestId('ticket-limitPrice').press('Enter');
    // "Not placed" is said only after 30 s of checking (late arrivals, issue 8).
    await expect(page.getByTestId('intent-status')).toHaveAttribute(
      'data-status',
      'confirmed-not-done',
      { timeout: 75_000 },
    );

    // The real secrets of this session, as the broker saw them.
    const issued = (
      (await (await fetch(`${h.sandbox}/__sandbox/issued`)).json()) as {
        issued: { authCodes: string[]; tokens: string[]; proofs: string[] };
      }
    ).issued;
    expect(issued.tokens.length).toBeGreaterThan(0);
    expect(issued.authCodes.length).toBeGreaterThan(0);
    await harness.stop();
    stopped = true;

    // 4. Export from the command line: no harness, no login.
    const out = join(dataDir, 'export', 'bundle.zip');
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'electron/ipc/harness/cli.ts',
        '--data-dir',
        dataDir,
        '--export-diagnostics',
        out,
      ],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim()) as { bundle: string }).toMatchObject({ bundle: out });

    const files = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(readFileSync(out)))).map(([n, d]) => [
        n,
        strFromU8(d),
      ]),
    );
    for (const [name] of BUNDLE_PARTS) expect(Object.keys(files), name).toContain(name);
    for (const name of [
      'logs.jsonl',
      'requests.jsonl',
      'journal.jsonl',
      'summary.html',
      'summary.txt',
    ])
      expect(files[name]?.length ?? 0, name).toBeGreaterThan(0);
    const system = JSON.parse(files['system.json'] ?? '{}') as Record<string, unknown>;
    for (const key of ['app', 'electron', 'chromium', 'node', 'os', 'locale', 'timeZone'])
      expect(Object.keys(system)).toContain(key);

    // The session's errors are named in the summary, each with its meaning.
    const summary = files['summary.txt'] ?? '';
    expect(summary).toMatch(/POST \/api\/v2\/orders → 500 {2}code -201/);
    expect(summary).toContain('exchange connection failed');
    expect(files['summary.html']).toContain('exchange connection failed');

    // One order's story: the journal's intent id is on its request line.
    const place = (files['journal.jsonl'] ?? '')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { intentId: string; step: string; action: string })
      .find((e) => e.action === 'place' && e.step === 'request');
    expect(place).toBeTruthy();
    const line = (files['requests.jsonl'] ?? '')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { method: string; status: number; intentIds: string[] })
      .find((r) => r.method === 'POST' && r.status === 500);
    expect(line?.intentIds).toEqual([place?.intentId]);

    // No canary anywhere: not in the bundle, not in the log files on disk.
    const appIdHash = createHash('sha256').update(`${LIVE_APP_ID}:${SECRET_CANARY}`).digest('hex');
    const canaries: Record<string, string> = {
      'app secret': SECRET_CANARY,
      appIdHash,
      PAN: DEMO_USER.pan,
      'e-mail': DEMO_USER.email,
      name: DEMO_USER.name,
    };
    issued.tokens.forEach((t, i) => (canaries[`token ${i}`] = t));
    issued.authCodes.forEach((c, i) => (canaries[`auth code ${i}`] = c));
    issued.proofs.forEach((p, i) => (canaries[`verifier/appIdHash ${i}`] = p));
    const logs = join(dataDir, 'logs');
    const texts: Record<string, string> = { ...files };
    for (const f of readdirSync(logs)) texts[`logs/${f}`] = readFileSync(join(logs, f), 'utf8');
    for (const [where, text] of Object.entries(texts))
      for (const [what, value] of Object.entries(canaries))
        expect(text.includes(value), `${what} found in ${where}`).toBe(false);
  } finally {
    if (!stopped) await harness.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
