/**
 * Guards (GTT legs): every pre-check and fat-finger guard an order meets stops a GTT whose
 * leg breaks it (issue 21 #1, #5), whichever leg it is: the one leg of a single GTT, the
 * target of an OCO, its stop. GTTs go in through the `gtt.create` channel exactly as the GTT
 * dialog sends them, on the composed app in Demo on API v3; the sandbox's count of GTT
 * requests is the witness that nothing left. A rule blocks; a guard or a trigger that would
 * fire at once asks first (not sent until the trader confirms). API v2 has no GTT: its
 * column says "needs v3".
 */
import type { GttDraft, GttLeg } from '../../shared/broker/gtt';
import { BrokerDialectId } from '../../shared/broker/dialect';
import { ErrorCode } from '../../shared/broker/errors';
import { Side } from '../../shared/broker/enums';
import { V3_GTT_SYNC_PATH } from '../../shared/broker/v3/gtt-wire';
import { DEFAULT_FAT_FINGER_LIMITS } from '../../shared/settings/fat-finger-limits';
import { systemClock } from '../../electron/core/limiter/clock';
import { startComposedApp } from '../integration/app/composed-app';
import { inProcessDemo } from '../support/in-process-demo';
import {
  atLeast,
  notApplicable,
  zeroGoal,
  type ProofContext,
  type ProofFigure,
  type ProofSection,
} from './types';

/** Run on every dialect: v3 measures, v2 says GTT needs v3 (a column each). */
export const dialects = BrokerDialectId.options;

const TITLE = 'Guards (GTT legs)';
const SBIN = 'NSE:SBIN-EQ';
const LTP = 945;
/** The nearest NIFTY future, read from the app's symbol master when the proof starts. */
const fut = { ticker: '', lot: 0, freeze: 0, tick: 0.05, ltp: 24_000 };
const CREATE = `POST /api/v3${V3_GTT_SYNC_PATH}`;

/** Which leg a case breaks: the single GTT's, an OCO's target, an OCO's stop. */
type Where = 'single' | 'target' | 'stop';
const WHERE: readonly Where[] = ['single', 'target', 'stop'];

/**
 * What must stop the GTT, on the broken leg: a rule code (blocks; `asks`: the trader is asked
 * first instead) or a guard (asks).
 */
type Expect = { code: number; field?: string; asks?: true } | { guard: string };

/** One way to break a leg: `leg` turns the good leg into the bad one (`r` in [0, 1) varies it). */
interface Case {
  name: string;
  expect: Expect;
  /** The GTT's symbol: SBIN cash (default) or the NIFTY future. */
  future?: boolean;
  product?: 'CNC' | 'MARGIN';
  leg(good: GttLeg, where: Where, r: number): GttLeg;
}

const tick = (p: number, t = 0.05) => Math.round(Math.round(p / t) * t * 100) / 100;

