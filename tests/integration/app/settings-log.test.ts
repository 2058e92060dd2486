/**
 * Issue 18 (review 8), through the composed app over the real JSON settings file: when the
 * stored settings fail the schema, the log says where and how (paths and codes) but never
 * what the trader had stored there. A schema issue's own message can carry the value it
 * refused ("received 'MY-VALUE'"), and settings hold account ids, redirect addresses and
 * labels the trader may not want in a log sent to support.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startComposedApp } from './composed-app';

/** Values no log line may contain. */
const MARKS = ['ZQXMARK-TEMPLATE', 'ZQXMARK-THEME', 'ZQXMARK-ENV', 'ZQXMARK-LIST'];

test('stored settings that fail the schema are logged by path and code, never by value', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-settings-log-'));
  writeFileSync(
    join(dir, 'settings.json'),
    JSON.stringify({
      version: 1,
      accounts: [
        {
          id: 'mine',
          label: 'Mine',
          environment: MARKS[2],
          appId: 'APPMINE-100',
          redirectUrl: 'http://127.0.0.1:8765/callback',
          template: MARKS[0],
        },
      ],
      activeAccountId: 'mine',
      preferences: { theme: MARKS[1] },
      // A duplicate symbol: the schema's own message names the list (and the symbol).
      watchlists: [{ id: 'w1', name: MARKS[3], symbols: ['NSE:SBIN-EQ', 'NSE:SBIN-EQ'] }],
    }),
  );
  const app = await startComposedApp({ dataDir: dir, login: false });
  try {
    const view = await app.call('settings.get');
    assert.equal(view.loadIssue?.kind, 'invalid', 'the file was found invalid (and salvaged)');
    const line = app.logLines.find((l) => l.includes('stored settings invalid'));
    assert.ok(line, `the invalid settings are logged:\n${app.logLines.join('\n')}`);
    assert.match(line, /accounts\.0\.template/, 'the log names where');
    assert.match(line, /"kind":"invalid_value"/, 'and how (the schema issue code)');
    assert.match(line, /"watchlists\.0\.symbols\.1","kind":"custom"/);
    for (const mark of MARKS)
      for (const l of app.logLines) assert.ok(!l.includes(mark), `a stored value was logged: ${l}`);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
