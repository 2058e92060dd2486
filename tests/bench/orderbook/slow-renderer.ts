/**
 * Main-process memory when the renderer stops reading (issue 11): two harnesses side by side
 * (the real core, the embedded sandbox), each with a 10,000-order book changing 500 orders a
 * second and 250 symbols ticking, one with a page that keeps reading, one with a page that
 * stops reading its socket (as a hung renderer does). Each harness's heap and off-heap
 * buffers are read after a forced GC through its inspector, at the same instants, so the
 * stalled one is paired against the reading one second by second. Bounded means the
 * stalled harness stops growing: its last third is no higher than its middle third.
 */
import { once } from 'node:events';
import type { Browser } from '@playwright/test';
import WebSocket from 'ws';
import { cashTickers, control, openLoggedIn, startHarness, type Harness } from '../browser/harness';

const MIB = 2 ** 20;

/** One reading of a harness process after a full GC. */
export interface MemorySample {
  atS: number;
  heapMiB: number;
  /** Buffers outside the JS heap (unsent socket data lives here). */
  externalMiB: number;
}

/** A Chrome DevTools Protocol client of a Node inspector. */
async function inspector(url: string) {
  const ws = new WebSocket(url);
  await once(ws, 'open');
  let id = 0;
  const waiting = new Map<number, (r: unknown) => void>();
  ws.on('message', (raw: Buffer) => {
    const m = JSON.parse(String(raw)) as { id?: number; result?: unknown };
    if (m.id !== undefined) waiting.get(m.id)?.(m.result);
  });
  const send = (method: string, params: unknown = {}) =>
    new Promise<unknown>((resolve) => {
      const mine = ++id;
      waiting.set(mine, resolve);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  return {
    async memory(): Promise<{ heapUsed: number; external: number }> {
      await send('HeapProfiler.collectGarbage');
      const r = (await send('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result: { value: string } };
      return JSON.parse(r.result.value) as { heapUsed: number; external: number };
    },
    close: () => ws.close(),
  };
}

/** A page's socket, as the renderer's transport opens it; `stall` stops reading. */
async function pageSocket(h: Harness, symbols: string[]) {
  const url = new URL(h.url);
  const ws = new WebSocket(`ws://${url.host}/ipc`, { origin: url.origin });
  let bytes = 0;
  const events = new Map<string, number>();
  let subscribed: (r: { ok: boolean; error?: { message: string } }) => void;
  const answer = new Promise<{ ok: boolean; error?: { message: string } }>((r) => (subscribed = r));
  let bookRead: () => void;
  const booked = new Promise<void>((r) => (bookRead = r));
  const ready = new Promise<void>((resolve) =>
    ws.on('message', (raw: Buffer) => {
      bytes += raw.length;
      const text = String(raw);
      const name = /^\{"type":"event","name":"([^"]+)"/.exec(text)?.[1];
      if (name) events.set(name, (events.get(name) ?? 0) + 1);
      if (text.startsWith('{"type":"ready"')) resolve();
      if (text.startsWith('{"type":"result","id":2,')) bookRead();
      if (text.startsWith('{"type":"result","id":1,'))
        subscribed((JSON.parse(text) as { result: { ok: boolean } }).result);
    }),
  );
  await once(ws, 'open');
  const secret = url.hash.replace('#secret=', '');
  ws.send(JSON.stringify({ type: 'hello', secret, href: `${url.origin}/`, top: true }));
  await ready;
  const input = { owner: 'bench', reason: 'watch', symbols };
  ws.send(JSON.stringify({ type: 'call', id: 1, channel: 'marketdata.subscribe', input }));
  const r = await answer;
  if (!r.ok) throw new Error(`marketdata.subscribe: ${r.error?.message}`);
  // The page's first read of the book, as the order view does: the core then holds all
  // 10,000 orders and each change after it travels as a delta.
  const book = { refresh: true };
  ws.send(JSON.stringify({ type: 'call', id: 2, channel: 'portfolio.orderBook', input: book }));
  await booked;
  return {
    stall: () => ws.pause(),
    bytes: () => bytes,
    events: () => Object.fromEntries(events),
    close: () => ws.terminate(),
  };
}

/** A harness with its inspector, logged in, 10,000 orders seeded, one page socket. */
async function prepared(renderer: string, browser: Browser, tickers: string[] | null) {
  let found: (url: string) => void;
  const inspectorUrl = new Promise<string>((r) => (found = r));
  const h = await startHarness(renderer, {
    nodeArgs: ['--inspect=127.0.0.1:0'],
    onStderr: (line) => {
      const m = /Debugger listening on (ws:\/\/\S+)/.exec(line);
      if (m) found(m[1]!);
    },
  });
  const page = await openLoggedIn(browser, h);
  await control(h, 'market', { exchange: 10, segment: 10, status: 'OPEN' });
  await control(h, 'orders/seed', { count: 10_000 });
  const symbols = tickers ?? (await cashTickers(h, 250));
  // The session lives in the core; the browser page is not needed any more.
  await page.close();
  const sock = await pageSocket(h, symbols);
  return { h, sock, symbols, mem: await inspector(await inspectorUrl) };
}

/** Runs `fn` every `ms` until stopped (a late call does not pile up). */
function every(ms: number, fn: () => Promise<unknown>): () => Promise<void> {
  let on = true;
  const loop = (async () => {
    while (on) {
      const t = Date.now();
      await fn();
      await new Promise((r) => setTimeout(r, Math.max(0, ms - (Date.now() - t))));
    }
  })();
  return async () => {
    on = false;
    await loop;
  };
}

/** The paired memory run; `seconds` of load, sampled every 2 s. */
export async function slowRendererMemory(opts: {
  renderer: string;
  browser: Browser;
  seconds: number;
  log: (m: string) => void;
}): Promise<{
  reading: MemorySample[];
  stalled: MemorySample[];
  bounded: boolean;
  /** What the reading page received a second, and which events: proof the load flowed. */
  readingBytesPerSecond: number;
  readingEvents: Record<string, number>;
}> {
  const reading = await prepared(opts.renderer, opts.browser, null);
  const stalled = await prepared(opts.renderer, opts.browser, reading.symbols);
  const both = [reading, stalled];
  const out = { reading: [] as MemorySample[], stalled: [] as MemorySample[] };
  const stops: (() => Promise<void>)[] = [];
  let readingBytesPerSecond: number;
  let readingEvents: Record<string, number>;
  try {
    stalled.sock.stall();
    for (const x of both) {
      stops.push(every(250, () => control(x.h, 'orders/churn', { count: 125 })));
      stops.push(every(100, () => control(x.h, 'tick', { n: 1 })));
    }
    const t0 = Date.now();
    const bytes0 = reading.sock.bytes();
    while (Date.now() - t0 < opts.seconds * 1000) {
      await new Promise((r) => setTimeout(r, 2000));
      const atS = (Date.now() - t0) / 1000;
      for (const [i, x] of both.entries()) {
        const m = await x.mem.memory();
        (i === 0 ? out.reading : out.stalled).push({
          atS,
          heapMiB: m.heapUsed / MIB,
          externalMiB: m.external / MIB,
        });
      }
      const s = out.stalled.at(-1)!;
      opts.log(
        `orderbook: slow renderer ${atS.toFixed(0)} s: stalled heap ${s.heapMiB.toFixed(1)} + external ${s.externalMiB.toFixed(1)} MiB`,
      );
    }
    readingBytesPerSecond = ((reading.sock.bytes() - bytes0) * 1000) / (Date.now() - t0);
    readingEvents = reading.sock.events();
  } finally {
    for (const stop of stops) await stop();
    for (const x of both) {
      x.sock.close();
      x.mem.close();
      x.h.child.kill('SIGTERM');
    }
  }
  const total = (s: MemorySample) => s.heapMiB + s.externalMiB;
  const third = Math.floor(out.stalled.length / 3);
  const middle = Math.max(...out.stalled.slice(third, 2 * third).map(total));
  const last = Math.max(...out.stalled.slice(2 * third).map(total));
  // A few MiB of GC noise is not growth.
  return { ...out, bounded: last <= middle * 1.05 + 2, readingBytesPerSecond, readingEvents };
}
