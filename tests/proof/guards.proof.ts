/**
 * Guards: every placement rule of shared/broker/rules.ts and every fat-finger guard, with
 * the limits set through the settings channel, stops a bad order in the composed app before
 * anything is sent. Orders go in through the `orders.place` / `orders.placeMany` channels,
 * exactly as the ticket sends them; the sandbox's own order book (over HTTP) is the witness
 * that nothing left. Full size repeats every case with fresh random values.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '../../shared/broker/errors';
import type { OrderDraftInput } from '../../shared/ipc/channels/orders';
import { EMPTY_QUOTE_FIELDS } from '../../shared/marketdata/quote';
import { DEFAULT_FAT_FINGER_LIMITS } from '../../shared/settings/fat-finger-limits';
import { systemClock } from '../../electron/core/limiter/clock';
import { startComposedApp } from '../integration/app/composed-app';
import { atLeast, zeroGoal, type ProofContext, type ProofSection } from './types';
import { BrokerDialectId } from '../../shared/broker/dialect';

/** Proven on every broker dialect: the rules and guards sit above the seam. */
export const dialects = BrokerDialectId.options;

const SBIN = 'NSE:SBIN-EQ';
/**
 * The nearest NIFTY future, read from the composed app's own symbol master when the proof
 * starts: the sandbox lists contracts from today's date, so a fixed ticker stops existing
 * on its expiry day.
 */
const fut = { ticker: '', lot: 0, freeze: 0 };
const LTP = 945;

/** One bad order and what must stop it: a rule code, a guard, or the IPC input check. */
interface Case {
  name: string;
  expect: { code: number; field?: string } | { guard: string } | { ipcField: string };
  /** `r` in [0, 1) varies the values between rounds. */
  draft(r: number): Record<string, unknown>;
  /** The symbol's only price is a quote ten minutes old (a live feed that went quiet). */
  stale?: boolean;
}

const base = (over: Partial<Record<keyof OrderDraftInput, unknown>>) => ({
  symbol: SBIN,
  qty: 1,
  type: 1,
  side: 1,
  productType: 'INTRADAY',
  limitPrice: LTP,
  ...over,
});
const tick = (p: number, t = 0.05) => Math.round(p / t) * t;

