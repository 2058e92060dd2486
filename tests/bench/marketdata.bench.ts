/**
 * Market data bench (issue 9, "Measured"):
 * 1. Decode throughput and heap allocation per packet, Tickdesk's decoder vs the broker's
 *    own SDK decoder (fyers-api-v2 `unPackUDP`) on the same recorded frames, paired round by
 *    round (alternating who goes first).
 * 2. Tick → renderer latency p50/p99 with 500 subscribed symbols at 2,000 ticks/s: from the
 *    tick source (its own process) through the real socket client, quote cache, frame
 *    batcher, the event bus (the contract's schema) and the harness WebSocket transport to a
 *    page in its own process that receives and parses each event; measured both where the
 *    main side has sent the event and where the page has parsed it, with the main process's
 *    CPU share, beside sending every tick as its own message (no coalescing).
 * 3. Requests per minute of order-book upkeep, idle and with 5 pending orders, polling
 *    (socket down) vs pushed updates (socket live), through the real refresher.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { silentLogger } from '../../electron/core/diagnostics/logger';
import { systemClock } from '../../electron/core/limiter/clock';
import { createMarketDataService } from '../../electron/core/marketdata/market-data-service';
import { createPacketDecoder } from '../../electron/core/marketdata/packet-decoder';
import { createQuoteCache } from '../../electron/core/marketdata/quote-cache';
import { batchTicks } from '../../electron/core/marketdata/tick-batcher';
import { createEventBus, type EventBus } from '../../electron/ipc/event-bus';
import type { Handlers } from '../../electron/ipc/handler-types';
import { attachWsTransport } from '../../electron/ipc/harness/ws-transport';
import { createRouter } from '../../electron/ipc/router';
import { PacketCode } from '../../shared/marketdata/packet-layout';
import { contract } from '../../shared/ipc/contract';
import type { Quote } from '../../shared/marketdata/quote';
import { encodeFrame, type PacketSpec } from '../support/marketdata-frames';
import { FYERS_V2_SOCKETS } from '../../electron/core/marketdata/v2/sockets';
import { allocatedBy } from './marketdata/allocation';
import { composedUpkeep, upkeepPerMinute } from './marketdata/upkeep';
import { percentile, type BenchContext, type BenchSection, type BenchTable } from './types';

interface FyersHelper {
  getGlobalFiresDict: Record<string, string>;
  unPackUDP(resp: { data: ArrayBuffer }): { s: string; d: Record<string, unknown[]> };
}
const fyers = createRequire(import.meta.url)('fyers-api-v2/helper/helper.js') as FyersHelper;

/** Recorded frames: 40 packets each (the SDK reads at most 50 per frame), a realistic mix. */
function recordFrames(count: number): { frames: Uint8Array[]; packets: number } {
  const frames: Uint8Array[] = [];
  let packets = 0;
  for (let f = 0; f < count; f++) {
    const specs: PacketSpec[] = [];
    for (let i = 0; i < 40; i++) {
      const k = f * 40 + i;
      const ltp = 100 + (k % 500) / 20;
      const kind = k % 10;
      specs.push({
        token: 10100000000000 + (k % 500),
        time: 1_763_900_000 + f,
        code: kind < 3 ? PacketCode.QuoteWithOi : PacketCode.Quote,
        ltp,
        high: ltp + 5,
        low: ltp - 5,
        prevClose: 100,
        bid: ltp - 0.05,
        ask: ltp + 0.05,
        depth: kind === 9,
        volume: 1000 + k,
        oi: 5_000 + k,
      });
    }
    packets += specs.length;
    frames.push(encodeFrame(specs));
  }
  for (let t = 0; t < 500; t++)
    fyers.getGlobalFiresDict[String(10100000000000 + t)] = `NSE:SYM${t}-EQ`;
  return { frames, packets };
}

