import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_USER } from '../../../sandbox/auth/user';
import { order, session, type Session } from './helpers';

let s: Session;
before(async () => {
  s = await session();
});
after(() => s.sb.close());

type Row = Record<string, unknown>;
const form = (path: string, fields: Record<string, string>) =>
  fetch(new URL(path, s.sb.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

test('eDIS end to end: tpin, index form, depository TPIN+OTP, completion page, inquiry, details, then the CNC sell', async () => {
  const h = ((await s.call('GET', '/api/v2/holdings')).json.holdings as Row[])[0]!;
  const isin = String(h.isin);
  const sell = () =>
    s.call(
      'POST',
      '/api/v2/orders',
      order({ symbol: h.symbol, productType: 'CNC', side: -1, qty: 5 }),
    );

  const before = await sell();
  assert.deepEqual([before.status, before.json.code], [400, -99]);
  assert.match(String(before.json.message), /needs a depository authorization \(eDIS\)/);

  const tpin = await s.call('GET', '/api/v2/tpin');
  assert.deepEqual([tpin.status, tpin.json.s, tpin.json.data], [200, 'ok', '']);

  const bad = await s.call('POST', '/api/dev/index', {
    recordLst: [{ isin_code: 'INE000000000', qty: 1 }],
  });
  assert.equal(bad.json.code, -50);
  assert.match(String(bad.json.message), /not in your demat holdings/);
  const tooMany = await s.call('POST', '/api/dev/index', {
    recordLst: [{ isin_code: isin, qty: Number(h.quantity) + 1 }],
  });
  assert.match(String(tooMany.json.message), /more than the/);

  const idx = await s.call('POST', '/api/dev/index', { recordLst: [{ isin_code: isin, qty: 5 }] });
  assert.equal(idx.json.s, 'ok');
  const html = String(idx.json.data);
  assert.match(html, new RegExp(`<form method="POST" action="${s.sb.url}/edis/depository"`));
  for (const n of ['DPId', 'ReqId', 'Version', 'TransDtls'])
    assert.ok(hidden(html, n), `hidden input ${n}`);
  const reqId = hidden(html, 'ReqId');

  const page = await form('/edis/depository', {
    DPId: hidden(html, 'DPId'),
    ReqId: reqId,
    Version: hidden(html, 'Version'),
    TransDtls: hidden(html, 'TransDtls'),
  });
  const pageHtml = await page.text();
  assert.equal(page.status, 200);
  assert.match(pageHtml, /name="tpin"/);
  assert.match(pageHtml, /name="otp"/);
  assert.match(pageHtml, new RegExp(isin));

  const wrong = await form('/edis/depository/authorize', {
    ReqId: reqId,
    tpin: '000000',
    otp: DEMO_USER.otp,
  });
  assert.equal(wrong.status, 401);
  assert.match(await wrong.text(), /TPIN is incorrect. 2 attempts left/);

  const done = await form('/edis/depository/authorize', {
    ReqId: reqId,
    tpin: DEMO_USER.tpin,
    otp: DEMO_USER.otp,
  });
  const doneHtml = await done.text();
  assert.match(doneHtml, /Authorization successful/);
  const txn = /id="edis-transaction-id">([^<]+)</.exec(doneHtml)![1]!;

  const inq = await s.call('POST', '/api/v2/inquiry', { transactionId: txn });
  assert.deepEqual(inq.json.data, { FAILED_CNT: 0, SUCEESS_CNT: 1 });
  assert.equal((await s.call('POST', '/api/v2/inquiry', { transactionId: 'nope' })).json.code, -50);

  const ok = await sell();
  assert.equal(ok.json.code, 1101, JSON.stringify(ok.json));
  const more = await sell();
  assert.match(String(more.json.message), /needs a depository authorization \(eDIS\)/);

  const det = (await s.call('GET', '/api/v2/details')).json.data as Row[];
  assert.equal(det.length, 1);
  const d = det[0]!;
  assert.deepEqual(
    [d.isin, d.qty, d.qtyUtlize, d.status, d.transactionId],
    [isin, 5, 5, 'SUCCESS', txn],
  );
  assert.match(String(d.entryDate), /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  assert.match(String(d.startDate), /^\d{2}\/\d{2}\/\d{4}$/);

  await s.control('tick');
  const hs = (await s.call('GET', '/api/v2/holdings')).json.holdings as Row[];
  const after = hs.find((x) => x.isin === isin)!;
  assert.equal(after.remainingQuantity, Number(h.quantity) - 5);
});

test('three wrong attempts fail the request; inquiry reports it', async () => {
  const h = ((await s.call('GET', '/api/v2/holdings')).json.holdings as Row[])[1]!;
  const idx = await s.call('POST', '/api/dev/index', {
    recordLst: [{ isin_code: h.isin, qty: 1 }],
  });
  const reqId = hidden(String(idx.json.data), 'ReqId');
  for (let k = 0; k < 3; k++)
    await form('/edis/depository/authorize', { ReqId: reqId, tpin: DEMO_USER.tpin, otp: '000000' });
  const inq = await s.call('POST', '/api/v2/inquiry', { transactionId: reqId });
  assert.deepEqual(inq.json.data, { FAILED_CNT: 1, SUCEESS_CNT: 0 });
  const unknown = await form('/edis/depository', { ReqId: 'NOPE' });
  assert.equal(unknown.status, 400);
});
