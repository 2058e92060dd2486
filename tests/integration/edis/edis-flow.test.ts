// eDIS end to end against the sandbox: the real broker client (index, inquiry, details),
// our form parser, and a DepositoryWindowPort fake that does what the Electron window does:
// posts the form over HTTP, shows the depository page to a "trader" who types TPIN and OTP
// into it, and reports completion by URL or page title.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startLoginRig, type LoginRig } from '../auth/login-harness';
import { createBrokerClient } from '../../../electron/core/broker/broker-client';
import { createHttpTransport } from '../../../electron/core/broker/http-transport';
import { createEdisService } from '../../../electron/core/edis/edis-service';
import { httpDepositoryWindow, type TraderInput } from '../../support/http-depository-window';
import { DEMO_USER } from '../../../sandbox/auth/user';

async function edisRig(trader: TraderInput[]) {
  const rig: LoginRig = await startLoginRig({ template: 'orders' });
  const snap = await rig.session.login();
  assert.equal(snap.status, 'active');
  assert.equal(snap.capabilities.edis, true);
  const transport = createHttpTransport({
    baseUrl: rig.sandbox.url,
    credentials: () => rig.session.credentials() ?? undefined,
    onAuthFailure: (e) => rig.session.reportAuthFailure(e.code, e.httpStatus),
  });
  const broker = createBrokerClient({ transport });
  const window = httpDepositoryWindow(trader);
  const edis = createEdisService({
    broker,
    depositoryWindow: window,
    baseUrl: () => rig.sandbox.url,
  });
  const holdings = await broker.getHoldings();
  const first = holdings.holdings[0];
  assert.ok(first, 'the sandbox demo account has holdings');
  const isin = rig.sandbox.instruments.find((i) => i.ticker === first.symbol)?.isin;
  assert.ok(isin, `ISIN of ${first.symbol}`);
  return { rig, edis, window, isin };
}

test('TPIN request, authorization with TPIN + OTP on the depository page, inquiry and history', async () => {
  const { rig, edis, window, isin } = await edisRig([{ tpin: DEMO_USER.tpin, otp: DEMO_USER.otp }]);
  try {
    const tpin = await edis.requestTpin();
    assert.match(tpin.message, /TPIN/);
    const r = await edis.authorize([{ isin, qty: 1 }]);
    assert.equal(r.outcome, 'completed', r.message);
    assert.deepEqual(r.inquiry, { successCount: 1, failedCount: 0 });
    assert.match(r.transactionId ?? '', /^SBXTXN/);
    assert.deepEqual(window.pages, [
      'Sandbox depository: authorize sale',
      'Sandbox depository: authorized',
    ]);
    assert.match(window.posted[0] ?? '', /^DPId=\d+&ReqId=SBXREQ\d+&Version=1\.1&TransDtls=/);
    // The depository is another origin than the broker's, as a real one is.
    assert.equal(window.actions[0], new URL(rig.sandbox.depositoryUrl).origin);
    assert.notEqual(window.actions[0], new URL(rig.sandbox.url).origin);
    const history = await edis.details();
    const row = history.find((d) => d.transactionId === r.transactionId);
    assert.ok(row, 'the authorization is in the history');
    assert.equal(row.status, 'SUCCESS');
    assert.equal(row.isin, isin);
    const logs = rig.logs.lines().join('\n');
    assert.equal(logs.includes(DEMO_USER.tpin), false);
    assert.equal(logs.includes(DEMO_USER.otp), false);
  } finally {
    await rig.close();
  }
});

test('three wrong TPINs: the depository fails the request and the inquiry says so', async () => {
  const wrong = { tpin: '000000', otp: DEMO_USER.otp };
  const { rig, edis, window, isin } = await edisRig([wrong, wrong, wrong]);
  try {
    const r = await edis.authorize([{ isin, qty: 1 }]);
    assert.equal(r.outcome, 'failed');
    assert.deepEqual(r.inquiry, { successCount: 0, failedCount: 1 });
    assert.equal(window.pages.at(-1), 'Sandbox depository: failed');
  } finally {
    await rig.close();
  }
});

test('two authorizations in a row: each finds its own transaction id in the history', async () => {
  const ok = { tpin: DEMO_USER.tpin, otp: DEMO_USER.otp };
  const { rig, edis, isin } = await edisRig([ok, ok]);
  try {
    const a = await edis.authorize([{ isin, qty: 1 }]);
    const b = await edis.authorize([{ isin, qty: 2 }]);
    assert.equal(a.outcome, 'completed', a.message);
    assert.equal(b.outcome, 'completed', b.message);
    assert.notEqual(a.transactionId, b.transactionId);
    const history = await edis.details();
    assert.equal(history.find((d) => d.transactionId === a.transactionId)?.qty, 1);
    assert.equal(history.find((d) => d.transactionId === b.transactionId)?.qty, 2);
  } finally {
    await rig.close();
  }
});

test('closing the depository window cancels without an inquiry; the request stays pending', async () => {
  const { rig, edis, isin } = await edisRig([{ tpin: '', otp: '', giveUp: true }]);
  try {
    const r = await edis.authorize([{ isin, qty: 1 }]);
    assert.equal(r.outcome, 'cancelled');
    assert.equal(r.inquiry, null);
    assert.equal(r.transactionId, null, 'no guessed transaction id');
    const pending = (await edis.details()).filter((d) => d.isin === isin);
    assert.deepEqual(
      pending.map((d) => d.status),
      ['PENDING'],
    );
    const later = await edis.inquiry(pending[0]?.transactionId ?? '');
    assert.deepEqual(later, { successCount: 0, failedCount: 0 });
  } finally {
    await rig.close();
  }
});
