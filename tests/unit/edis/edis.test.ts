import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  DepositoryFormError,
  decodeEntities,
  encodeDepositoryForm,
  parseDepositoryForm,
} from '../../../electron/core/edis/depository-form';
import {
  EdisInputError,
  createEdisService,
  defaultIsCompletion,
  defaultIsCompletionTitle,
  UNLISTED_MESSAGE,
  validateEdisItems,
  type EdisBroker,
} from '../../../electron/core/edis/edis-service';
import type {
  DepositorySubmission,
  DepositoryWindowPort,
} from '../../../electron/core/edis/depository-window-port';
import {
  ENTRY_TIME_SLACK_MS,
  findListedTransaction,
  listedIds,
  transactionIdFromUrl,
} from '../../../electron/core/edis/transaction-lookup';
import type { EdisDetail } from '../../../shared/broker/models';

/** One details record as the broker client returns it. */
function detail(
  transactionId: string,
  isin: string,
  qty: number,
  enteredAt: string | null = null,
): EdisDetail {
  return {
    clientId: 'XA00001',
    isin,
    qty,
    qtyUtilized: 0,
    enteredAt,
    startDate: null,
    endDate: null,
    days: 1,
    source: 'API',
    status: 'PENDING',
    reason: '',
    internalTxnId: '',
    dpTxnId: '',
    errCode: '',
    errorCount: '0',
    transactionId,
  };
}

const FORM = `<html><body onload="document.forms[0].submit()">
<!-- <form action="http://evil.example/steal"> -->
<script>var x = '<input type="hidden" name="DPId" value="fake">';</script>
<form name="frmEdis" method="POST" action="https://edis.depository.example/eDIS/VerifyDIS/">
  <input type="hidden" name="DPId" value="12345" />
  <input type='hidden' name='ReqId' value='REQ0001'>
  <input type="hidden" name="Version" value=1.1>
  <input type="hidden" name="TransDtls" value="eyJ0cmFuc2FjdGlvbklkIjoiVFhOLTQyIn0=&amp;x" />
  <input type="text" name="Note" value="ignored" />
  <input type="submit" value="Go">
</form></body></html>`;

test('parses action and the four hidden fields; ignores comments, scripts and other inputs', () => {
  const f = parseDepositoryForm(FORM);
  assert.equal(f.action, 'https://edis.depository.example/eDIS/VerifyDIS/');
  assert.equal(f.method, 'POST');
  assert.deepEqual(f.fields, {
    DPId: '12345',
    ReqId: 'REQ0001',
    Version: '1.1',
    TransDtls: 'eyJ0cmFuc2FjdGlvbklkIjoiVFhOLTQyIn0=&x',
  });
  assert.equal(
    encodeDepositoryForm(f),
    'DPId=12345&ReqId=REQ0001&Version=1.1&TransDtls=eyJ0cmFuc2FjdGlvbklkIjoiVFhOLTQyIn0%3D%26x',
  );
});

test('relative actions resolve against the broker; plain http to a remote host is refused', () => {
  const rel = FORM.replace('https://edis.depository.example/eDIS/VerifyDIS/', '/depository/login');
  assert.equal(
    parseDepositoryForm(rel, 'http://127.0.0.1:4000').action,
    'http://127.0.0.1:4000/depository/login',
  );
  const insecure = FORM.replace('https://', 'http://');
  assert.throws(
    () => parseDepositoryForm(insecure),
    (e: unknown) => e instanceof DepositoryFormError && e.why === 'insecure-action',
  );
  const js = FORM.replace('https://edis.depository.example/eDIS/VerifyDIS/', 'javascript:alert(1)');
  assert.throws(() => parseDepositoryForm(js), DepositoryFormError);
});

