/**
 * The support bundle: build time and ZIP size of a realistic day (app log, request log,
 * journal), fflate (deflate, what ships) against the hand-written stored-only writer it
 * replaced, paired round by round (the order alternates, so neither always runs warm).
 */
import { strFromU8, unzipSync } from 'fflate';
import {
  buildSupportBundleEntries,
  zipBundle,
  type SupportBundleSources,
} from '../../electron/core/diagnostics/support-bundle';
import type { JournalEntry } from '../../electron/core/orders/journal/order-journal';
import { buildZip } from './support-stored-zip';
import { percentile, type BenchContext, type BenchSection } from './types';

/** A busy trading day: log lines, one request line per broker request, order journal steps. */
function dayOfData(requests: number): SupportBundleSources['disk'] {
  const t0 = Date.parse('2026-11-23T03:45:00Z');
  const at = (i: number) => new Date(t0 + i * 2_000).toISOString();
  const requestLines: string[] = [];
  const logLines: string[] = [];
  const journal: JournalEntry[] = [];
  for (let i = 0; i < requests; i++) {
    const order = i % 20 === 0;
    requestLines.push(
      JSON.stringify({
        ts: at(i),
        method: order ? 'POST' : 'GET',
        path: order
          ? '/api/v2/orders'
          : ['/api/v2/orders', '/api/v2/positions', '/api/v2/funds'][i % 3],
        status: i % 97 === 0 ? 500 : 200,
        code: i % 97 === 0 ? -201 : order ? 1101 : 200,
        ms: 20 + (i % 50),
        failure: null,
        budget: { second: i % 10, minute: i % 200, day: i },
        intentIds: order ? [`3f2b6c1e-0000-4000-8000-${String(i).padStart(12, '0')}`] : [],
      }),
    );
    if (i % 4 === 0)
      logLines.push(
        JSON.stringify({
          ts: at(i),
          level: 'info',
          scope: 'refresh',
          msg: 'orders refreshed',
          count: i % 30,
        }),
      );
    if (order)
      for (const step of ['intent', 'request', 'response', 'outcome'] as const)
        journal.push({
          at: at(i),
          intentId: `3f2b6c1e-0000-4000-8000-${String(i).padStart(12, '0')}`,
          step,
          action: 'place',
          data: {
            summary: 'BUY 1 NSE:SBIN-EQ LIMIT @ 799 INTRADAY',
            status: 'done',
            orderId: `2611230000${i}`,
          },
        });
  }
  return { logLines, requestLines, journal, budgetDay: { day: '2026-11-23', count: requests } };
}

/** The section `npm run bench` prints. */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const rounds = ctx.quick ? 5 : 30;
  const requests = ctx.quick ? 2_000 : 10_000;
  const disk = dayOfData(requests);
  const src: SupportBundleSources = {
    appVersion: '0.1.0',
    clock: { now: () => Date.parse('2026-11-23T10:00:00Z') },
    madeBy: 'app',
    disk,
    settings: () => ({ version: 1, accounts: [], activeAccountId: null }),
  };
  ctx.log(`support bundle: ${rounds} paired rounds over a day of ${requests} requests`);
  const times = { fflate: [] as number[], stored: [] as number[] };
  const sizes = { fflate: 0, stored: 0 };
  let raw = 0;
  const once = (which: 'fflate' | 'stored') => {
    const t = performance.now();
    const entries = buildSupportBundleEntries(src);
    const zip =
      which === 'fflate'
        ? zipBundle(entries, new Date('2026-11-23T10:00:00Z'))
        : buildZip(entries, new Date('2026-11-23T10:00:00Z'));
    times[which].push(performance.now() - t);
    sizes[which] = zip.length;
    raw = entries.reduce((n, e) => n + Buffer.byteLength(e.data), 0);
    return zip;
  };
  for (let r = 0; r < rounds; r++) {
    const order: Array<'fflate' | 'stored'> =
      r % 2 === 0 ? ['fflate', 'stored'] : ['stored', 'fflate'];
    for (const w of order) once(w);
  }
  // The shipped ZIP must read back to the same text.
  const check = unzipSync(once('fflate'));
  if (!strFromU8(check['requests.jsonl']!).startsWith('{"ts"')) throw new Error('bad archive');
  const row = (name: string, w: 'fflate' | 'stored') => [
    name,
    rounds,
    percentile(times[w], 50),
    percentile(times[w], 99),
    Math.round(sizes[w] / 1024),
  ];
  return {
    title: 'Support bundle (build + ZIP of one busy day)',
    tables: [
      {
        title: `Bundle of ${requests.toLocaleString('en-US')} requests, ${disk.journal.length} journal steps (${Math.round(raw / 1024)} KiB of text), paired rounds`,
        columns: ['writer', 'rounds', 'p50 ms', 'p99 ms', 'ZIP KiB'],
        rows: [
          row('fflate zipSync level 6 (ships)', 'fflate'),
          row('hand-written stored ZIP (before)', 'stored'),
        ],
      },
    ],
    json: {
      requests,
      rawBytes: raw,
      fflate: {
        p50Ms: percentile(times.fflate, 50),
        p99Ms: percentile(times.fflate, 99),
        bytes: sizes.fflate,
      },
      stored: {
        p50Ms: percentile(times.stored, 50),
        p99Ms: percentile(times.stored, 99),
        bytes: sizes.stored,
      },
    },
    notes: [
      `fflate's ZIP is ${(sizes.stored / sizes.fflate).toFixed(1)}x smaller than the stored one, for ${(
        percentile(times.fflate, 50) - percentile(times.stored, 50)
      ).toFixed(1)} ms more at p50.`,
    ],
  };
}
