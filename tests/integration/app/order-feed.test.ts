/**
 * The order book at scale through the harness exactly as it ships (createAppCore, router,
 * event bus, WebSocket transport, embedded sandbox over HTTP): a 10,000-order day reaches
 * the page once as a snapshot, then only the rows that change travel, once each, and a
 * page that stops reading gets the changes coalesced per order when it catches up.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { startHarness, type Harness } from '../../../electron/ipc/harness/start-harness';

interface Delta {
  base: number;
  version: number;
  upserts: { id: string; qty: number }[];
  removed: string[];
}

/** A page on the harness socket: calls, and every event with its size on the wire. */
class Page {
  events: { name: string; payload: unknown; bytes: number }[] = [];
  /** For each answered call, how many events had arrived before its answer. */
  answeredAt = new Map<number, number>();
  /**
   * The versions the page came to hold, in the order they arrived: each order delta (with
   * the version it builds on) and each order-book answer (a snapshot, or the version after
   * a flush). One socket carries both, so this is the page's own view of the chain.
   */
  held: { kind: 'delta' | 'book'; base?: number; version: number }[] = [];
  #channels = new Map<number, string>();
  /** The id the next call will carry. */
  get nextId(): number {
    return this.#next;
  }
  #results = new Map<number, (r: unknown) => void>();
  #next = 1;
  constructor(readonly socket: WebSocket) {
    socket.on('message', (raw: Buffer) => {
      const msg = JSON.parse(String(raw)) as {
        type: string;
        id?: number;
        name?: string;
        payload?: unknown;
        result?: unknown;
      };
      if (msg.type === 'event')
        this.events.push({ name: msg.name!, payload: msg.payload, bytes: raw.length });
      if (msg.type === 'event' && msg.name === 'portfolio.ordersDelta') {
        const d = msg.payload as Delta;
        this.held.push({ kind: 'delta', base: d.base, version: d.version });
      }
      if (msg.type === 'result') {
        const r = msg.result as { ok?: boolean; data?: { version?: unknown } } | undefined;
        if (
          this.#channels.get(msg.id!) === 'portfolio.orderBook' &&
          r?.ok &&
          typeof r.data?.version === 'number'
        )
          this.held.push({ kind: 'book', version: r.data.version });
        this.answeredAt.set(msg.id!, this.events.length);
        this.#results.get(msg.id!)?.(msg.result);
      }
    });
  }
  static async open(h: Harness): Promise<Page> {
    const url = new URL(h.url);
    const secret = url.hash.replace('#secret=', '');
    const socket = new WebSocket(`ws://${url.host}/ipc`, { origin: url.origin });
    const page = new Page(socket);
    await new Promise((r) => socket.once('open', r));
    const ready = new Promise<void>((resolve) =>
      socket.on('message', (raw: Buffer) => {
        if (String(raw).includes('"ready"')) resolve();
      }),
    );
    socket.send(JSON.stringify({ type: 'hello', secret, href: `${url.origin}/`, top: true }));
    await ready;
    return page;
  }
  call<T>(channel: string, input?: unknown): Promise<{ ok: boolean; data: T; error?: unknown }> {
    const id = this.#next++;
    this.#channels.set(id, channel);
    const answer = new Promise<unknown>((r) => this.#results.set(id, r));
    this.socket.send(JSON.stringify({ type: 'call', id, channel, input }));
    return answer as Promise<{ ok: boolean; data: T }>;
  }
  deltas(): Delta[] {
    return this.events
      .filter((e) => e.name === 'portfolio.ordersDelta')
      .map((e) => e.payload as Delta);
  }
}

async function control(h: Harness, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${h.sandboxUrl}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  assert.equal(json.s, 'ok', String(json.message));
  return json;
}

async function until(what: string, ok: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until no order delta has arrived for a second (at most 30 s). */
async function quiet(page: Page): Promise<void> {
  let count = -1;
  let since = Date.now();
  await until(
    'the order deltas to settle',
    () => {
      const n = page.deltas().length;
      if (n !== count) [count, since] = [n, Date.now()];
      return Date.now() - since >= 1_000;
    },
    30_000,
  );
}

describe('order book deltas through the harness at 10,000 orders', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickdesk-feed-'));
  let harness: Harness;
  let page: Page;

  before(async () => {
    harness = await startHarness({
      rendererRoot: dataDir,
      deps: {
        appName: 'Tickdesk',
        version: '0.0.0-test',
        platform: process.platform,
        environment: 'demo',
        dataDir,
        demo: { testControls: true },
        openExternal: async () => {},
        keychain: async () => ({ keychain: null, reason: 'test: memory only' }),
      },
    });
    page = await Page.open(harness);
    const login = await page.call<{ status: string }>('session.login');
    assert.equal(login.ok, true, JSON.stringify(login));
    await control(harness, 'orders/seed', { count: 10_000 });
  });

  after(async () => {
    page.socket.close();
    await harness.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the book once as a snapshot, then only the orders that changed', async () => {
    const snap = await page.call<{ version: number; orders: unknown[] }>('portfolio.orderBook', {
      refresh: true,
    });
    assert.equal(snap.ok, true);
    assert.ok(snap.data.orders.length >= 10_000);
    // The order socket may still be announcing the 10,000 seeded orders (a loaded machine
    // lags): let those settle, so what follows counts only the churn's changes.
    await quiet(page);
    // The refresher and the user's refresh both read the book: any event carrying whole
    // orders must be a delta, and no event may carry the whole book again.
    const before = page.events.length;
    const deltasBefore = page.deltas().length;
    await control(harness, 'orders/churn', { count: 500 });
    // The broker's socket pushes each change as it happens, so the 500 arrive over a few
    // deltas (one per frame of updates), never as the book again.
    const changedSince = () =>
      new Set(
        page
          .deltas()
          .slice(deltasBefore)
          .flatMap((d) => d.upserts.map((u) => u.id)),
      ).size;
    await until('deltas with the 500 changed orders', () => changedSince() >= 500).catch(
      (e: unknown) => {
        console.log(
          JSON.stringify(
            page.deltas().map((d) => [d.base, d.version, d.upserts.length, d.removed.length]),
          ),
        );
        throw e;
      },
    );
    const later = page.events.slice(before);
    assert.ok(
      later.every((e) => e.bytes < 1_000_000),
      `an event was ${Math.max(...later.map((e) => e.bytes))} bytes: the whole book went again`,
    );
    assert.ok(
      later.every(
        (e) => e.name !== 'portfolio.changed' || !(e.payload as { orders?: unknown }).orders,
      ),
      'portfolio.changed no longer carries the order book',
    );
    const changed = page
      .deltas()
      .slice(deltasBefore)
      .flatMap((d) => d.upserts.map((u) => u.id));
    assert.equal(new Set(changed).size, changed.length, 'each change is sent once');
  });

  it('a refresh from a page that holds the current version costs one delta, not the book', async () => {
    // The 7 changes arrive pushed (the order socket) as deltas; a refresh from a page that
    // holds the latest version then gets no snapshot, only what changed since (if anything).
    const deltasBefore = page.deltas().length;
    await control(harness, 'orders/churn', { count: 7 });
    await until(
      'the 7 pushed changes',
      () =>
        page
          .deltas()
          .slice(deltasBefore)
          .flatMap((d) => d.upserts).length >= 7,
    );
    await new Promise((r) => setTimeout(r, 200));
    const held = page.deltas().at(-1)!.version;
    const before = page.events.length;
    const answer = await page.call<{ version: number; orders: unknown[] | null }>(
      'portfolio.orderBook',
      { refresh: true, since: held },
    );
    assert.equal(answer.data.orders, null, 'no snapshot when the page is current');
    const after = page.events.slice(before);
    assert.ok(
      after.every((e) => e.bytes < 1_000_000),
      'the whole book did not go again',
    );
    const last = page.deltas().at(-1)!;
    assert.equal(answer.data.version, last.version, 'the answer names the version the page holds');
  });

  it('chains versions so a page can tell when it missed one', async () => {
    // A snapshot answer, then pushed changes after it: the deltas must build on the version
    // the snapshot gave, whatever was still on its way when it was taken (a snapshot that
    // takes waiting changes moves the version past them: a loaded machine does this often).
    const snap = await page.call<{ version: number }>('portfolio.orderBook', { refresh: false });
    assert.equal(snap.ok, true);
    const deltasBefore = page.deltas().length;
    await control(harness, 'orders/churn', { count: 5 });
    await until('a delta after the snapshot', () =>
      page
        .deltas()
        .slice(deltasBefore)
        .some((d) => d.base >= snap.data.version),
    );
    const held = page.held;
    assert.ok(held.filter((h) => h.kind === 'delta').length >= 2, 'deltas arrived');
    assert.ok(
      held.some((h) => h.kind === 'book'),
      'book answers arrived',
    );
    // Each delta builds on the version the page held when it arrived (the last delta's or
    // the last book answer's); a book answer never goes back.
    for (let i = 1; i < held.length; i++) {
      const h = held[i]!;
      const prev = held[i - 1]!.version;
      if (h.kind === 'delta')
        assert.equal(
          h.base,
          prev,
          `delta ${i} builds on what the page held: ${JSON.stringify(held)}`,
        );
      else assert.ok(h.version >= prev, `book answer ${i} is not older: ${JSON.stringify(held)}`);
    }
  });

  it('coalesces per order while the page is not reading, and catches up in one delta', async () => {
    const raw = (page.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    // Stop reading, then queue more snapshot answers than the kernel's socket buffers can
    // absorb (loopback autotuning here allows a 32 MB receive buffer plus a 4 MB send
    // buffer), so the server's own send queue stays long and it sees the page behind.
    const one = await page.call('portfolio.orderBook', { refresh: false });
    const answers = Math.ceil((64 * 1024 * 1024) / JSON.stringify(one).length) + 1;
    raw.pause();
    const first = page.nextId;
    for (let n = 0; n < answers; n++) void page.call('portfolio.orderBook', { refresh: false });
    const last = first + answers - 1;
    // Let the server build and queue those answers (slow on a loaded machine) before the churn.
    await new Promise((r) => setTimeout(r, 4000));
    // Five rounds of changes, each over several refresher cycles, while the page is stuck.
    for (let round = 0; round < 5; round++) {
      await control(harness, 'orders/churn', { count: 400 });
      await new Promise((r) => setTimeout(r, 2500));
    }
    raw.resume();
    // The stream is ordered: a delta the server sent before it had queued the last snapshot
    // answer (it was not behind yet) arrives before that answer. Everything sent while the
    // page was behind arrives after it, and that is what must be coalesced.
    await until('the snapshot answers', () => page.answeredAt.has(last), 60_000);
    const behindFrom = page.answeredAt.get(last)!;
    const deltasAfter = () =>
      page.events
        .slice(behindFrom)
        .filter((e) => e.name === 'portfolio.ordersDelta')
        .map((e) => e.payload as Delta);
    await until('the catch-up delta', () => deltasAfter().length > 0, 30_000);
    await new Promise((r) => setTimeout(r, 3000));
    const catchUp = deltasAfter();
    const ids = catchUp.flatMap((d) => d.upserts.map((u) => u.id));
    // 2,000 changes to at most 2,000 orders: each order arrives once with its latest value.
    assert.ok(catchUp.length <= 2, `${catchUp.length} deltas after the stall: not coalesced`);
    assert.equal(new Set(ids).size, ids.length, 'an order came twice in the catch-up');
    assert.ok(ids.length <= 2000, `${ids.length} orders in the catch-up after 2,000 changes`);
  });
});
