/**
 * Settings written before quotes/depth and history had two addresses (version 1), through
 * the composed app over the real settings file. Version 1 stored the v2 data address for
 * every Live account added through Settings, and sent quotes, depth and history there; the
 * broker's v2 SDK reads only history there. Upgrading must not send such an account's quotes
 * to the history host, and an address the trader chose keeps serving what it served.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { dataBaseOf, historyBaseOf } from '../../../electron/core/app/market-data-runtime';
import { LIVE_DATA_BASE_URL, LIVE_HISTORY_BASE_URL } from '../../../shared/marketdata/endpoints';
import { startComposedApp } from './composed-app';

const account = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  label: `Account ${id}`,
  environment: 'live',
  appId: `APP${id.toUpperCase()}-100`,
  redirectUrl: 'http://127.0.0.1:8765/callback',
  template: 'orders',
  ...over,
});

test('a version 1 v2 account on the old published data address reads quotes from the data host and history from the history host', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickdesk-data-address-'));
  const path = join(dir, 'settings.json');
  const proxy = 'https://quotes.proxy.example/data-rest/v2/';
  writeFileSync(
    path,
    JSON.stringify({
      version: 1,
      accounts: [
        account('published', { dataBaseUrl: 'https://api.fyers.in/data-rest/v2/' }),
        account('proxied', { dataBaseUrl: proxy }),
        account('plain'),
        account('v3', { broker: 'fyers-v3', dataBaseUrl: 'https://api-t1.fyers.in/data' }),
      ],
      activeAccountId: 'published',
    }),
  );
  const app = await startComposedApp({ dataDir: dir, login: false });
  try {
    const byId = (id: string) => app.core.settings.account(id) ?? undefined;
    assert.equal(dataBaseOf(byId('published')), LIVE_DATA_BASE_URL, 'quotes and depth: data host');
    assert.equal(historyBaseOf(byId('published')), LIVE_HISTORY_BASE_URL, 'history: its host');
    // The trader's own address keeps serving all three, as before.
    assert.equal(dataBaseOf(byId('proxied')), proxy);
    assert.equal(historyBaseOf(byId('proxied')), proxy);
    // Nothing stored: the published defaults, untouched.
    assert.equal(dataBaseOf(byId('plain')), LIVE_DATA_BASE_URL);
    assert.equal(historyBaseOf(byId('plain')), LIVE_HISTORY_BASE_URL);
    // v3 serves history on its data host; not a v2 account, left as it was.
    assert.equal(byId('v3')?.dataBaseUrl, 'https://api-t1.fyers.in/data');
    assert.equal(byId('v3')?.historyBaseUrl, undefined);

    const view = await app.call('settings.get');
    const shown = view.accounts.find((a) => a.id === 'published');
    assert.equal(
      shown?.historyBaseUrl,
      LIVE_HISTORY_BASE_URL,
      'Settings shows the history address',
    );

    const onDisk = JSON.parse(readFileSync(path, 'utf8')) as { version: number };
    assert.equal(onDisk.version, 2, 'the file is written at the new version');
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
