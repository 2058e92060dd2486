/**
 * electron/main.ts under the fake `electron`, the whole composition (real core, electron-store
 * settings, the Demo broker in its own process): a crashed window is reloaded and gets back the
 * ticket being typed; quitting cancels Electron's first `will-quit`, disposes every service,
 * and exits only once the order journal and the day's request count are on disk.
 */
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

register('./electron-loader.mjs', import.meta.url);
const fake = await import('./fake-electron');
const { recorded } = fake;

const appPath = mkdtempSync(join(tmpdir(), 'tickdesk-quit-test-'));
mkdirSync(join(appPath, 'dist/renderer'), { recursive: true });
writeFileSync(join(appPath, 'dist/renderer/index.html'), '<!doctype html><title>t</title>');
recorded.appPath = appPath;

const { pageCall: call } = await import('./page-call');
const data = async <T>(channel: string, input?: unknown): Promise<T> => {
  const r = await call(channel, input);
  assert.ok(r.ok, `${channel}: ${JSON.stringify(r)}`);
  return r.data as T;
};

const kept = {
  open: true,
  draft: {
    symbol: null,
    side: -1,
    qty: '15',
    type: 4,
    productType: 'MARGIN',
    limitPrice: '812.',
    stopPrice: '8l2',
    validity: 'DAY',
    disclosedQty: '',
    stopLoss: '',
    takeProfit: '',
    offlineOrder: true,
  },
};

before(async () => {
  delete process.env.TICKDESK_DEV;
  const main = await import('../../../electron/main');
  await main.ready;
});

describe('electron/main.ts: a crashed window', () => {
  it('is reloaded, and the page gets back the ticket exactly as typed', async () => {
    const contents = recorded.windows[0]!.webContents;
    await data('drafts.keepTicket', kept);
    await data('drafts.pageClosed');
    assert.equal(
      await data('drafts.ticket'),
      null,
      'after a normal close the next page starts empty',
    );
    await data('drafts.keepTicket', kept);
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    assert.equal(contents.reloads, 1);
    assert.deepEqual(await data('drafts.ticket'), kept, 'the reloaded page gets it back');
    assert.equal(await data('drafts.ticket'), null, 'once');
  });

  it('is not reloaded after a clean exit, nor forever in a crash loop', () => {
    const contents = recorded.windows[0]!.webContents;
    contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    assert.equal(contents.reloads, 1);
    for (let k = 0; k < 5; k++)
      contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 });
    assert.equal(contents.reloads, 3, 'three reloads a minute at most');
  });

  it('refuses a draft outside the contract and keeps the one it had', async () => {
    const bad = await call('drafts.keepTicket', { ...kept, draft: { ...kept.draft, side: 2 } });
    assert.equal(bad.ok, false);
    const tooLong = await call('drafts.keepTicket', {
      ...kept,
      draft: { ...kept.draft, qty: '9'.repeat(65) },
    });
    assert.equal(tooLong.ok, false);
    recorded.windows[0]!.webContents.emit('render-process-gone', {}, { reason: 'killed' });
    assert.deepEqual(await data('drafts.ticket'), kept);
  });
});

describe('electron/main.ts: quitting', () => {
  it('waits for the order journal and the day count, then exits once', async () => {
    const login = await data<{ status: string }>('session.login');
    assert.equal(login.status, 'active');
    const demo = recorded.utilityProcesses[0];
    assert.ok(demo, 'the Demo broker runs in a utility process');
    assert.match(demo.modulePath, /dist[/\\]sandbox[/\\]child\.cjs$/);
    const demoExit = new Promise<number>((r) => demo.child.once('exit', r));

    const journalDir = join(appPath, 'journal');
    const journalText = () =>
      existsSync(journalDir)
        ? readdirSync(journalDir)
            .map((f) => readFileSync(join(journalDir, f), 'utf8'))
            .join('')
        : '';
    // A read answered before the quit: at least one request the day count must hold, whatever
    // the login's own reads have or have not sent yet.
    await data('portfolio.funds');
    const countedNow = async () => (await data<{ day: { used: number } }>('budget.state')).day.used;
    const beforeCancel = await countedNow();
    assert.ok(beforeCancel >= 1, `the read was counted: ${beforeCancel}`);
    // An order action in flight when the trader quits.
    const cancel = call('orders.cancel', { id: '99999999999999' });
    // Up to 10 s: on a loaded machine the cancel's request can take seconds to be journaled,
    // and quitting before it would test a quit with nothing in flight. The journal's "request"
    // step is written before the request joins the scheduler's queue: the quit waits until the
    // scheduler has sent it (counted it) too, or it would be a queued action disposal drops
    // (CI once: "requests counted: 1", the login's reads not yet sent and the cancel queued).
    let sentCount = beforeCancel;
    for (let i = 0; i < 1000; i++) {
      sentCount = await countedNow();
      if (/"step":"request"/.test(journalText()) && sentCount > beforeCancel) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.match(journalText(), /"step":"request"/, 'the cancel is on its way before the quit');
    assert.ok(sentCount > beforeCancel, 'the cancel left the queue before the quit');
    const dayFile = join(appPath, 'budget-day.json');
    recorded.onExit = () => ({
      day: existsSync(dayFile) ? (JSON.parse(readFileSync(dayFile, 'utf8')) as unknown) : null,
      journal: journalText(),
    });

    let prevented = 0;
    const quit = { preventDefault: () => prevented++ };
    fake.app.emit('will-quit', quit);
    fake.app.emit('will-quit', quit);
    assert.equal(prevented, 2, 'Electron is stopped from quitting while the core disposes');
    assert.equal(recorded.exits.length, 0, 'not before disposal');

    for (let i = 0; i < 600 && recorded.exits.length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    assert.equal(recorded.exits.length, 1, 'exits exactly once');
    const { code, seen } = recorded.exits[0]! as {
      code: number;
      seen: { day: { count: number; clean?: boolean } | null; journal: string };
    };
    assert.equal(code, 0);
    assert.ok(seen.day, 'the day count was written before exit');
    assert.equal(seen.day.clean, true, 'written by the scheduler at disposal');
    // Every request sent before the quit is in the count written at disposal.
    assert.ok(
      seen.day.count >= sentCount,
      `requests counted: ${seen.day.count}, sent before the quit: ${sentCount}`,
    );
    const steps = seen.journal
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { step: string; action: string }).step);
    assert.ok(steps.includes('request'), steps.join(','));
    assert.ok(
      steps.includes('response') || steps.includes('outcome') || steps.includes('unconfirmed'),
      `the answer to the action in flight is journaled before exit: ${steps.join(',')}`,
    );
    const answered = await cancel;
    assert.ok(answered.ok);
    assert.equal(await demoExit, 0, 'the Demo broker was asked to stop and stopped cleanly');
  });
});