function decodeSection(ctx: BenchContext): { table: BenchTable; json: Record<string, unknown> } {
  const { frames, packets } = recordFrames(ctx.quick ? 200 : 1000);
  const buffers = frames.map((f) => Uint8Array.from(f).buffer);
  const decoder = createPacketDecoder();
  let sink = 0;
  const symbols = new Map<number, string>();
  for (let t = 0; t < 500; t++) symbols.set(10100000000000 + t, `NSE:SYM${t}-EQ`);

  const ours = () => {
    for (const f of frames)
      decoder.decode(f, (t) => {
        sink += t.ltp;
      });
  };
  // What the app keeps per packet: the symbol and a Quote-shaped object.
  const oursToQuote = () => {
    for (const f of frames)
      decoder.decode(f, (t) => {
        const q = {
          symbol: symbols.get(t.token)!,
          ltp: t.ltp,
          at: t.time * 1000,
          bid: t.bid,
          ask: t.ask,
          prevClose: t.prevClose,
          volume: t.volume,
        };
        sink += q.ltp;
      });
  };
  const sdk = () => {
    for (const b of buffers) {
      const r = fyers.unPackUDP({ data: b });
      if (r.s !== 'ok')
        throw new Error(`SDK refused a frame: ${JSON.stringify(r.d).slice(0, 200)}`);
      sink += r.d['7208']!.length + r.d['31038']!.length;
    }
  };
  // Both decoders must agree on the frames before their speed means anything.
  let sdkCount = 0;
  for (const b of buffers) {
    const r = fyers.unPackUDP({ data: b });
    sdkCount += r.d['7208']!.length + r.d['31038']!.length;
  }
  if (sdkCount !== packets) throw new Error(`SDK decoded ${sdkCount} of ${packets} packets`);

  const runs: Record<string, { pps: number[]; bytes: number[] }> = {
    ours: { pps: [], bytes: [] },
    oursQuote: { pps: [], bytes: [] },
    sdk: { pps: [], bytes: [] },
  };
  const contenders: [keyof typeof runs, () => void][] = [
    ['ours', ours],
    ['oursQuote', oursToQuote],
    ['sdk', sdk],
  ];
  for (const [, fn] of contenders) fn(); // warm up
  const rounds = ctx.quick ? 5 : 15;
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? contenders : [...contenders].reverse();
    for (const [name, fn] of order) {
      const t0 = performance.now();
      fn();
      const ms = performance.now() - t0;
      runs[name]!.pps.push((packets / ms) * 1000);
      runs[name]!.bytes.push(allocatedBy(fn) / packets);
    }
    ratios.push(runs.ours!.pps[r]! / runs.sdk!.pps[r]!);
  }
  if (sink === 0) throw new Error('nothing decoded');
  const med = (xs: number[]) => percentile(xs, 50);
  const row = (label: string, k: string) => [
    label,
    Math.round(med(runs[k]!.pps)),
    Math.round(med(runs[k]!.bytes)),
  ];
  return {
    table: {
      title: `Decode ${packets.toLocaleString('en-US')} packets (${frames.length} frames; 7208, 31038, 10% with depth), median of ${rounds} paired rounds`,
      columns: ['decoder', 'packets/s', 'bytes allocated/packet'],
      rows: [
        row('Tickdesk packet-decoder (reused view)', 'ours'),
        row('Tickdesk decoder + Quote object per packet', 'oursQuote'),
        row('fyers-api-v2 1.0.5 unPackUDP', 'sdk'),
        [
          'speed ratio Tickdesk/SDK (median of per-round ratios)',
          Number(med(ratios).toFixed(1)),
          '',
        ],
      ],
    },
    json: {
      packets,
      rounds,
      oursPacketsPerSec: med(runs.ours!.pps),
      oursWithQuotePacketsPerSec: med(runs.oursQuote!.pps),
      sdkPacketsPerSec: med(runs.sdk!.pps),
      oursBytesPerPacket: med(runs.ours!.bytes),
      oursWithQuoteBytesPerPacket: med(runs.oursQuote!.bytes),
      sdkBytesPerPacket: med(runs.sdk!.bytes),
      speedRatio: med(ratios),
    },
  };
}

/**
 * The harness's transport as the page meets it: an HTTP server on 127.0.0.1, the real
 * router (for the contract's event schemas), event bus and WebSocket transport, and a page
 * process connected to it (tests/bench/marketdata/page-client.ts).
 */
async function pageOverHarnessTransport(): Promise<{
  bus: EventBus;
  page: ChildProcess;
  report(): Promise<{ latencies: number[]; messages: number; quotes: number }>;
  reset(): void;
  close(): Promise<void>;
}> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const secret = randomBytes(16).toString('hex');
  // No call is made in the bench; each channel answers that it is not there.
  const handlers = Object.fromEntries(
    Object.keys(contract).map((name) => [
      name,
      () => {
        throw new Error(`${name} is not part of the bench`);
      },
    ]),
  ) as unknown as Handlers;
  const router = createRouter({ handlers, trustedOrigins: [origin], logger: silentLogger });
  const bus = createEventBus(router, (name, err) => {
    throw new Error(`bench event ${name} broke the contract: ${String(err)}`);
  });
  const transport = attachWsTransport({
    server,
    router,
    bus,
    origin,
    secret,
    onWarn: (msg) => {
      throw new Error(`harness transport: ${msg}`);
    },
  });
  const page = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'marketdata', 'page-client.ts'),
      `${origin.replace('http', 'ws')}/ipc`,
      origin,
      secret,
    ],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  await once(createInterface({ input: page.stdout! }), 'line');
  return {
    bus,
    page,
    reset: () => page.send('reset'),
    async report() {
      page.send('report');
      const [m] = (await once(page, 'message')) as [
        { latencies: number[]; messages: number; quotes: number },
      ];
      return m;
    },
    async close() {
      page.kill();
      transport.close();
      await new Promise((r) => server.close(r));
    },
  };
}

