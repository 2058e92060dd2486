/**
 * The GTT journal (journal/gtt-YYYY-MM-DD.jsonl) travels in the support bundle like the order
 * journal (issue 21): a GTT created on the composed app (createAppCore in Demo on API v3, the
 * sandbox over HTTP) is in the bundle's `gtt-journal.jsonl`, from the running app and from
 * `--export-diagnostics`; the bundle's redaction applies to it (a secret a GTT journal line
 * carries never leaves the computer), and the summary's unconfirmed actions include the GTT
 * actions the journal left open.
 */
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import type { GttAction } from '../../../shared/broker/gtt';
import { Side } from '../../../shared/broker/enums';
import { istDayKey } from '../../../shared/format/ist';
import { exportDiagnostics } from '../../../electron/core/app/export-diagnostics';
import { DATA_LAYOUT } from '../../../electron/core/diagnostics/bundle-sources';
import { journalFileFor } from '../../../electron/core/orders/journal/daily-order-journal';
import { startComposedApp, type ComposedApp } from '../safety/composed-app';

let app: ComposedApp;
let created: GttAction;
const SECRET = 'gtt-journal-secret-9f3a1c';
const OPEN = 'SELL 7 NSE:TCS-EQ OCO target ₹4,100 / stop ₹3,600';

before(async () => {
  app = await startComposedApp({ dialect: 'fyers-v3' });
  await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 800 });
  created = await app.core.gtt.create(
    {
      kind: 'oco',
      symbol: 'NSE:SBIN-EQ',
      side: Side.Buy,
      productType: 'CNC',
      target: { triggerPrice: 880, limitPrice: 880, qty: 1 },
      stop: { triggerPrice: 720, limitPrice: 720, qty: 1 },
    },
    { confirmed: true },
  );
  assert.equal(created.status, 'done', created.note);
  // A line as a careless writer might leave it: a token under a key the redaction knows.
  const file = join(
    app.dataDir,
    DATA_LAYOUT.journal,
    journalFileFor(istDayKey(Date.now()), DATA_LAYOUT.gttJournalStem),
  );
  const line = (o: Record<string, unknown>) =>
    `${JSON.stringify({ at: new Date().toISOString(), action: 'gtt-create', ...o })}\n`;
  appendFileSync(
    file,
    line({ intentId: 'planted', step: 'response', data: { access_token: SECRET } }) +
      // A create sent when Tickdesk stopped: no outcome yet (reconciled at the next login).
      line({ intentId: 'open-one', step: 'intent', data: { kind: 'create', summary: OPEN } }) +
      line({ intentId: 'open-one', step: 'request' }),
  );
});

after(async () => {
  await app?.close();
});

function entries(zip: Uint8Array): Map<string, string> {
  return new Map(Object.entries(unzipSync(zip)).map(([n, d]) => [n, strFromU8(d)]));
}

function assertGttJournal(parts: Map<string, string>): void {
  const text = parts.get('gtt-journal.jsonl');
  assert.ok(text, `the bundle has gtt-journal.jsonl (parts: ${[...parts.keys()].join(', ')})`);
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const steps = lines.filter((e) => e.intentId === created.actionId).map((e) => e.step);
  assert.deepEqual(steps, ['intent', 'request', 'response', 'outcome']);
  assert.ok(
    lines.some((e) => e.intentId === 'planted'),
    'the planted line is there, redacted',
  );
  for (const [name, data] of parts) assert.ok(!data.includes(SECRET), `${name} carries the secret`);
  // The summary's unconfirmed actions name the GTT action the journal left open.
  assert.ok(
    (parts.get('summary.txt') ?? '').includes(OPEN),
    'summary.txt lists the open GTT action',
  );
  const manifest = JSON.parse(parts.get('manifest.json') ?? '{}') as { files: string[] };
  assert.ok(manifest.files.includes('gtt-journal.jsonl'), 'the manifest lists it');
}

test('the running app puts the GTT journal in the support bundle, redacted', async () => {
  const bundle = await app.core.exportSupportBundle();
  assertGttJournal(entries(await readFile(bundle.path)));
});

test('--export-diagnostics puts it there the same way', async () => {
  const out = join(app.dataDir, 'cli-bundle.zip');
  await exportDiagnostics({
    appName: 'Tickdesk',
    version: '0.0.0-test',
    dataDir: app.dataDir,
    out,
  });
  assertGttJournal(entries(await readFile(out)));
});