const CASES: Case[] = [
  // The broker's placement rules (shared/broker/rules.ts).
  {
    name: 'unknown symbol',
    expect: { code: ErrorCode.InvalidSymbol },
    draft: () => base({ symbol: 'NSE:NOSUCHTHING-EQ' }),
  },
  { name: 'side not 1/-1', expect: { ipcField: 'draft.side' }, draft: () => base({ side: 2 }) },
  {
    name: 'order type not 1-4',
    expect: { ipcField: 'draft.type' },
    draft: () => base({ type: 5 }),
  },
  {
    name: 'lot multiple (rule 9)',
    expect: { code: ErrorCode.InvalidQty },
    draft: (r) =>
      base({
        symbol: fut.ticker,
        qty: fut.lot + 1 + Math.floor(r * (fut.lot - 2)),
        type: 2,
        limitPrice: 0,
      }),
  },
  {
    name: 'freeze quantity',
    expect: { code: ErrorCode.InvalidQty },
    draft: (r) =>
      base({
        symbol: fut.ticker,
        qty: fut.freeze + fut.lot * (1 + Math.floor(r * 10)),
        type: 2,
        limitPrice: 0,
      }),
  },
  {
    name: 'CNC only for equity',
    expect: { code: ErrorCode.InvalidProductType },
    draft: () =>
      base({ symbol: fut.ticker, qty: fut.lot, type: 2, limitPrice: 0, productType: 'CNC' }),
  },
  {
    name: 'MARGIN only for derivatives',
    expect: { code: ErrorCode.InvalidProductType },
    draft: () => base({ productType: 'MARGIN' }),
  },
  {
    name: 'disclosed qty not for CO',
    expect: { code: ErrorCode.InvalidDisclosedQty },
    draft: () => base({ productType: 'CO', qty: 10, disclosedQty: 5, stopLoss: tick(LTP * 0.98) }),
  },
  {
    name: 'disclosed qty only for equity',
    expect: { code: ErrorCode.InvalidDisclosedQty },
    draft: () =>
      base({ symbol: fut.ticker, qty: fut.lot, type: 2, limitPrice: 0, disclosedQty: 10 }),
  },
  {
    name: 'disclosed qty above qty',
    expect: { code: ErrorCode.InvalidDisclosedQty },
    draft: (r) => base({ qty: 10, disclosedQty: 11 + Math.floor(r * 100) }),
  },
  {
    name: 'limit order needs a limit price (rule 1)',
    expect: { code: ErrorCode.InvalidLimitPrice },
    draft: () => base({ limitPrice: 0 }),
  },
  {
    name: 'market order takes no limit price (rule 2)',
    expect: { code: ErrorCode.InvalidLimitPrice },
    draft: () => base({ type: 2 }),
  },
  {
    name: 'SL-M needs a trigger (rule 3)',
    expect: { code: ErrorCode.InvalidStopPrice },
    draft: () => base({ type: 3, limitPrice: 0 }),
  },
  {
    name: 'limit order takes no trigger',
    expect: { code: ErrorCode.InvalidStopPrice },
    draft: () => base({ stopPrice: LTP }),
  },
  {
    name: 'buy trigger below the last price (rules 3, 4)',
    expect: { code: ErrorCode.StopPriceVsLtp },
    draft: (r) => base({ type: 3, limitPrice: 0, stopPrice: tick(LTP * (0.97 - r * 0.01)) }),
  },
  {
    name: 'sell trigger above the last price (rules 3, 4)',
    expect: { code: ErrorCode.StopPriceVsLtp },
    draft: (r) =>
      base({ side: -1, type: 3, limitPrice: 0, stopPrice: tick(LTP * (1.03 + r * 0.01)) }),
  },
  {
    name: 'SL-L buy trigger not below limit',
    expect: { code: ErrorCode.InvalidStopPrice },
    draft: () => base({ type: 4, limitPrice: tick(LTP * 1.01), stopPrice: tick(LTP * 1.02) }),
  },
  {
    name: 'SL-L sell trigger not above limit',
    expect: { code: ErrorCode.InvalidStopPrice },
    draft: () =>
      base({ side: -1, type: 4, limitPrice: tick(LTP * 0.99), stopPrice: tick(LTP * 0.98) }),
  },
  {
    name: 'CO/BO only DAY validity',
    expect: { code: ErrorCode.InvalidValidity },
    draft: () => base({ productType: 'CO', validity: 'IOC', stopLoss: tick(LTP * 0.98) }),
  },
  {
    name: 'CO needs a stop loss',
    expect: { code: ErrorCode.InvalidStopLoss },
    draft: () => base({ productType: 'CO' }),
  },
  {
    name: 'CO only market or limit',
    expect: { code: ErrorCode.InvalidCoBoType },
    draft: () =>
      base({
        productType: 'CO',
        type: 3,
        limitPrice: 0,
        stopPrice: tick(LTP * 1.01),
        stopLoss: tick(LTP * 0.98),
      }),
  },
  {
    name: 'CO buy stop loss above limit (rule 6)',
    expect: { code: ErrorCode.InvalidStopLoss },
    draft: (r) => base({ productType: 'CO', stopLoss: tick(LTP * (1.01 + r * 0.02)) }),
  },
  {
    name: 'market CO buy stop loss above the last price (rule 6)',
    expect: { code: ErrorCode.InvalidStopLoss },
    draft: (r) =>
      base({ productType: 'CO', type: 2, limitPrice: 0, stopLoss: tick(LTP * (1.01 + r * 0.02)) }),
  },
  {
    name: 'BO needs a target',
    expect: { code: ErrorCode.InvalidTakeProfit },
    draft: () => base({ productType: 'BO', stopLoss: tick(LTP * 0.98) }),
  },
  {
    name: 'target only for BO',
    expect: { code: ErrorCode.InvalidTakeProfit },
    draft: () => base({ takeProfit: 10 }),
  },
  {
    name: 'stop loss only for CO/BO',
    expect: { code: ErrorCode.InvalidStopLoss },
    draft: () => base({ stopLoss: 10 }),
  },
  {
    name: 'tick size (rule 8)',
    expect: { code: ErrorCode.TickSize },
    draft: (r) => base({ limitPrice: LTP + 0.01 + Math.floor(r * 4) * 0.01 }),
  },
  // A CNC sell of demat shares (shared/broker/demat-sell.ts): at most the holding, and only
  // what is authorized for sale today (eDIS; the Demo account starts with none).
  {
    name: 'CNC sell above the holding',
    expect: { code: ErrorCode.OrderRejected, field: 'qty' },
    draft: (r) =>
      // Above any demo holding (at most 200 shares) yet inside the quantity and value limits.
      base({ side: -1, productType: 'CNC', qty: 300 + Math.floor(r * 100) }),
  },
  {
    name: 'CNC sell of demat shares without an eDIS authorization',
    expect: { code: ErrorCode.OrderRejected, field: 'edis' },
    draft: (r) => base({ side: -1, productType: 'CNC', qty: 1 + Math.floor(r * 3) }),
  },
  // The trader's fat-finger guards, limits from the settings channel.
  {
    name: 'max quantity',
    expect: { guard: 'max-qty' },
    draft: (r) => base({ qty: 5_001 + Math.floor(r * 1000), limitPrice: 1 }),
  },
  {
    name: 'max value (limit)',
    expect: { guard: 'max-value' },
    draft: (r) => base({ qty: 600 + Math.floor(r * 1000) }),
  },
  {
    name: 'max value (market, valued at the last price)',
    expect: { guard: 'max-value' },
    draft: (r) => base({ qty: 600 + Math.floor(r * 1000), type: 2, limitPrice: 0 }),
  },
  {
    name: 'limit price far from the last price',
    expect: { guard: 'ltp-distance' },
    draft: (r) => base({ limitPrice: tick(LTP * (1.2 + r)) }),
  },
  {
    name: 'trigger far from the last price',
    expect: { guard: 'ltp-distance' },
    draft: (r) => base({ type: 3, limitPrice: 0, stopPrice: tick(LTP * (1.2 + r)) }),
  },
  {
    name: 'exchange freeze quantity guard',
    expect: { guard: 'freeze-qty' },
    draft: () => base({ symbol: fut.ticker, qty: fut.freeze + fut.lot, type: 2, limitPrice: 0 }),
  },
  {
    name: 'last price too old to trust',
    expect: { guard: 'stale-ltp' },
    draft: () => base({ symbol: fut.ticker, qty: fut.lot, type: 2, limitPrice: 0 }),
    stale: true,
  },
];