/** One latency run: the real service reading the child source, delivering to the page, for `ms`. */
async function latencyRun(
  url: string,
  symbols: string[],
  ms: number,
  coalesce: boolean,
  harness: Awaited<ReturnType<typeof pageOverHarnessTransport>>,
): Promise<{
  sent: number[];
  page: number[];
  pageMessages: number;
  messages: number;
  cpuShare: number;
  ticksIn: number;
}> {
  const quotes = createQuoteCache({ clock: systemClock });
  const tokenOf = (s: string) => 1000 + Number(s.replace(/\D/g, ''));
  const svc = createMarketDataService({
    quotes,
    data: {
      quotes: async (list) => ({
        quotes: [],
        tokens: new Map(list.map((s) => [s, tokenOf(s)])),
        errors: [],
        unrequested: 0,
      }),
      depth: async () => null,
      history: async () => ({ candles: [], dropped: 0 }),
      brokerChain: () => Promise.reject(new Error("no option chain in this fake")),
    },
    tokenOf: (s) => String(tokenOf(s)),
    endpoint: () => ({ sockets: FYERS_V2_SOCKETS, url, appId: 'bench', accessToken: 'token' }),
    clock: systemClock,
    logger: silentLogger,
  });
  const sent: number[] = [];
  let messages = 0;
  let ticksIn = 0;
  const deliver = (list: Quote[]) => {
    // What the app does with an event: the bus checks it against the contract, the
    // transport encodes it and hands it to the page's socket.
    harness.bus.emit('marketdata.ticks', { quotes: list });
    messages++;
    const now = Date.now() % 1e9;
    for (const q of list) {
      if (q.volume === null) continue;
      let d = now - q.volume;
      if (d < 0) d += 1e9;
      sent.push(d);
    }
  };
  const offCount = quotes.onChange((s) => {
    ticksIn += s.length;
  });
  const stop = coalesce
    ? batchTicks({ quotes, clock: systemClock, emit: deliver })
    : quotes.onChange((list) => {
        for (const s of list) deliver([quotes.get(s)!]);
      });
  svc.sessionChanged();
  await svc.subscribe('bench', 'watch', symbols);
  await new Promise((r) => setTimeout(r, 500)); // connect and start streaming
  sent.length = 0;
  messages = 0;
  ticksIn = 0;
  harness.reset();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  stop();
  offCount();
  svc.close();
  // Whatever is still on its way to the page arrives before the page reports.
  await new Promise((r) => setTimeout(r, 300));
  const page = await harness.report();
  return {
    sent: [...sent],
    page: page.latencies,
    pageMessages: (page.messages / wall) * 1000,
    messages: (messages / wall) * 1000,
    ticksIn: (ticksIn / wall) * 1000,
    cpuShare: (cpu.user + cpu.system) / 1000 / wall,
  };
}

