/**
 * The GTT journal (journal/gtt-YYYY-MM-DD.jsonl) travels in the support bundle like the order
 * journal (issue 21): a GTT created on the composed app (createAppCore in Demo on API v3, the
 * sandbox over HTTP) is in the bundle's `gtt-journal.jsonl`, from the running app and from
 * `--export-diagnostics`, and the bundle's redaction applies to it: a secret a GTT journal
 * line carries never leaves the computer.
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
  appendFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), intentId: 'planted', step: 'response', action: 'gtt-create', data: { access_token: SECRET } })}\n`,
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