test('missing, duplicate or empty fields and GET forms are refused', () => {
  assert.throws(
    () => parseDepositoryForm(FORM.replace(/<input type='hidden' name='ReqId'[^>]*>/, '')),
    (e: unknown) => e instanceof DepositoryFormError && e.why === 'missing-field',
  );
  assert.throws(
    () => parseDepositoryForm(FORM.replace('value="12345"', 'value=""')),
    (e: unknown) => e instanceof DepositoryFormError && e.why === 'missing-field',
  );
  assert.throws(
    () =>
      parseDepositoryForm(
        FORM.replace(
          '<input type="text"',
          '<input type="hidden" name="DPId" value="2"><input type="text"',
        ),
      ),
    (e: unknown) => e instanceof DepositoryFormError && e.why === 'duplicate-field',
  );
  assert.throws(
    () => parseDepositoryForm(FORM.replace('method="POST"', 'method="get"')),
    (e: unknown) => e instanceof DepositoryFormError && e.why === 'bad-method',
  );
  assert.throws(
    () => parseDepositoryForm('<p>no form</p>'),
    (e: unknown) => e instanceof DepositoryFormError && e.why === 'no-form',
  );
  assert.throws(
    () => parseDepositoryForm('x'.repeat(300_000)),
    (e: unknown) => e instanceof DepositoryFormError && e.why === 'too-large',
  );
});

test('entity decoding', () => {
  assert.equal(decodeEntities('a&amp;b&lt;&gt;&quot;&#39;&#x41;&#66;&bogus;'), 'a&b<>"\'AB&bogus;');
});

test('property: the parser never throws anything but DepositoryFormError on arbitrary input', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 400 }), (s) => {
      try {
        parseDepositoryForm(s, 'http://127.0.0.1:1');
      } catch (e) {
        assert.ok(e instanceof DepositoryFormError, String(e));
      }
    }),
  );
});

test('item validation', () => {
  assert.deepEqual(validateEdisItems([{ isin: 'ine062a01020', qty: 5 }]), [
    { isin: 'INE062A01020', qty: 5 },
  ]);
  assert.throws(() => validateEdisItems([]), EdisInputError);
  assert.throws(() => validateEdisItems([{ isin: 'US0378331005', qty: 1 }]), EdisInputError);
  assert.throws(() => validateEdisItems([{ isin: 'INE062A01020', qty: 1.5 }]), EdisInputError);
  assert.throws(
    () =>
      validateEdisItems([
        { isin: 'INE062A01020', qty: 1 },
        { isin: 'INE062A01020', qty: 2 },
      ]),
    EdisInputError,
  );
});

test('transaction id from the return URL: only off the depository, never from the form', () => {
  const dep = 'https://edis.depository.example';
  assert.equal(
    transactionIdFromUrl('https://broker.example/edis/done?transactionId=URL-1', dep),
    'URL-1',
  );
  assert.equal(transactionIdFromUrl(`${dep}/done?transactionId=DEP-1`, dep), null);
  assert.equal(transactionIdFromUrl('https://broker.example/edis/done', dep), null);
  assert.equal(
    transactionIdFromUrl(`https://broker.example/x?txnId=${'9'.repeat(101)}`, dep),
    null,
  );
  assert.equal(transactionIdFromUrl(null, dep), null);
  assert.equal(transactionIdFromUrl('not a url', dep), null);
});

test('transaction id from the details: the one new transaction holding exactly the items', () => {
  const items = [
    { isin: 'INE062A01020', qty: 3 },
    { isin: 'INE002A01018', qty: 1 },
  ];
  const old = [detail('OLD', 'INE062A01020', 3), detail('OLD', 'INE002A01018', 1)];
  const baseline = { knownIds: listedIds(old), startedAt: 0 };
  const fresh = [detail('NEW', 'INE062A01020', 3), detail('NEW', 'INE002A01018', 1)];
  assert.equal(findListedTransaction([...old, ...fresh], items, baseline), 'NEW');
  // Only what was there before: nothing to find (no falling back on the old one).
  assert.equal(findListedTransaction(old, items, baseline), null);
  // A new transaction with other quantities or a missing ISIN is not ours.
  assert.equal(
    findListedTransaction(
      [...old, detail('X', 'INE062A01020', 2), detail('X', 'INE002A01018', 1)],
      items,
      baseline,
    ),
    null,
  );
  assert.equal(
    findListedTransaction([...old, detail('Y', 'INE062A01020', 3)], items, baseline),
    null,
  );
  // Two candidates: ambiguous, so none.
  const twice = [...fresh, detail('NEW2', 'INE062A01020', 3), detail('NEW2', 'INE002A01018', 1)];
  assert.equal(findListedTransaction(twice, items, baseline), null);
  // Without a baseline, the entry time decides (with slack for the broker's clock).
  const start = Date.parse('2026-11-23T10:00:00Z');
  const noBaseline = { knownIds: null, startedAt: start };
  const stamped = (id: string, at: number) => [
    detail(id, 'INE062A01020', 3, new Date(at).toISOString()),
    detail(id, 'INE002A01018', 1, new Date(at).toISOString()),
  ];
  const list = [
    ...stamped('EARLIER', start - ENTRY_TIME_SLACK_MS - 1000),
    ...stamped('NOW', start + 5000),
  ];
  assert.equal(findListedTransaction(list, items, noBaseline), 'NOW');
  assert.equal(
    findListedTransaction([...fresh], items, noBaseline),
    null,
    'no entry time: not ours',
  );
});