async function latencySection(
  ctx: BenchContext,
): Promise<{ table: BenchTable; json: Record<string, unknown> }> {
  const rate = 2000;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'marketdata', 'tick-source.ts'), String(rate)],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  const harness = await pageOverHarnessTransport();
  try {
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const { port } = JSON.parse(line) as { port: number };
    const url = `ws://127.0.0.1:${port}/socket/v2/dataSock`;
    const symbols = Array.from({ length: 500 }, (_, i) => `NSE:SYM${i}-EQ`);
    const rounds = ctx.quick ? 1 : 3;
    const ms = ctx.quick ? 2_000 : 4_000;
    const fresh = () => ({
      sent: [] as number[],
      page: [] as number[],
      msg: [] as number[],
      pageMsg: [] as number[],
      cpu: [] as number[],
      tin: [] as number[],
    });
    const acc = { batched: fresh(), every: fresh() };
    for (let r = 0; r < rounds; r++) {
      const order: ('batched' | 'every')[] =
        r % 2 === 0 ? ['batched', 'every'] : ['every', 'batched'];
      for (const k of order) {
        const res = await latencyRun(url, symbols, ms, k === 'batched', harness);
        acc[k].sent.push(...res.sent);
        acc[k].page.push(...res.page);
        acc[k].msg.push(res.messages);
        acc[k].pageMsg.push(res.pageMessages);
        acc[k].cpu.push(res.cpuShare);
        acc[k].tin.push(res.ticksIn);
        ctx.log(
          `${k} round ${r + 1}: ${res.sent.length} quotes sent, ${res.page.length} received by the page`,
        );
      }
    }
    const med = (xs: number[]) => percentile(xs, 50);
    const row = (label: string, a: (typeof acc)['batched']) => [
      label,
      Math.round(med(a.tin)),
      Math.round(med(a.msg)),
      Math.round(med(a.pageMsg)),
      percentile(a.sent, 50),
      percentile(a.sent, 99),
      percentile(a.page, 50),
      percentile(a.page, 99),
      `${(med(a.cpu) * 100).toFixed(1)}%`,
    ];
    const figures = (a: (typeof acc)['batched']) => ({
      sentP50Ms: percentile(a.sent, 50),
      sentP99Ms: percentile(a.sent, 99),
      pageP50Ms: percentile(a.page, 50),
      pageP99Ms: percentile(a.page, 99),
      quotesSent: a.sent.length,
      quotesReceivedByPage: a.page.length,
      messagesPerSec: med(a.msg),
      pageMessagesPerSec: med(a.pageMsg),
      cpuShare: med(a.cpu),
    });
    return {
      table: {
        title: `Tick → renderer page, 500 symbols at ${rate.toLocaleString('en-US')} ticks/s: broker socket (source process) → market-data service → quote cache → batcher → event bus → harness WebSocket transport → page process (receives, parses); latency = send stamp to "main sent" and to "page parsed"; ${rounds} paired rounds of ${ms / 1000} s`,
        columns: [
          'delivery',
          'ticks in/s',
          'IPC messages/s sent',
          'messages/s received by page',
          'main sent p50 ms',
          'main sent p99 ms',
          'page parsed p50 ms',
          'page parsed p99 ms',
          'main CPU share',
        ],
        rows: [
          row('Tickdesk: one batch per frame (16 ms)', acc.batched),
          row('every tick its own message', acc.every),
        ],
      },
      json: {
        symbols: 500,
        ticksPerSecond: rate,
        measuredTo:
          'a page process receiving and parsing events from the harness WebSocket transport',
        batched: figures(acc.batched),
        everyTick: figures(acc.every),
      },
    };
  } finally {
    child.kill();
    await harness.close();
  }
}

export async function run(ctx: BenchContext): Promise<BenchSection> {
  const decode = decodeSection(ctx);
  const latency = await latencySection(ctx);
  const composed = await composedUpkeep(ctx);
  const upkeep = {
    pollingIdle: await upkeepPerMinute(0, false),
    pollingPending5: await upkeepPerMinute(5, false),
    socketIdle: await upkeepPerMinute(0, true),
    socketPending5: await upkeepPerMinute(5, true),
  };
  return {
    title: 'Market data: decoding, tick delivery, request budget',
    tables: [
      decode.table,
      latency.table,
      {
        title:
          'Order-book upkeep requests per minute (real refresher, simulated 10 minutes; fills add one positions read each in both modes)',
        columns: ['app state', 'polling (socket down)', 'pushed updates (socket live)'],
        rows: [
          ['idle', upkeep.pollingIdle, upkeep.socketIdle],
          ['5 pending orders', upkeep.pollingPending5, upkeep.socketPending5],
        ],
      },
      {
        title: `All requests per minute of the composed app (createAppCore, Demo sandbox), ${ctx.quick ? 10 : 30} s windows; socket down = unreachable socket URL`,
        columns: ['app state', 'socket down (polling + REST quotes)', 'socket live (pushed)'],
        rows: [
          ['idle (open positions priced)', composed.pollingIdle!, composed.socketIdle!],
          ['5 pending orders', composed.pollingPending5!, composed.socketPending5!],
        ],
      },
    ],
    json: {
      decode: decode.json,
      latency: latency.json,
      upkeepPerMinute: upkeep,
      composedRequestsPerMinute: composed,
    },
    notes: [
      'Tick → renderer: the page is a WebSocket client in its own process standing in for the renderer (the harness transport the end-to-end tests drive Chromium through); it parses every frame as the page does but does not render. "main sent" is when the event was checked, encoded and handed to the socket; "page parsed" is when the page had it as objects. The main CPU share is the bench process: socket client, cache, batcher, bus and transport.',
      'Allocation counts all heap bytes the decoder allocated (garbage included), via V8 GC profiler.',
      'The SDK decoder needs every token pre-registered and reads at most 50 packets per frame; frames here hold 40.',
    ],
  };
}
