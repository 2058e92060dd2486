import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { MASTER_FILES, type MasterFile } from '../../../shared/broker/instrument';
import { startSandbox } from '../../../sandbox/index';
import { generateMaster } from '../../../sandbox/master/index';
import {
  BUILD_WORKER_URL,
  buildInThread,
  buildInWorker,
} from '../../../electron/core/symbols/build-runner';
import type { DownloadEvent } from '../../../electron/core/symbols/download-file';
import { type SymbolEvent, SymbolService } from '../../../electron/core/symbols/symbol-service';

const AS_OF = new Date('2025-11-20T04:00:00Z');
const logger = { info() {}, warn() {}, error() {} };
const policy = { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50, timeoutMs: 30_000 };

test('downloads the full master from the sandbox with progress, builds in a worker, then gets 304s', async () => {
  const sb = await startSandbox({ seed: 42, now: AS_OF, tickMs: 0, freezeClock: true });
  const dir = await mkdtemp(join(tmpdir(), 'symbols-it-'));
  try {
    const master = generateMaster({ seed: 42, asOf: AS_OF });
    const events: SymbolEvent[] = [];
    const make = () =>
      new SymbolService({
        baseUrl: sb.symbolMasterBase,
        dir,
        fetch,
        now: () => AS_OF,
        sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
        logger,
        build: buildInWorker(BUILD_WORKER_URL),
        onEvent: (e) => events.push(e),
        policy,
      });
    const svc = make();
    const first = await svc.refresh();
    assert.deepEqual(first.changed, [...MASTER_FILES]);
    assert.equal(svc.status().instruments, master.instruments.length);
    for (const f of MASTER_FILES) {
      const progress = events.filter(
        (e): e is Extract<DownloadEvent, { type: 'progress' }> =>
          e.type === 'progress' && e.file === f,
      );
      assert.ok(progress.length >= 1, `${f} progress`);
      for (let k = 1; k < progress.length; k++)
        assert.ok((progress[k]?.bytes ?? 0) >= (progress[k - 1]?.bytes ?? 0));
      const last = progress[progress.length - 1];
      assert.equal(last?.bytes, Buffer.byteLength(master.files[f]), `${f} bytes (decompressed)`);
      assert.equal(last?.rows, master.files[f].split('\n').length - 1, `${f} rows`);
      assert.equal(last?.totalBytes, undefined, `${f} came gzip-encoded, so no total is claimed`);
    }
    assert.ok(
      events.filter((e) => e.type === 'progress' && e.file === 'NSE_FO').length > 5,
      'NSE_FO reports progress as it streams',
    );
    assert.equal(svc.search('nifty 25 dec 24500 pe')[0]?.ticker, 'NSE:NIFTY25DEC24500PE');
    assert.equal(svc.db?.rules('NSE:SBIN-EQ')?.tickSize, 0.05);

    const again = await svc.refresh({ force: true });
    assert.deepEqual(again.notModified.sort(), [...MASTER_FILES].sort());
    assert.equal(again.rebuilt, false);

    events.length = 0;
    const warm = make();
    assert.equal(await warm.load(), true);
    assert.deepEqual(
      events.map((e) => e.type),
      ['ready'],
    );
    assert.equal(warm.search('sbin eq')[0]?.ticker, 'NSE:SBIN-EQ');
  } finally {
    await sb.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('If-Modified-Since alone (no ETag) gets 304; a newer file is downloaded again; a 503 is retried', async () => {
  const master = generateMaster({ seed: 42, asOf: AS_OF });
  const bodies = {} as Record<MasterFile, Buffer>;
  for (const f of MASTER_FILES)
    bodies[f] = Buffer.from(master.files[f].split('\n').slice(0, 500).join('\n') + '\n');
  let modified = new Date('2025-11-20T01:00:00Z');
  let fail503 = 1;
  const seen: { file: string; ims?: string; inm?: string; gzip: boolean }[] = [];
  const server = createServer((req, res) => {
    const file = (req.url ?? '').split('/').pop()?.replace('.csv', '') as MasterFile;
    seen.push({
      file,
      ims: req.headers['if-modified-since'],
      inm: req.headers['if-none-match'] as string | undefined,
      gzip: /gzip/.test(String(req.headers['accept-encoding'])),
    });
    if (file === 'MCX_COM' && fail503 > 0) {
      fail503--;
      res.writeHead(503, { 'retry-after': '0' }).end();
      return;
    }
    const body = bodies[file];
    if (!body) return void res.writeHead(404).end();
    const ims = req.headers['if-modified-since'];
    if (ims && Date.parse(ims) >= modified.getTime()) return void res.writeHead(304).end();
    res.writeHead(200, {
      'last-modified': modified.toUTCString(),
      'content-encoding': 'gzip',
      'content-type': 'text/csv',
    });
    res.end(gzipSync(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dir = await mkdtemp(join(tmpdir(), 'symbols-it2-'));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sym`;
    const svc = new SymbolService({
      baseUrl: base,
      dir,
      fetch,
      now: () => AS_OF,
      sleep: async () => {},
      logger,
      build: buildInThread,
      policy,
    });
    const first = await svc.refresh();
    assert.equal(first.changed.length, 7);
    assert.equal(seen.filter((s) => s.file === 'MCX_COM').length, 2, 'one 503, then success');
    assert.ok(seen.every((s) => s.gzip));
    seen.length = 0;
    const second = await svc.refresh({ force: true });
    assert.equal(second.notModified.length, 7);
    assert.ok(seen.every((s) => s.ims === 'Thu, 20 Nov 2025 01:00:00 GMT' && s.inm === undefined));
    modified = new Date('2025-11-20T02:00:00Z');
    bodies.NSE_CM = Buffer.from(master.files.NSE_CM.split('\n').slice(0, 600).join('\n') + '\n');
    const third = await svc.refresh({ force: true });
    assert.equal(third.changed.length, 7, 'every file now has a newer Last-Modified');
    assert.equal(svc.status().instruments, 6 * 500 + 600);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
    await rm(dir, { recursive: true, force: true });
  }
});