test('completion: leaving the depository origin, or its folder on a shared origin', () => {
  const f = parseDepositoryForm(FORM);
  assert.equal(defaultIsCompletion('https://edis.depository.example/eDIS/VerifyDIS/otp', f), false);
  assert.equal(defaultIsCompletion('https://broker.example/edis/return?status=ok', f), true);
  const local = parseDepositoryForm(
    FORM.replace('https://edis.depository.example/eDIS/VerifyDIS/', '/depository/login'),
    'http://127.0.0.1:9',
  );
  assert.equal(defaultIsCompletion('http://127.0.0.1:9/depository/otp', local), false);
  assert.equal(defaultIsCompletion('http://127.0.0.1:9/edis/complete', local), true);
});

test('completion by page title: result pages match, the TPIN page does not', () => {
  assert.equal(defaultIsCompletionTitle('Sandbox depository: authorized'), true);
  assert.equal(defaultIsCompletionTitle('Sandbox depository: failed'), true);
  assert.equal(defaultIsCompletionTitle('Sandbox depository: authorize sale'), false);
  assert.equal(defaultIsCompletionTitle('CDSL eDIS - Enter TPIN'), false);
});

/** A broker whose details list an index call's records under TXN-42 (unless `unlisted`). */
function fakeBroker(inquiry = { successCount: 1, failedCount: 0 }, unlisted = false) {
  const calls: string[] = [];
  const listed: EdisDetail[] = [detail('EARLIER-1', 'INE062A01020', 3)];
  const broker: EdisBroker = {
    requestTpin: async () => (calls.push('tpin'), { code: 200, message: 'TPIN sent' }),
    edisIndex: async (records) => {
      calls.push(`index:${JSON.stringify(records)}`);
      if (!unlisted) for (const r of records) listed.push(detail('TXN-42', r.isin, r.qty));
      return { html: FORM.replace('&amp;x', '') };
    },
    edisInquiry: async (id) => (calls.push(`inquiry:${id}`), inquiry),
    getEdisDetails: async () => (calls.push('details'), [...listed]),
  };
  return { broker, calls };
}

test('authorize: index → window → inquiry; the window gets the parsed form, never TPIN handling', async () => {
  const { broker, calls } = fakeBroker();
  const seen: DepositorySubmission[] = [];
  const window: DepositoryWindowPort = {
    open(sub) {
      seen.push(sub);
      return {
        result: Promise.resolve({ kind: 'completed', url: 'https://broker.example/edis/return' }),
        close: () => undefined,
      };
    },
  };
  const svc = createEdisService({
    broker,
    depositoryWindow: window,
    baseUrl: () => 'https://broker.example',
  });
  const r = await svc.authorize([{ isin: 'INE062A01020', qty: 3 }]);
  assert.equal(r.outcome, 'completed');
  assert.equal(r.transactionId, 'TXN-42');
  assert.deepEqual(calls, [
    'details',
    'index:[{"isin":"INE062A01020","qty":3}]',
    'details',
    'inquiry:TXN-42',
  ]);
  assert.match(seen[0]?.encodedBody ?? '', /^DPId=12345&ReqId=REQ0001/);
  assert.match(seen[0]?.partition ?? '', /^edis-/);
  assert.equal(seen[0]?.isCompletion('https://edis.depository.example/eDIS/VerifyDIS/x'), false);
});