const CASES: Case[] = [
  // The broker's rules each leg's order meets (shared/broker/rules.ts).
  {
    name: 'lot multiple (rule 9)',
    expect: { code: ErrorCode.InvalidQty },
    future: true,
    leg: (g, _w, r) => ({ ...g, qty: fut.lot + 1 + Math.floor(r * (fut.lot - 2)) }),
  },
  {
    name: 'freeze quantity',
    expect: { code: ErrorCode.InvalidQty },
    future: true,
    leg: (g, _w, r) => ({ ...g, qty: fut.freeze + fut.lot * (1 + Math.floor(r * 10)) }),
  },
  {
    name: 'CNC only for equity',
    expect: { code: ErrorCode.InvalidProductType },
    future: true,
    product: 'CNC',
    leg: (g) => g,
  },
  {
    name: 'MARGIN only for derivatives',
    expect: { code: ErrorCode.InvalidProductType },
    product: 'MARGIN',
    leg: (g) => g,
  },
  {
    name: 'limit price tick size (rule 8)',
    expect: { code: ErrorCode.TickSize, field: 'limitPrice' },
    leg: (g, _w, r) => ({ ...g, limitPrice: g.limitPrice + 0.01 + Math.floor(r * 4) * 0.01 }),
  },
  {
    name: 'trigger price tick size',
    expect: { code: ErrorCode.TickSize, field: 'stopPrice' },
    leg: (g, _w, r) => ({ ...g, triggerPrice: g.triggerPrice + 0.01 + Math.floor(r * 4) * 0.01 }),
  },
  {
    // The exchange's price band (index derivatives have one; the app sets none on cash).
    name: 'limit price outside the price band',
    expect: { code: ErrorCode.OrderRejected, field: 'limitPrice' },
    future: true,
    leg: (g, w, r) => ({
      ...g,
      limitPrice: tick(w === 'stop' ? fut.ltp * (0.6 - r * 0.2) : fut.ltp * (1.4 + r), fut.tick),
    }),
  },
  // A trigger on the wrong side of the last price would fire at once: asks first.
  {
    name: 'trigger that would fire at once',
    expect: { code: ErrorCode.OrderRejected, field: 'stopPrice', asks: true },
    leg: (g, w, r) => ({
      ...g,
      triggerPrice:
        w === 'single'
          ? LTP
          : w === 'target'
            ? tick(LTP * (0.99 - r * 0.02))
            : tick(LTP * (1.01 + r * 0.02)),
    }),
  },
  // The trader's fat-finger guards, limits from the settings channel.
  {
    name: 'max quantity',
    expect: { guard: 'max-qty' },
    leg: (g, _w, r) => ({ ...g, qty: 5_001 + Math.floor(r * 1000), limitPrice: 1 }),
  },
  {
    name: 'max value',
    expect: { guard: 'max-value' },
    leg: (g, _w, r) => ({ ...g, qty: 600 + Math.floor(r * 1000) }),
  },
  {
    name: 'limit price far from the last price',
    expect: { guard: 'ltp-distance' },
    leg: (g, w, r) => ({
      ...g,
      limitPrice: tick(w === 'stop' ? LTP * (0.85 - r * 0.02) : LTP * (1.15 + r * 0.02)),
    }),
  },
  {
    name: 'exchange freeze quantity guard',
    expect: { guard: 'freeze-qty' },
    future: true,
    leg: (g) => ({ ...g, qty: fut.freeze + fut.lot }),
  },
];

/** A good GTT on `future` or SBIN whose `where` leg is `bad`; the other leg stays good. */
function gttWith(c: Case, where: Where, r: number): GttDraft {
  const ltp = c.future ? fut.ltp : LTP;
  const qty = c.future ? fut.lot : 1;
  const t = c.future ? fut.tick : 0.05;
  const up: GttLeg = { triggerPrice: tick(ltp * 1.02, t), limitPrice: tick(ltp * 1.02, t), qty };
  const down: GttLeg = { triggerPrice: tick(ltp * 0.98, t), limitPrice: tick(ltp * 0.98, t), qty };
  // Buys: a sell of demat shares would meet the holdings and eDIS checks as well.
  const base = {
    symbol: c.future ? fut.ticker : SBIN,
    side: Side.Buy,
    productType: c.product ?? (c.future ? 'MARGIN' : 'CNC'),
  } as const;
  // A single GTT: a buy below the price.
  if (where === 'single') return { kind: 'single', ...base, leg: c.leg(down, where, r) };
  return {
    kind: 'oco',
    ...base,
    target: where === 'target' ? c.leg(up, where, r) : up,
    stop: where === 'stop' ? c.leg(down, where, r) : down,
  };
}

function figures(n: {
  stopped: number;
  attempts: number;
  sent: number;
  legs: number;
  unseen: number;
}): ProofFigure[] {
  return [
    atLeast('bad GTT legs stopped before sending', n.stopped, n.attempts),
    zeroGoal('bad GTT legs not stopped', n.attempts - n.stopped),
    zeroGoal('GTT requests the sandbox received', n.sent),
    atLeast('checks proven on every leg (single, target, stop)', n.legs, CASES.length),
    zeroGoal('checks never seen stopping a leg', n.unseen),
  ];
}

