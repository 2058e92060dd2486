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
/** Posts a form to the depository's own origin (or, with `origin`, to another). */
const form = (path: string, fields: Record<string, string>, origin = s.sb.depositoryUrl) =>
  fetch(new URL(path, origin), {
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
  assert.match(
    html,
    new RegExp(`<form method="POST" action="${s.sb.depositoryUrl}/edis/depository"`),
  );
  assert.notEqual(new URL(s.sb.depositoryUrl).origin, new URL(s.sb.url).origin);
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
  // The request id is the depository's key, not the broker's: the inquiry refuses it.
  const byReq = await s.call('POST', '/api/v2/inquiry', { transactionId: reqId });
  assert.equal(byReq.json.code, -50, JSON.stringify(byReq.json));

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
  const det = (await s.call('GET', '/api/v2/details')).json.data as Row[];
  const txn = String(det.find((d) => d.isin === h.isin && d.status === 'FAILED')?.transactionId);
  const inq = await s.call('POST', '/api/v2/inquiry', { transactionId: txn });
  assert.deepEqual(inq.json.data, { FAILED_CNT: 1, SUCEESS_CNT: 0 });
  const unknown = await form('/edis/depository', { ReqId: 'NOPE' });
  assert.equal(unknown.status, 400);
});

test('TransDtls is opaque: no request id, transaction id, ISIN or JSON inside, and new each time', async () => {
  const h = ((await s.call('GET', '/api/v2/holdings')).json.holdings as Row[])[2]!;
  const index = () =>
    s.call('POST', '/api/dev/index', { recordLst: [{ isin_code: h.isin, qty: 1 }] });
  const a = String((await index()).json.data);
  const b = String((await index()).json.data);
  const dtls = hidden(a, 'TransDtls');
  assert.match(dtls, /^[A-Za-z0-9+/]+=*$/, 'base64');
  const decoded = Buffer.from(dtls, 'base64').toString('latin1');
  assert.throws(() => JSON.parse(decoded) as unknown, 'not JSON');
  const det = (await s.call('GET', '/api/v2/details')).json.data as Row[];
  for (const secret of [
    hidden(a, 'ReqId'),
    String(h.isin),
    ...det.map((d) => String(d.transactionId)),
  ])
    assert.equal(decoded.includes(secret), false, `TransDtls reveals ${secret}`);
  assert.notEqual(hidden(b, 'TransDtls'), dtls);
  // Nor can the transaction id be derived from the request id's sequence.
  const txns = det.map((d) => String(d.transactionId));
  assert.equal(new Set(txns).size, txns.length);
  for (const t of txns) assert.equal(t.includes(hidden(a, 'ReqId').replace(/\D/g, '')), false);
});

test('the depository checks TransDtls and lives only on its own origin', async () => {
  const h = ((await s.call('GET', '/api/v2/holdings')).json.holdings as Row[])[3]!;
  const idx = await s.call('POST', '/api/dev/index', {
    recordLst: [{ isin_code: h.isin, qty: 1 }],
  });
  const html = String(idx.json.data);
  const fields = {
    DPId: hidden(html, 'DPId'),
    ReqId: hidden(html, 'ReqId'),
    Version: hidden(html, 'Version'),
    TransDtls: hidden(html, 'TransDtls'),
  };
  const onBroker = await form('/edis/depository', fields, s.sb.url);
  assert.equal(onBroker.status, 404);
  const authOnBroker = await form(
    '/edis/depository/authorize',
    { ReqId: fields.ReqId, tpin: DEMO_USER.tpin, otp: DEMO_USER.otp },
    s.sb.url,
  );
  assert.equal(authOnBroker.status, 404);
  const apiOnDepository = await fetch(new URL('/api/v2/details', s.sb.depositoryUrl));
  assert.equal(apiOnDepository.status, 404);
  const forged = await form('/edis/depository', { ...fields, TransDtls: 'AAAA' });
  assert.equal(forged.status, 400);
  assert.match(await forged.text(), /TransDtls/);
  const real = await form('/edis/depository', fields);
  assert.equal(real.status, 200);
  assert.match(await real.text(), /name="tpin"/);
});