test('authorize: window closed → cancelled, no inquiry; failed inquiry → failed', async () => {
  const a = fakeBroker();
  const closed = createEdisService({
    broker: a.broker,
    depositoryWindow: {
      open: () => ({ result: Promise.resolve({ kind: 'closed' }), close: () => undefined }),
    },
    baseUrl: () => 'https://broker.example',
  });
  assert.equal((await closed.authorize([{ isin: 'INE062A01020', qty: 1 }])).outcome, 'cancelled');
  assert.equal(
    a.calls.some((c) => c.startsWith('inquiry')),
    false,
  );

  const b = fakeBroker({ successCount: 0, failedCount: 1 });
  const failed = createEdisService({
    broker: b.broker,
    depositoryWindow: {
      open: () => ({
        result: Promise.resolve({ kind: 'completed', url: 'https://b/x' }),
        close: () => undefined,
      }),
    },
    baseUrl: () => 'https://broker.example',
  });
  const r = await failed.authorize([{ isin: 'INE062A01020', qty: 1 }]);
  assert.equal(r.outcome, 'failed');
  assert.deepEqual(r.inquiry, { successCount: 0, failedCount: 1 });
});

test('authorize: the broker never lists it → unconfirmed, said plainly, and no inquiry with a guess', async () => {
  const { broker, calls } = fakeBroker(undefined, true);
  const waited: number[] = [];
  const svc = createEdisService({
    broker,
    depositoryWindow: {
      open: () => ({
        result: Promise.resolve({ kind: 'completed', url: 'https://broker.example/edis/return' }),
        close: () => undefined,
      }),
    },
    baseUrl: () => 'https://broker.example',
    clock: {
      now: () => 0,
      setTimeout: (fn, ms) => (waited.push(ms), setImmediate(fn)),
      clearTimeout: () => undefined,
    },
    listingWaitsMs: [10, 20],
  });
  const r = await svc.authorize([{ isin: 'INE062A01020', qty: 3 }]);
  assert.equal(r.outcome, 'unconfirmed');
  assert.equal(r.transactionId, null);
  assert.equal(r.inquiry, null);
  assert.equal(r.message, UNLISTED_MESSAGE);
  assert.doesNotMatch(r.message, /api|transactionId|details/i);
  assert.deepEqual(waited, [10, 20]);
  assert.equal(calls.filter((c) => c === 'details').length, 4, 'baseline + three reads');
  assert.equal(
    calls.some((c) => c.startsWith('inquiry')),
    false,
  );
});

test('authorize: the return URL names the transaction → that id, without reading details again', async () => {
  const { broker, calls } = fakeBroker(undefined, true);
  const svc = createEdisService({
    broker,
    depositoryWindow: {
      open: () => ({
        result: Promise.resolve({
          kind: 'completed',
          url: 'https://broker.example/edis/return?transactionId=URL-7',
        }),
        close: () => undefined,
      }),
    },
    baseUrl: () => 'https://broker.example',
  });
  const r = await svc.authorize([{ isin: 'INE062A01020', qty: 3 }]);
  assert.equal(r.transactionId, 'URL-7');
  assert.deepEqual(calls.slice(-2), ['index:[{"isin":"INE062A01020","qty":3}]', 'inquiry:URL-7']);
});

test('an unusable form fails cleanly without opening a window', async () => {
  const { broker } = fakeBroker();
  broker.edisIndex = async () => ({ html: '<form action="http://evil.example/x"></form>' });
  let opened = false;
  const svc = createEdisService({
    broker,
    depositoryWindow: {
      open: () => (
        (opened = true),
        { result: Promise.resolve({ kind: 'closed' }), close: () => undefined }
      ),
    },
    baseUrl: () => 'https://broker.example',
  });
  const r = await svc.authorize([{ isin: 'INE062A01020', qty: 1 }]);
  assert.equal(r.outcome, 'failed');
  assert.equal(opened, false);
});