/** The rule codes shared/broker/rules.ts can answer, read from its source. */
function ruleCodes(): Set<number> {
  const src = readFileSync(join(import.meta.dirname, '../../shared/broker/rules.ts'), 'utf8');
  const names = new Set([...src.matchAll(/ErrorCode\.(\w+)/g)].map((m) => m[1]!));
  return new Set([...names].map((n) => (ErrorCode as Record<string, number>)[n]!));
}

/** Runs the proof. */
export async function run(ctx: ProofContext): Promise<ProofSection> {
  const rounds = ctx.size === 'fast' ? 1 : 30;
  const app = await startComposedApp({
    deps: { clock: systemClock },
    dialect: ctx.dialect,
  });
  try {
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('market', { exchange: 10, segment: 11, status: 'OPEN' });
    const futures = await app.call('symbols.search', { query: 'nifty fut', limit: 10 });
    const nearest = futures.find((s) => /^NSE:NIFTY\d{2}[A-Z]{3}FUT$/.test(s.ticker));
    if (!nearest?.freezeQty)
      throw new Error('The symbol master has no NIFTY future with a freeze quantity.');
    Object.assign(fut, { ticker: nearest.ticker, lot: nearest.lotSize, freeze: nearest.freezeQty });
    await app.call('settings.updatePreferences', {
      patch: {
        fatFinger: {
          ...DEFAULT_FAT_FINGER_LIMITS,
          maxOrderQty: 5_000,
          maxOrderValue: 5_00_000,
          maxLtpDistancePct: 10,
        },
      },
    });
    const sentBefore = await app.sandboxOrderCount();
    const missed: string[] = [];
    const codesSeen = new Set<number>();
    const guardsSeen = new Set<string>();
    let stopped = 0;
    let attempts = 0;
    for (let round = 0; round < rounds; round++) {
      await app.control('price', { symbol: SBIN, ltp: LTP });
      await app.call('portfolio.holdings'); // brings SBIN's last price in, as the views do
      for (const c of CASES) {
        attempts++;
        const draft = c.draft(Math.random());
        if (c.stale) {
          // The one price store holds only an old quote for this symbol: never silently used.
          app.core.quotes.put({
            ...EMPTY_QUOTE_FIELDS,
            symbol: String(draft.symbol),
            ltp: LTP,
            at: Date.now() - 10 * 60_000,
            source: 'quote',
          });
        }
        const r = await app.dispatch('orders.place', { draft });
        let ok = false;
        if ('ipcField' in c.expect) {
          ok = !r.ok && r.error.kind === 'invalid-input' && r.error.field === c.expect.ipcField;
        } else if (r.ok) {
          const intent = r.data as {
            status: string;
            violations: { field: string; code: number | null; guard: string | null }[];
          };
          for (const v of intent.violations) {
            if (v.code !== null) codesSeen.add(v.code);
            if (v.guard !== null) guardsSeen.add(v.guard);
          }
          ok =
            intent.status === 'blocked' &&
            intent.violations.some((v) =>
              'code' in c.expect
                ? v.code === c.expect.code &&
                  (c.expect.field === undefined || v.field === c.expect.field)
                : 'guard' in c.expect && v.guard === c.expect.guard,
            );
        }
        if (ok) stopped++;
        else missed.push(`${c.name}: ${JSON.stringify(r).slice(0, 300)}`);
      }
      // A basket with one bad order among good ones is stopped whole.
      attempts++;
      const basket = await app.dispatch('orders.placeMany', {
        drafts: [base({ limitPrice: tick(LTP * 0.99) }), base({ limitPrice: tick(LTP * 5) })],
      });
      const all = basket.ok ? (basket.data as { status: string }[]) : [];
      if (all.length === 2 && all.every((i) => i.status === 'blocked')) stopped++;
      else missed.push(`basket: ${JSON.stringify(basket).slice(0, 300)}`);
    }
    const received = (await app.sandboxOrderCount()) - sentBefore;
    const notSeen = [...ruleCodes()].filter(
      (code) =>
        !codesSeen.has(code) &&
        code !== ErrorCode.InvalidSide &&
        code !== ErrorCode.InvalidOrderType,
    );
    const guards = ['max-qty', 'max-value', 'ltp-distance', 'freeze-qty', 'stale-ltp'];
    for (const m of missed.slice(0, 5)) ctx.log(`missed ${m}`);
    for (const c of notSeen) ctx.log(`rule code ${c} never fired`);
    return {
      title: 'Guards',
      figures: [
        atLeast('bad orders stopped before sending', stopped, attempts),
        zeroGoal('bad orders not stopped', attempts - stopped),
        zeroGoal('orders the sandbox received', received),
        zeroGoal('rule codes in rules.ts never seen firing', notSeen.length),
        zeroGoal(
          'fat-finger guards never seen firing',
          guards.filter((g) => !guardsSeen.has(g)).length,
        ),
      ],
      notes: [
        `${CASES.length} cases + 1 basket × ${rounds} round(s) through orders.place/placeMany on the composed app (Demo on ${ctx.dialect}); limits set over settings.updatePreferences; side/type codes are refused by the IPC input check before the rules`,
      ],
      json: { cases: CASES.map((c) => c.name), missed },
    };
  } finally {
    await app.close();
  }
}
