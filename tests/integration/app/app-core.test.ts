/**
 * The composed core, exactly as Electron and the harness build it, in Demo mode against
 * the embedded sandbox: log in, read the account, place and cancel an order, and see
 * events reach the transport. This is the wiring test; each service has its own tests.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAppCore, type AppCore } from '../../../electron/core/app/app-core';

describe('app core in Demo mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-core-'));
  const events: { name: string; payload: unknown }[] = [];
  let core: AppCore;

  before(async () => {
    core = await createAppCore({
      appName: 'Tickdesk',
      version: '0.0.0-test',
      platform: process.platform,
      host: 'harness',
      environment: 'demo',
      dataDir,
      openExternal: async () => {
        throw new Error('Demo mode must not open the system browser');
      },
      keychain: async () => ({ keychain: null, reason: 'test: memory only' }),
    });
    core.attachEmitter((name, payload) => events.push({ name, payload }));
  });

  after(async () => {
    await core.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts logged out with the Demo account active and secrets in memory', () => {
    const s = core.session.snapshot();
    assert.equal(s.status, 'logged-out');
    assert.equal(core.info().account?.id, 'demo');
    assert.equal(s.secretStorage, 'memory');
  });

  it('logs in to the embedded sandbox without a browser and announces it', async () => {
    const s = await core.session.login();
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    assert.equal(s.template, 'orders');
    assert.equal(s.capabilities.placeOrders, true);
    assert.ok(
      events.some(
        (e) =>
          e.name === 'session.changed' && (e.payload as { status: string }).status === 'active',
      ),
    );
  });

  it('reads the account through the one budget', async () => {
    const profile = await core.broker.getProfile();
    assert.ok(profile.clientId.length > 0);
    const holdings = await core.broker.getHoldings();
    assert.ok(holdings.holdings.length > 0, 'the demo portfolio has holdings');
    assert.ok(core.scheduler.getState().day.used >= 2);
  });

  it('places a limit order far from the market, sees it pending, and cancels it', async () => {
    await core.symbols.ready();
    const rules = core.symbols.lookup.rulesFor('NSE:SBIN-EQ');
    assert.ok(rules, 'SBIN is in the symbol master');
    const ltp = core.quotes.lastPrice('NSE:SBIN-EQ')?.ltp;
    const positions = await core.broker.getPositions();
    assert.ok(positions);
    const quote =
      (await core.broker.getHoldings()).holdings.find((h) => h.symbol === 'NSE:SBIN-EQ')?.ltp ??
      ltp ??
      800;
    const price = Math.round((quote * 0.97) / rules.tickSize) * rules.tickSize;
    // The demo broker follows the real clock: outside market hours this is an after-market order.
    const nseCash = (await core.broker.getMarketStatus()).find(
      (m) => m.exchange === 10 && m.segment === 10,
    );
    const offlineOrder = nseCash?.status !== 'OPEN';
    const intent = await core.orders.place(
      {
        symbol: 'NSE:SBIN-EQ',
        qty: 1,
        type: 1,
        side: 1,
        productType: 'INTRADAY',
        limitPrice: Number(price.toFixed(2)),
        stopPrice: 0,
        disclosedQty: 0,
        validity: 'DAY',
        offlineOrder,
        stopLoss: 0,
        takeProfit: 0,
      },
      { confirmGuards: true },
    );
    assert.equal(
      intent.status,
      'done',
      `${intent.note} ${JSON.stringify(intent.violations)} ${JSON.stringify(intent.error)}`,
    );
    assert.ok(intent.orderId);
    // Transit until the (simulated) exchange acknowledges it, then Pending.
    let status = 0;
    for (let i = 0; i < 50 && status !== 6; i++) {
      const book = await core.broker.getOrders({ fresh: true });
      status = book.find((o) => o.id === intent.orderId)?.status ?? 0;
      if (status !== 6) await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(status, 6, 'the order reaches Pending');
    const cancel = await core.orders.cancel(intent.orderId);
    assert.equal(cancel.status, 'done', `${cancel.note} ${JSON.stringify(cancel.error)}`);
    assert.ok(events.some((e) => e.name === 'orders.intent'));
    const journal = readdirSync(join(dataDir, 'journal'))
      .map((f) => readFileSync(join(dataDir, 'journal', f), 'utf8'))
      .join('');
    assert.match(journal, /"intent"/);
    assert.doesNotMatch(journal, /access_?token|Authorization/i);
  });

  it("redacts the account holder's name, client id, e-mail and PAN from the log once the profile is read", async () => {
    const profile = await core.broker.getProfile();
    const personal = [profile.name, profile.clientId, profile.email, profile.pan].filter(
      (v) => v.length >= 6,
    );
    assert.ok(personal.length >= 3, `the Demo profile has personal values: ${personal.join(',')}`);
    // A careless line that names them, as a future change might write.
    core.logger.warn(`portfolio: read for ${personal.join(' / ')}`, {
      who: { name: profile.name, id: profile.clientId, mobile_number: '9123407788' },
    });
    const log = readdirSync(join(dataDir, 'logs'))
      .filter((f) => f.startsWith('tickdesk-'))
      .map((f) => readFileSync(join(dataDir, 'logs', f), 'utf8'))
      .join('');
    const line = log.split('\n').find((l) => l.includes('portfolio: read for'));
    assert.ok(line, 'the line was written');
    for (const v of [...personal, '9123407788'])
      assert.equal(line.includes(v), false, `${v} is redacted: ${line}`);
  });

  it('logs every broker request as one JSON line, with the budget and the order intent it belongs to', () => {
    const journal = readdirSync(join(dataDir, 'journal'))
      .flatMap((f) => readFileSync(join(dataDir, 'journal', f), 'utf8').split('\n'))
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { intentId: string; step: string; action: string });
    const logs = join(dataDir, 'logs');
    const requests = readdirSync(logs)
      .filter((f) => f.startsWith('requests-'))
      .flatMap((f) => readFileSync(join(logs, f), 'utf8').split('\n'))
      .filter(Boolean)
      .map(
        (l) =>
          JSON.parse(l) as {
            method: string;
            path: string;
            status: number | null;
            code: number | null;
            ms: number;
            budget: { second: number; minute: number; day: number } | null;
            intentIds: string[];
          },
      );
    assert.ok(requests.length >= core.scheduler.getState().day.used, 'one line per request');
    const placeId = journal.find((e) => e.action === 'place' && e.step === 'request')?.intentId;
    const cancelId = journal.find((e) => e.action === 'cancel' && e.step === 'request')?.intentId;
    const place = requests.find((r) => r.method === 'POST' && r.path === '/api/v2/orders');
    const cancel = requests.find((r) => r.method === 'DELETE' && r.path === '/api/v2/orders');
    assert.ok(place && cancel && placeId && cancelId);
    assert.deepEqual(place.intentIds, [placeId], 'the place request names its intent');
    assert.deepEqual(cancel.intentIds, [cancelId]);
    assert.equal(place.status, 200);
    assert.equal(place.code, 1101);
    assert.ok(place.budget && place.budget.day >= 1 && place.budget.minute >= 1);
    assert.equal(typeof place.ms, 'number');
    const profile = requests.find((r) => r.path === '/api/v2/profile');
    assert.deepEqual(profile?.intentIds, [], 'reads belong to no order');
  });

  it('writes a support bundle without the token', async () => {
    const bundle = await core.exportSupportBundle();
    assert.ok(bundle.bytes > 0);
    const token = (await core.vault.getToken('demo'))?.token;
    assert.ok(token);
    assert.equal(readFileSync(bundle.path).includes(Buffer.from(token)), false);
  });

  it('logs out and forgets the token', async () => {
    const s = await core.session.logout();
    assert.equal(s.status, 'logged-out');
    assert.equal(await core.vault.getToken('demo'), null);
  });
});

describe('a new Demo launch', () => {
  it('forgets a Demo token kept by an earlier launch, whose sandbox no longer exists', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-core-relaunch-'));
    // One keychain shared by both launches, as on a trader's machine.
    const stored = new Map<string, string>();
    const keychain = async () => ({
      reason: null,
      keychain: {
        getPassword: async (s: string, a: string) => stored.get(`${s}/${a}`) ?? null,
        setPassword: async (s: string, a: string, p: string) => void stored.set(`${s}/${a}`, p),
        deletePassword: async (s: string, a: string) => stored.delete(`${s}/${a}`),
      },
    });
    const deps = {
      appName: 'Tickdesk',
      version: '0.0.0-test',
      platform: process.platform,
      host: 'harness' as const,
      environment: 'demo' as const,
      dataDir,
      openExternal: async () => {},
      keychain,
      keychainService: `Tickdesk-test-${process.pid}`,
    };
    try {
      const first = await createAppCore(deps);
      assert.equal((await first.session.login()).status, 'active');
      await first.dispose();
      const second = await createAppCore(deps);
      try {
        assert.equal(
          second.session.snapshot().status,
          'logged-out',
          'not "expired" with a dead token',
        );
        assert.equal((await second.session.login()).status, 'active');
      } finally {
        await second.dispose();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a Live launch', () => {
  it('makes a live account active instead of the Demo one, and starts no sandbox', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-core-live-'));
    const base = {
      appName: 'Tickdesk',
      version: '0.0.0-test',
      platform: process.platform,
      host: 'harness' as const,
      dataDir,
      openExternal: async () => {},
      keychain: async () => ({ keychain: null, reason: 'test: memory only' }),
    };
    try {
      const demo = await createAppCore({ ...base, environment: 'demo' });
      await demo.settings.upsertAccount({
        id: 'mylive',
        label: 'My broker app',
        environment: 'live',
        appId: 'APP-100',
        redirectUrl: 'http://127.0.0.1:17878/callback',
        template: 'orders',
        baseUrl: 'https://broker.example',
      });
      assert.equal(demo.info().account?.id, 'demo');
      await demo.dispose();
      const live = await createAppCore({ ...base, environment: 'live' });
      try {
        assert.equal(live.info().account?.id, 'mylive');
        assert.equal(live.demoBrokerUrl, null);
      } finally {
        await live.dispose();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
