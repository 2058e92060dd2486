import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MASTER_FILES, type MasterFile } from '../../../shared/broker/instrument';
import { buildInThread } from '../../../electron/core/symbols/build-runner';
import {
  type DownloadEvent,
  InsecureMasterUrlError,
  downloadMasterFile,
  masterFileUrl,
} from '../../../electron/core/symbols/download-file';
import { type SymbolEvent, SymbolService } from '../../../electron/core/symbols/symbol-service';
import { fullMaster } from './helpers';

const BASE = 'https://symbols.example.test/sym';
const POLICY = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 8000, timeoutMs: 5000 };

/** The first `n` rows of each generated file: small, but real rows. */
function smallFiles(n: number): Record<MasterFile, string> {
  const { master } = fullMaster();
  const out = {} as Record<MasterFile, string>;
  for (const f of MASTER_FILES) out[f] = master.files[f].split('\n').slice(0, n).join('\n') + '\n';
  return out;
}

type Handler = (file: MasterFile, headers: Record<string, string>) => Response | Promise<Response>;

function fakeFetch(handler: Handler) {
  const calls: { file: MasterFile; headers: Record<string, string> }[] = [];
  const fn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const file = url.pathname.split('/').pop()?.replace('.csv', '') as MasterFile;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ file, headers });
    return handler(file, headers);
  }) as typeof fetch;
  return { fn, calls };
}

const logger = { info() {}, warn() {}, error() {} };

test('retries network errors and 5xx with backoff, honouring Retry-After', async () => {
  let n = 0;
  const { fn } = fakeFetch(() => {
    n++;
    if (n === 1) throw new TypeError('fetch failed');
    if (n === 2) return new Response('busy', { status: 503, headers: { 'retry-after': '3' } });
    return new Response('a,b\n', { status: 200, headers: { etag: '"v1"' } });
  });
  const slept: number[] = [];
  const events: DownloadEvent[] = [];
  const out = await downloadMasterFile(
    BASE,
    'NSE_CM',
    undefined,
    {
      fetch: fn,
      now: () => new Date(0),
      sleep: async (ms) => void slept.push(ms),
      random: () => 0,
    },
    (e) => events.push(e),
    POLICY,
  );
  assert.equal(out.status, 'modified');
  assert.deepEqual(
    slept,
    [1000, 3000],
    'first backoff 1 s, then Retry-After 3 s beats the 2 s backoff',
  );
  assert.deepEqual(
    events.filter((e) => e.type === 'retry').map((e) => (e as { attempt: number }).attempt),
    [1, 2],
  );
  if (out.status === 'modified')
    assert.deepEqual([out.meta.etag, out.meta.rows, out.meta.bytes], ['"v1"', 1, 4]);
});

test('gives up after the last attempt, and does not retry a 404', async () => {
  const always500 = fakeFetch(() => new Response('', { status: 500 }));
  const deps = {
    fetch: always500.fn,
    now: () => new Date(0),
    sleep: async () => {},
    random: () => 0,
  };
  const out = await downloadMasterFile(BASE, 'NSE_FO', undefined, deps, () => {}, POLICY);
  assert.deepEqual(out, { status: 'failed', reason: 'NSE_FO: HTTP 500', attempts: 3 });
  const notFound = fakeFetch(() => new Response('', { status: 404 }));
  const out404 = await downloadMasterFile(
    BASE,
    'NSE_FO',
    undefined,
    { ...deps, fetch: notFound.fn },
    () => {},
    POLICY,
  );
  assert.equal(out404.status, 'failed');
  assert.equal(notFound.calls.length, 1);
});

test('plain HTTP is refused except to loopback', () => {
  assert.throws(() => masterFileUrl('http://example.com/sym', 'NSE_CM'), InsecureMasterUrlError);
  assert.equal(
    masterFileUrl('http://127.0.0.1:9/sym/', 'NSE_CM').href,
    'http://127.0.0.1:9/sym/NSE_CM.csv',
  );
});

test('service: first download, once-a-day skip, conditional re-check, failure keeps the last good copy, warm start', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'symbols-'));
  try {
    let files = smallFiles(300);
    let failNseCm = false;
    const etag = (f: MasterFile) => `"${f}-${files[f].length}"`;
    const server = fakeFetch((file, headers) => {
      if (failNseCm && file === 'NSE_CM') return new Response('', { status: 502 });
      if (headers['if-none-match'] === etag(file)) return new Response(null, { status: 304 });
      return new Response(files[file], {
        status: 200,
        headers: { etag: etag(file), 'last-modified': 'Thu, 20 Nov 2025 02:00:00 GMT' },
      });
    });
    let now = new Date('2025-11-20T03:00:00Z');
    const events: SymbolEvent[] = [];
    const make = () =>
      new SymbolService({
        baseUrl: BASE,
        dir,
        fetch: server.fn,
        now: () => now,
        sleep: async () => {},
        logger,
        build: buildInThread,
        onEvent: (e) => events.push(e),
        policy: POLICY,
        random: () => 0,
      });
    const svc = make();
    assert.equal(await svc.load(), false, 'nothing cached yet');
    const first = await svc.refresh();
    assert.deepEqual(first.changed, [...MASTER_FILES]);
    assert.equal(svc.status().instruments, 7 * 300);
    assert.ok(events.some((e) => e.type === 'downloaded' && e.file === 'NSE_FO' && e.rows === 300));
    assert.equal(svc.search('nifty fut')[0]?.ticker, 'NSE:NIFTY25NOVFUT');

    server.calls.length = 0;
    assert.equal((await svc.refresh()).skipped, true, 'already checked today');
    assert.equal(server.calls.length, 0);

    const forced = await svc.refresh({ force: true });
    assert.deepEqual(forced.notModified.sort(), [...MASTER_FILES].sort());
    assert.ok(
      server.calls.every(
        (c) => c.headers['if-none-match'] === etag(c.file) && c.headers['if-modified-since'],
      ),
    );

    now = new Date('2025-11-21T03:00:00Z');
    files = { ...files, NSE_FO: smallFiles(400).NSE_FO };
    failNseCm = true;
    const next = await svc.refresh();
    assert.deepEqual(next.changed, ['NSE_FO']);
    assert.deepEqual(
      next.failed.map((f) => f.file),
      ['NSE_CM'],
    );
    assert.equal(svc.status().stale, true);
    assert.equal(svc.status().instruments, 6 * 300 + 400, 'new NSE_FO, last good NSE_CM');
    assert.ok(
      svc.db?.byTicker('NSE:SBIN-EQ') ?? svc.db?.byTicker('NSE:NIFTY50-INDEX'),
      'NSE_CM rows still served',
    );

    files = { ...files, BSE_FO: 'garbage\nmore garbage\n' };
    failNseCm = false;
    const bad = await svc.refresh({ force: true });
    assert.ok(bad.failed.some((f) => f.file === 'BSE_FO' && /bad rows/.test(f.reason)));
    assert.equal(svc.status().instruments, 6 * 300 + 400, 'garbage refused; last good BSE_FO kept');

    const warm = make();
    events.length = 0;
    assert.equal(await warm.load(), true);
    assert.deepEqual(
      events.map((e) => e.type),
      ['ready'],
    );
    assert.equal((events[0] as { source: string }).source, 'cache');
    assert.equal(warm.status().instruments, 6 * 300 + 400);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