/** Runs the proof. */
export async function run(ctx: ProofContext): Promise<ProofSection> {
  const rounds = ctx.size === 'fast' ? 1 : 30;
  if (ctx.dialect !== 'fyers-v3')
    return {
      title: TITLE,
      figures: notApplicable(
        figures({ stopped: 0, attempts: 0, sent: 0, legs: 0, unseen: 0 }),
        'needs v3',
      ),
      notes: [`GTT orders exist on the broker's API v3 only: nothing to prove on ${ctx.dialect}`],
    };
  // The market does not walk (tickMs 0): "the last price" stays the pinned one, so a trigger
  // at it, or a limit 15% from it, is exactly that when the checks run.
  const app = await startComposedApp({
    deps: { clock: systemClock, demoProcess: inProcessDemo({ sandbox: { tickMs: 0 } }) },
    dialect: ctx.dialect,
  });
  const reached = async (): Promise<number> => {
    const res = await fetch(new URL('/__sandbox/requests', app.core.demoBrokerUrl!));
    return ((await res.json()) as { requests: Record<string, number> }).requests[CREATE] ?? 0;
  };
  try {
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    await app.control('market', { exchange: 10, segment: 11, status: 'OPEN' });
    const futures = await app.call('symbols.search', { query: 'nifty fut', limit: 10 });
    const nearest = futures.find((s) => /^NSE:NIFTY\d{2}[A-Z]{3}FUT$/.test(s.ticker));
    if (!nearest?.freezeQty)
      throw new Error('The symbol master has no NIFTY future with a freeze quantity.');
    Object.assign(fut, {
      ticker: nearest.ticker,
      lot: nearest.lotSize,
      freeze: nearest.freezeQty,
      tick: nearest.tickSize,
    });
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
    const sentBefore = await reached();
    const missed: string[] = [];
    /** Per case, the legs it was seen stopping. */
    const seen = new Map<string, Set<Where>>(CASES.map((c) => [c.name, new Set()]));
    let stopped = 0;
    let attempts = 0;
    for (let round = 0; round < rounds; round++) {
      // One market step (a quote's time is its last step's: a still market's would grow
      // old), then the prices pinned again, so the checks see exactly these, fresh.
      await app.control('tick', { n: 1 });
      await app.control('price', { symbol: SBIN, ltp: LTP });
      await app.control('price', { symbol: fut.ticker, ltp: fut.ltp });
      for (const c of CASES) {
        for (const where of WHERE) {
          attempts++;
          const draft = gttWith(c, where, Math.random());
          const r = await app.dispatch('gtt.create', { draft });
          const leg = where === 'stop' ? 'leg2' : 'leg1';
          let ok = false;
          if (r.ok) {
            const a = r.data as {
              status: string;
              checks: {
                leg: string | null;
                field: string;
                code: number | null;
                guard: string | null;
              }[];
            };
            const wanted = 'code' in c.expect && !c.expect.asks ? 'blocked' : 'confirm';
            ok =
              (a.status === wanted || (wanted === 'confirm' && a.status === 'blocked')) &&
              a.checks.some(
                (k) =>
                  k.leg === leg &&
                  ('code' in c.expect
                    ? k.code === c.expect.code &&
                      (c.expect.field === undefined || k.field === c.expect.field)
                    : k.guard === c.expect.guard),
              );
          }
          if (ok) {
            stopped++;
            seen.get(c.name)!.add(where);
          } else missed.push(`${c.name} (${where}): ${JSON.stringify(r).slice(0, 400)}`);
        }
      }
    }
    const sent = (await reached()) - sentBefore;
    const legs = [...seen.values()].filter((s) => s.size === WHERE.length).length;
    const unseen = [...seen.values()].filter((s) => s.size === 0).length;
    for (const m of missed.slice(0, 8)) ctx.log(`missed ${m}`);
    return {
      title: TITLE,
      figures: figures({ stopped, attempts, sent, legs, unseen }),
      notes: [
        `${CASES.length} checks × ${WHERE.length} legs (a single GTT's, an OCO's target, its stop) × ${rounds} round(s) through gtt.create on the composed app (Demo on ${ctx.dialect}); limits set over settings.updatePreferences; a rule blocks, a guard or a trigger that would fire at once asks (not sent); a stale last price is not a GTT case: the service reads a fresh one before checking`,
      ],
      json: { cases: CASES.map((c) => c.name), missed: missed.slice(0, 50) },
    };
  } finally {
    await app.close();
  }
}
