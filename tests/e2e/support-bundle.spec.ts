import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { BUNDLE_PARTS } from '../../electron/core/diagnostics/support-bundle';
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
// personal field, the bundle exported from the command line, unzipped and read. Each canary is
// first seen going through the app (on screen, or by the broker that received it), so "not in
// the bundle" means redaction worked, not that the value never came in.

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The app secret a careless trader typed: it must never reach a log or the bundle. */
const SECRET_CANARY = 'CANARY-app-secret-5b1d0e';
const LIVE_APP_ID = 'CANARYAPP-100';
/** The trader's personal details, as the broker's profile (and order rows) will answer them. */
const PERSON = {
  name: 'Qanary Vexlund',
  email: 'qanary.vexlund7@example.invalid',
  pan: 'QZVXC7315K',
  mobile: '9123407788',
  svc_id: 'QZ7315VX',
};

/** Every file under dir (symbol master downloads aside), as text; a ZIP counts as its entries. */
function readTree(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = `${prefix}${name}`;
    if (statSync(path).isDirectory()) {
      if (rel !== 'symbols') Object.assign(out, readTree(path, `${rel}/`));
    } else if (name.endsWith('.zip')) {
      for (const [entry, data] of Object.entries(unzipSync(new Uint8Array(readFileSync(path)))))
        out[`${rel}:${entry}`] = strFromU8(data);
    } else out[rel] = readFileSync(path, 'utf8');
  }
  return out;
}

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

    // 2. The broker will answer the profile (and order rows) with the canary person.
    await control(h, 'profile', PERSON);

    // 3. Log in to Demo (PKCE: an auth code, a verifier and a token go by). The title bar shows
    // the name and client id the profile answered; the Market screen the masked PAN and e-mail,
    // so the whole values (and the mobile number in the same answer) reached the app.
    await loginToDemo(page);
    await expect(page.getByTestId('profile')).toContainText(PERSON.name, { timeout: 15_000 });
    await expect(page.getByTestId('profile')).toContainText(PERSON.svc_id);
    await page.keyboard.press('Alt+M');
    await expect(page.getByTestId('profile-pan')).toHaveText(`••••••${PERSON.pan.slice(-4)}`, {
      timeout: 15_000,
    });
    await expect(page.getByTestId('profile-email')).toHaveText('q•••@example.invalid');

    // 4. eDIS: a TPIN request and an authorization, whose index answer carries TransDtls. The
    // harness has no depository window, so it stops there, saying so.
    await page.keyboard.press('Alt+4');
    const holding = page.getByTestId('holding-row').first();
    await expect(holding).toBeVisible({ timeout: 15_000 });
    await holding.getByTestId('holding-authorize').click();
    await page.getByTestId('edis-request-tpin').click();
    await expect(page.getByTestId('edis-tpin-message')).toBeVisible({ timeout: 15_000 });
    await typeInto(page, 'edis-qty', '1');
    // The authorization names the holding by its ISIN, from the symbol master the login
    // starts loading: wait until it has loaded (on a loaded machine it can take a while).
    await expect(page.getByTestId('symbols-state')).toHaveAttribute('data-state', 'ready', {
      timeout: 90_000,
    });
    await page.getByTestId('edis-authorize').click();
    await expect(page.getByTestId('edis-error')).toBeVisible({ timeout: 20_000 });
    // It went as far as the harness allows (no depository window), not stopped for want of
    // an ISIN: the index answer's TransDtls is one of the secrets scanned for below.
    await expect(page.getByTestId('edis-error')).not.toContainText('No ISIN');
    // The order below is priced away from the live market: widen the trader's distance guard
    // (this ends on the orders screen, rendered, so the symbol search keeps its focus).
    await allowPricesFarFromMarket(page);

    // 5. An order whose answer is a 500 (-201) while the order book cannot be read either: it
    // stays unconfirmed, and the app is stopped before anything settles it.
    await pickSymbol(page, 'sbin', 'NSE:SBIN-EQ');
    await page.getByTestId('ticket-type-limit').click();
    await typeInto(page, 'ticket-qty', '1');
    await typeInto(page, 'ticket-limitPrice', '799.00');
    await control(h, 'faults', { route: 'POST /api/v2/orders', mode: 'http500', times: 1 });
    await control(h, 'faults', { route: 'GET /api/v2/orders', mode: 'http500', times: 1000 });
    await page.getByTestId('ticket-limitPrice').press('Enter');
    await expect(page.getByTestId('intent-status')).toHaveAttribute('data-status', 'unconfirmed', {
      timeout: 20_000,
    });

    // The trader also exports from Settings: that bundle adds the running app's snapshots
    // (session, budget, intents, vault), and is scanned below with everything else on disk.
    await page.keyboard.press('Alt+7');
    await page.getByTestId('export-bundle').click();
    await expect(page.getByTestId('bundle-path')).toHaveText(/support.*\.zip$/, {
      timeout: 20_000,
    });

    // The real secrets of this session, as the broker saw them.
    const issued = (
      (await (await fetch(`${h.sandbox}/__sandbox/issued`)).json()) as {
        issued: { authCodes: string[]; tokens: string[]; proofs: string[]; transDtls: string[] };
      }
    ).issued;
    expect(issued.tokens.length).toBeGreaterThan(0);
    expect(issued.authCodes.length).toBeGreaterThan(0);
    expect(issued.proofs.length, 'the PKCE code_verifier').toBeGreaterThan(0);
    expect(issued.transDtls.length, 'the eDIS index answered a TransDtls').toBeGreaterThan(0);
    await harness.stop();
    stopped = true;

    // 6. Export from the command line: no harness, no login.
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
    const budget = JSON.parse(files['budget.json'] ?? '{}') as {
      fromRequestLog?: { requests?: number; failed?: number };
    };
    expect(budget.fromRequestLog?.requests ?? 0).toBeGreaterThan(0);
    expect(budget.fromRequestLog?.failed ?? 0, 'the 500s are counted').toBeGreaterThan(0);
    const settings = files['settings.json'] ?? '';
    expect(settings, 'the settings are there, without the secret').toContain(LIVE_APP_ID);

    // The requests that carried the canaries in are on record: the profile read, the eDIS index.
    const requests = (files['requests.jsonl'] ?? '')
      .split('\n')
      .filter(Boolean)
      .map(
        (l) =>
          JSON.parse(l) as { method: string; path: string; status: number; intentIds: string[] },
      );
    expect(requests.some((r) => r.path === '/api/v2/profile' && r.status === 200)).toBe(true);
    expect(requests.some((r) => r.path === '/api/dev/index' && r.status === 200)).toBe(true);

    // The session's errors are named in the summary, each with its meaning and what to try,
    // and the order action still unconfirmed is listed.
    const summary = files['summary.txt'] ?? '';
    const html = files['summary.html'] ?? '';
    expect(summary).toMatch(/POST \/api\/v2\/orders → 500 {2}code -201/);
    for (const text of [summary, html]) {
      expect(text).toContain('exchange connection failed');
      expect(text).toContain('never resend an unconfirmed order by hand');
    }
    const journal = (files['journal.jsonl'] ?? '')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { intentId: string; step: string; action: string });
    const place = journal.find((e) => e.action === 'place' && e.step === 'request');
    expect(place).toBeTruthy();
    expect(journal.some((e) => e.intentId === place?.intentId && e.step === 'outcome')).toBe(false);
    const errors = JSON.parse(files['errors.json'] ?? '[]') as {
      code: unknown;
      intentIds: string[];
    }[];
    expect(
      errors.some((e) => e.code === -201 && e.intentIds.includes(place?.intentId ?? '?')),
    ).toBe(true);
    const id = place?.intentId ?? '?';
    const openPart = (text: string) => text.slice(text.indexOf('Order actions still unconfirmed'));
    expect(openPart(summary)).toMatch(/^Order actions still unconfirmed \(1\)/);
    expect(openPart(summary)).toContain(`intent ${id}  (sent, last step:`);
    expect(openPart(html)).toMatch(/^Order actions still unconfirmed \(1\)<\/h2>/);
    expect(openPart(html).split('</table>')[0]).toContain(id);

    // One order's story: the journal's intent id is on its request line.
    const line = requests.find((r) => r.method === 'POST' && r.status === 500);
    expect(line?.intentIds).toEqual([place?.intentId]);

    // No canary anywhere: not in the bundle's entries, not in any file of the data folder
    // (app and request logs, journals, settings, budget), compressed or not.
    const canaries: Record<string, string> = {
      'app secret': SECRET_CANARY,
      name: PERSON.name,
      'e-mail': PERSON.email,
      PAN: PERSON.pan,
      'mobile number': PERSON.mobile,
      'client id': PERSON.svc_id,
    };
    issued.tokens.forEach((t, i) => (canaries[`token ${i}`] = t));
    issued.authCodes.forEach((c, i) => (canaries[`auth code ${i}`] = c));
    issued.proofs.forEach((p, i) => (canaries[`verifier ${i}`] = p));
    issued.transDtls.forEach((t, i) => (canaries[`TransDtls ${i}`] = t));
    const texts = readTree(dataDir);
    for (const dir of ['logs', 'journal'])
      expect(
        Object.keys(texts).some((n) => n.startsWith(`${dir}/`)),
        dir,
      ).toBe(true);
    expect(Object.keys(texts)).toContain('export/bundle.zip:summary.txt');
    expect(Object.keys(texts).some((n) => /^support\/.*\.zip:snapshots\.json$/.test(n))).toBe(true);
    const leaks: string[] = [];
    for (const [where, text] of Object.entries(texts))
      for (const [what, value] of Object.entries(canaries))
        if (text.includes(value)) leaks.push(`${what} found in ${where}`);
    expect(leaks).toEqual([]);
  } finally {
    if (!stopped) await harness.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
