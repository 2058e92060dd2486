/**
 * Test-only controls under /__sandbox/ (registered only with testControls; 404 otherwise):
 * set or advance the clock, pin a market OPEN/CLOSE, set a last price, arm faults or an odd
 * row in a list answer, set the app's registered static IPs, give the account DDPI, set the demo user's personal details (canaries for leak tests),
 * reset the account, and step the market. They let integration tests reach 15:29 IST, an expired token
 * or a half-filled order in milliseconds instead of waiting for them.
 */
import { isExchange, isSegment, OrderType, Side } from '../../shared/broker/enums';
import { isOpen } from '../orders/model';
import { roundToTick } from '../../shared/broker/rules';
import { ErrorCode } from '../../shared/broker/errors';
import type { CredentialStore } from '../auth/credentials';
import type { SimClock } from '../clock';
import type { BrokerCore } from '../core';
import type { Reply, Route } from '../http/types';
import type { RateLimiter } from '../limits/rate-limiter';
import { transDtlsOf } from '../edis/depository-pages';
import type { FaultTable } from './faults';
import type { RegisteredIps } from './registered-ips';
import type { RequestCounts } from './request-counts';
import type { RowPatchTable } from './row-patches';
import { MARKET_OVERRIDES, type MarketOverride } from '../market/sessions';
import { LATENCY_PROFILES, PRICE_RANGE_LIMITS, type LatencyName } from '../orders/exchange-timing';
import { OWN_TRADES_NAMES, type OwnTradesName } from '../market/trade-impact';

/** What the controls act on. */
export interface ControlDeps {
  core: BrokerCore;
  clock: SimClock;
  limiter: RateLimiter;
  faults: FaultTable;
  rowPatches: RowPatchTable;
  creds: CredentialStore;
  /** Requests that reached each API route (GET /__sandbox/requests). */
  requestCounts?: RequestCounts;
  /** The app's registered static IPs (order actions from others are refused). */
  registeredIps?: RegisteredIps;
}

const okJson = (extra: Record<string, unknown> = {}): Reply => ({
  status: 200,
  json: { s: 'ok', code: 200, message: '', ...extra },
});
const bad = (message: string): Reply => ({
  status: 400,
  json: { s: 'error', code: ErrorCode.InvalidParameters, message },
});
const obj = (b: unknown): Record<string, unknown> =>
  b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};

