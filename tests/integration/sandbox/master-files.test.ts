import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { MASTER_FILES } from '../../../shared/broker/instrument';
import { session, type Session } from './helpers';

let s: Session;
before(async () => {
  s = await session();
});
after(() => s.sb.close());

/** Raw GET (fetch would transparently gunzip, hiding whether gzip was sent). */
function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, s.sb.url), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('all seven files: no header, 21 columns, at least 130,000 instruments in all, no auth needed', async () => {
  let total = 0;
  for (const f of MASTER_FILES) {
    const r = await raw(`/sym_details/${f}.csv`);
    assert.equal(r.status, 200, f);
    assert.match(String(r.headers['content-type']), /text\/csv/);
    const lines = r.body.toString('utf8').split('\n').filter(Boolean);
    assert.ok(lines.length > 100, `${f} has ${lines.length} rows`);
    assert.equal(lines[0]!.split(',').length, 21, `${f} first row`);
    assert.ok(!/^token|Svctoken/i.test(lines[0]!), `${f} has no header row`);
    total += lines.length;
  }
  assert.ok(total >= 130_000, `total ${total}`);
});

test('ETag, Last-Modified, gzip and conditional 304s', async () => {
  const plain = await raw('/sym_details/NSE_CM.csv');
  const etag = String(plain.headers.etag);
  const lm = String(plain.headers['last-modified']);
  assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
  assert.ok(Number.isFinite(Date.parse(lm)));
  const gz = await raw('/sym_details/NSE_CM.csv', { 'accept-encoding': 'gzip, deflate' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.ok(gz.body.length < plain.body.length / 2);
  assert.deepEqual(gunzipSync(gz.body), plain.body);
  assert.equal(gz.headers.etag, etag);
  assert.equal((await raw('/sym_details/NSE_CM.csv', { 'if-none-match': etag })).status, 304);
  assert.equal((await raw('/sym_details/NSE_CM.csv', { 'if-modified-since': lm })).status, 304);
  assert.equal((await raw('/sym_details/NSE_CM.csv', { 'if-none-match': '"stale"' })).status, 200);
  assert.equal((await raw('/sym_details/NSE_XX.csv')).status, 404);
});

test('the same seed gives the same files', async () => {
  const other = await session();
  try {
    const a = await raw('/sym_details/MCX_COM.csv');
    const b = await fetch(`${other.sb.symbolMasterBase}/MCX_COM.csv`);
    assert.equal(b.headers.get('etag'), a.headers.etag);
  } finally {
    await other.sb.close();
  }
});

test('Last-Modified is stable across restarts on the same day, so If-Modified-Since still answers 304', async () => {
  const a = await raw('/sym_details/NSE_CD.csv');
  const other = await session();
  try {
    const r = await fetch(`${other.sb.symbolMasterBase}/NSE_CD.csv`, {
      headers: { 'if-modified-since': String(a.headers['last-modified']) },
    });
    assert.equal(r.status, 304);
  } finally {
    await other.sb.close();
  }
});

test('the JSON masters carry each contract with the multiplier its positions use (qtyMultiplier)', async () => {
  const r = await raw('/sym_details/MCX_COM_sym_master.json');
  assert.equal(r.status, 200);
  assert.match(String(r.headers['content-type']), /application\/json/);
  const doc = JSON.parse(r.body.toString('utf8')) as Record<
    string,
    { symTicker: string; underSym: string; qtyMultiplier: number; minLotSize: number }
  >;
  const rows = Object.values(doc);
  const csvRows = (await raw('/sym_details/MCX_COM.csv')).body.toString('utf8').trim().split('\n');
  assert.equal(rows.length, csvRows.length, 'every CSV row has its JSON row');
  const of = (u: string) => rows.find((x) => x.underSym === u && x.symTicker.endsWith('FUT'));
  assert.deepEqual(
    ['CRUDEOIL', 'GOLD', 'SILVER', 'NATURALGAS'].map((u) => of(u)?.qtyMultiplier),
    [100, 100, 30, 1250],
  );
  assert.equal(of('CRUDEOIL')?.minLotSize, 1, 'quantities in lots');
  const cash = JSON.parse((await raw('/sym_details/NSE_CM_sym_master.json')).body.toString('utf8'));
  assert.equal(cash['NSE:SBIN-EQ'].qtyMultiplier, 1);
  assert.equal((await raw('/sym_details/NSE_XX_sym_master.json')).status, 404);
});