/** The demo user's details the profile control may change (never its password, PIN, TPIN or OTP). */
const PROFILE_FIELDS = ['name', 'email', 'pan', 'mobile', 'svc_id'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Builds the control routes. */
export function controlRoutes(d: ControlDeps): Route[] {
  const { core, clock } = d;
  const clockState = () => ({
    now: new Date(clock.now()).toISOString(),
    step: core.state.prices.step,
    frozen: clock.frozen,
    priced: core.state.prices.priced,
  });
  const route = (method: Route['method'], path: string, handle: Route['handle']): Route => ({
    method,
    path,
    access: 'public',
    handle,
  });
  return [
    route('GET', '/__sandbox/clock', () => okJson(clockState())),
    // The auth codes, tokens and proofs (appIdHash, code_verifier) seen and the eDIS
    // TransDtls payloads handed out, for leak tests.
    route('GET', '/__sandbox/issued', () =>
      okJson({
        issued: { ...d.creds.seen, transDtls: core.state.edis.list().map(transDtlsOf) },
      }),
    ),
    route('POST', '/__sandbox/profile', (ctx) => {
      // The personal details the profile (and order rows) answer with, e.g. canary values.
      const b = obj(ctx.body);
      for (const [key, value] of Object.entries(b)) {
        if (!PROFILE_FIELDS.includes(key as ProfileField))
          return bad(`profile fields are ${PROFILE_FIELDS.join(', ')}`);
        if (typeof value !== 'string' || value.length === 0 || value.length > 100)
          return bad(`${key} must be text of 1..100 characters`);
      }
      Object.assign(core.user, b);
      return okJson({ profile: Object.fromEntries(PROFILE_FIELDS.map((k) => [k, core.user[k]])) });
    }),
    route('POST', '/__sandbox/demat', (ctx) => {
      // The account's standing demat instruction: {"ddpi": true} lets CNC sells (and the
      // sells GTTs place) go without eDIS, as DDPI or a POA does at a real broker.
      const ddpi = obj(ctx.body).ddpi;
      if (typeof ddpi !== 'boolean') return bad('send {"ddpi": true} or {"ddpi": false}');
      core.state.ddpi = ddpi;
      return okJson({ ddpi });
    }),
    route('POST', '/__sandbox/clock', (ctx) => {
      const b = obj(ctx.body);
      if (typeof b.set === 'string') {
        const t = Date.parse(b.set);
        if (!Number.isFinite(t))
          return bad('set must be an ISO date-time, e.g. 2026-11-23T09:20:00+05:30');
        clock.set(t);
      } else if (typeof b.advanceMs === 'number' && Number.isFinite(b.advanceMs)) {
        clock.advance(b.advanceMs);
      } else {
        return bad('send {"set": "<ISO>"} or {"advanceMs": n}');
      }
      core.engine.housekeeping();
      return okJson(clockState());
    }),
    route('POST', '/__sandbox/market', (ctx) => {
      const b = obj(ctx.body);
      if (!isExchange(b.exchange)) return bad('exchange must be 10 (NSE), 11 (MCX) or 12 (BSE)');
      if (!isSegment(b.segment)) return bad('segment must be 10, 11, 12 or 20');
      if (!MARKET_OVERRIDES.includes(b.status as MarketOverride))
        return bad(`status must be one of ${MARKET_OVERRIDES.join(', ')}`);
      core.state.sessions.setOverride(b.exchange, b.segment, b.status as MarketOverride);
      core.engine.housekeeping();
      return okJson({ status: core.state.sessions.status(b.exchange, b.segment, clock.now()) });
    }),
    route('POST', '/__sandbox/price', (ctx) => {
      const b = obj(ctx.body);
      const i = typeof b.symbol === 'string' ? core.state.index.byTicker(b.symbol) : undefined;
      if (!i) return bad('symbol must be a known ticker, e.g. NSE:SBIN-EQ');
      if (typeof b.ltp !== 'number' || !(b.ltp > 0)) return bad('ltp must be a positive number');
      core.state.prices.setLtp(i, roundToTick(b.ltp, i.tickSize || 0.05));
      // A GTT reached by the new price triggers now, as it would on the next market step.
      core.gtt.evaluate();
      return okJson({ symbol: i.ticker, ltp: core.state.ltp(i) });
    }),
    route('POST', '/__sandbox/exchange', (ctx) => {
      // The exchange's timing (a latency profile, a late rejection of the next order(s)) and
      // what our own fills do to the market.
      const b = obj(ctx.body);
      const t = core.engine.timing;
      if (b.latency !== undefined) {
        const named = LATENCY_PROFILES[b.latency as LatencyName];
        const l = obj(b.latency);
        const num = (v: unknown, max: number) => typeof v === 'number' && v >= 0 && v <= max;
        if (typeof b.latency === 'string' && named) t.profile = named;
        else if (num(l.typicalMs, 60_000) && num(l.tailChance, 1) && num(l.tailMaxMs, 60_000))
          t.profile = {
            typicalMs: l.typicalMs as number,
            tailChance: l.tailChance as number,
            tailMaxMs: l.tailMaxMs as number,
          };
        else
          return bad(
            'latency must be "realistic", "easy" or {typicalMs 0..60000, tailChance 0..1, tailMaxMs 0..60000}',
          );
      }
      if (b.ownTrades !== undefined) {
        if (!OWN_TRADES_NAMES.includes(b.ownTrades as OwnTradesName))
          return bad('ownTrades must be "realistic" or "easy"');
        core.engine.prints.mode = b.ownTrades as OwnTradesName;
      }
      if (b.priceRange !== undefined) {
        const r = b.priceRange;
        if (typeof r !== 'number' || !(r >= PRICE_RANGE_LIMITS.min && r <= PRICE_RANGE_LIMITS.max))
          return bad(
            `priceRange must be a share of the price, ${PRICE_RANGE_LIMITS.min} to ${PRICE_RANGE_LIMITS.max} (0.2 is 20%)`,
          );
        t.priceRange = r;
      }
      if (b.rejectNext !== undefined) {
        if (
          typeof b.rejectNext !== 'string' ||
          b.rejectNext.length === 0 ||
          b.rejectNext.length > 200
        )
          return bad("rejectNext must be the exchange's reason, 1..200 characters");
        t.rejectNext(b.rejectNext);
      }
      return okJson({
        latency: t.profile,
        priceRange: t.priceRange,
        ownTrades: core.engine.prints.mode,
      });
    }),
    route('POST', '/__sandbox/faults', (ctx) => {
      try {
        const f = d.faults.arm(obj(ctx.body));
        return okJson({ fault: f });
      } catch (e) {
        return bad((e as Error).message);
      }
    }),
    route('GET', '/__sandbox/faults', () => okJson({ fired: d.faults.fired() })),
    route('GET', '/__sandbox/limits', () => okJson({ users: d.limiter.report(clock.now()) })),
    route('POST', '/__sandbox/limits/spend', (ctx) => {
      // Another client on the account spends part of this minute (the app cannot see it).
      const count = obj(ctx.body).count;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 10_000)
        return bad('count must be a whole number 1..10000');
      d.limiter.spendMinute(clock.now(), count);
      return okJson({ users: d.limiter.report(clock.now()) });
    }),
    // The static IPs registered for the app: {"ips": ["203.0.113.7"]}, or {"ips": null} for no rule.
    route('GET', '/__sandbox/registered-ips', () =>
      okJson({ ips: d.registeredIps?.list() ?? null }),
    ),
    route('POST', '/__sandbox/registered-ips', (ctx) => {
      if (!d.registeredIps) return bad('this sandbox has no registered-IP rule');
      try {
        d.registeredIps.set(obj(ctx.body).ips);
      } catch (e) {
        return bad((e as Error).message);
      }
      return okJson({ ips: d.registeredIps.list() });
    }),
    route('GET', '/__sandbox/requests', () =>
      okJson({ requests: d.requestCounts?.snapshot() ?? {} }),
    ),
    route('POST', '/__sandbox/row-patch', (ctx) => {
      try {
        return okJson({ patch: d.rowPatches.arm(obj(ctx.body)) });
      } catch (e) {
        return bad((e as Error).message);
      }
    }),
    route('POST', '/__sandbox/reset', () => {
      core.reset();
      d.limiter.clear();
      d.faults.clear();
      d.rowPatches.clear();
      return okJson(clockState());
    }),
    route('POST', '/__sandbox/orders/seed', (ctx) => {
      // A busy trading day in one call: `count` far-from-market buy limits, through the
      // desk's own rules (so each is a real pending order), for book-at-scale tests.
      const b = obj(ctx.body);
      const count = b.count;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 20_000)
        return bad('count must be a whole number 1..20000');
      const symbol = typeof b.symbol === 'string' ? b.symbol : 'NSE:IDEA-EQ';
      const i = core.state.index.byTicker(symbol);
      if (!i) return bad('symbol must be a known ticker, e.g. NSE:IDEA-EQ');
      const tick = i.tickSize || 0.05;
      const price = roundToTick(core.state.ltp(i) * 0.9, tick);
      const ids: string[] = [];
      for (let n = 0; n < count; n++) {
        const ack = core.desk.place({
          symbol,
          qty: 1,
          type: OrderType.Limit,
          side: Side.Buy,
          productType: 'INTRADAY',
          limitPrice: price,
          stopPrice: 0,
          disclosedQty: 0,
          validity: 'DAY',
          offlineOrder: !core.engine.marketOpen(i),
          stopLoss: 0,
          takeProfit: 0,
        });
        ids.push(ack.id);
      }
      core.engine.housekeeping();
      return okJson({ count: ids.length, first: ids[0], last: ids.at(-1) });
    }),
    route('POST', '/__sandbox/orders/churn', (ctx) => {
      // Changes `count` open orders (quantity +1 each, oldest changed least recently first),
      // so tests can make the book move at a known number of rows per second.
      const b = obj(ctx.body);
      const count = b.count;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 20_000)
        return bad('count must be a whole number 1..20000');
      const open = core.state.book.list().filter((o) => isOpen(o) && !o.parentId);
      open.sort((a, z) => a.qty - z.qty);
      let changed = 0;
      for (const o of open.slice(0, count)) {
        core.desk.modify({ id: o.id, qty: o.qty + 1 });
        changed++;
      }
      return okJson({ changed });
    }),
    route('POST', '/__sandbox/tick', (ctx) => {
      const b = obj(ctx.body);
      const n = b.n === undefined ? 1 : b.n;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 100_000)
        return bad('n must be a whole number 1..100000');
      core.engine.tick(n);
      return okJson(clockState());
    }),
  ];
}
