/**
 * Faults (GTT, multi-leg): the no-duplicate promise for the order actions only API v3 has
 * (issue 21 #5), through the composed app (`createAppCore` in Demo on v3, the sandbox over
 * HTTP with its fault controls, one virtual clock for both). GTT create, modify and cancel
 * and a two-leg multi-leg placement, each in every fault mode of the Faults section; each
 * case is judged against the broker's own GTT book or order book. On API v2 these actions
 * do not exist: its column says "needs v3" instead of a figure.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrokerDialectId } from '../../shared/broker/dialect';
import { Exchange, Segment } from '../../shared/broker/enums';
import {
  startComposedApp,
  startDemoSandbox,
  type ComposedApp,
} from '../integration/safety/composed-app';
import { virtualClock } from '../integration/safety/virtual-clock';
import { MODES as FAULT_MODES, saturdayMorning } from './faults.proof';
import {
  GTT_LTP,
  GTT_SYMBOL,
  LEG_LTP,
  LegPriceTags,
  TriggerTags,
  V3_ACTIONS,
  V3_FAULT_ROUTE,
  cancelActiveGtts,
  prepareV3Cases,
  type V3ActionName,
  type V3CaseContext,
} from './support/v3-order-fault-cases';
import {
  atLeast,
  notApplicable,
  zeroGoal,
  type ProofContext,
  type ProofFigure,
  type ProofSection,
} from './types';

/** Run on every dialect: v3 measures, v2 says the actions need v3 (a column each). */
export const dialects = BrokerDialectId.options;

const TITLE = 'Faults (GTT, multi-leg)';

/** What the campaign counts. */
interface Counts {
  pairs: number;
  armed: number;
  fired: number;
  gttDuplicates: number;
  gttResent: number;
  gttWrong: number;
  gttUnresolved: number;
  mlDuplicates: number;
  mlResent: number;
  mlWrong: number;
  mlUnresolved: number;
}

function figures(c: Counts, plan: { pairs: number; armed: number }): ProofFigure[] {
  return [
    atLeast('GTT and multi-leg action × fault mode pairs run', c.pairs, plan.pairs),
    atLeast('GTT and multi-leg faults that fired at the sandbox', c.fired, plan.armed),
    zeroGoal('duplicate GTTs', c.gttDuplicates),
    zeroGoal('GTT actions sent more than once', c.gttResent),
    zeroGoal('wrong beliefs (app vs GTT book)', c.gttWrong),
    zeroGoal('unresolved GTT actions', c.gttUnresolved),
    zeroGoal('duplicate multi-leg orders', c.mlDuplicates),
    zeroGoal('multi-leg orders sent more than once', c.mlResent),
    zeroGoal('wrong beliefs (app vs order book, multi-leg)', c.mlWrong),
    zeroGoal('unresolved multi-leg orders', c.mlUnresolved),
  ];
}

/** Full: every action × every mode, `perWave` each; fast: every mode once, the actions in turn. */
function planOf(full: boolean): { pairs: [V3ActionName, string][]; perWave: number } {
  const modes = Object.keys(FAULT_MODES);
  return full
    ? {
        pairs: V3_ACTIONS.flatMap((a) => modes.map((m) => [a, m] as [V3ActionName, string])),
        perWave: 4,
      }
    : { pairs: modes.map((m, k) => [V3_ACTIONS[k % V3_ACTIONS.length]!, m]), perWave: 1 };
}

export async function run(ctx: ProofContext): Promise<ProofSection> {
  const full = ctx.size === 'full';
  const { pairs, perWave } = planOf(full);
  const plan = { pairs: pairs.length, armed: pairs.length * perWave };
  const zero: Counts = {
    pairs: 0,
    armed: 0,
    fired: 0,
    gttDuplicates: 0,
    gttResent: 0,
    gttWrong: 0,
    gttUnresolved: 0,
    mlDuplicates: 0,
    mlResent: 0,
    mlWrong: 0,
    mlUnresolved: 0,
  };
  if (ctx.dialect !== 'fyers-v3')
    return {
      title: TITLE,
      figures: notApplicable(figures(zero, plan), 'needs v3'),
      notes: [
        `GTT and multi-leg orders exist on the broker's API v3 only: nothing to prove on ${ctx.dialect}`,
      ],
    };

  const c = { ...zero };
  const failures: string[] = [];
  // A Saturday morning with every market pinned open; the sandbox's market does not walk on
  // its own (tickMs 0): the GTTs' triggers stay untouched unless the proof moves the price.
  const clock = virtualClock(saturdayMorning(), 20);
  const sandbox = await startDemoSandbox(clock, undefined, { tickMs: 0 });
  const dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-proof-faults-gtt-'));
  let app: ComposedApp | undefined;
  const reached = async (): Promise<Record<string, number>> => {
    const res = await fetch(`${sandbox.url}/__sandbox/requests`);
    return ((await res.json()) as { requests: Record<string, number> }).requests;
  };
  const firedTotal = async (): Promise<number> => {
    const res = await fetch(`${sandbox.url}/__sandbox/faults`);
    return ((await res.json()) as { fired: { total: number } }).fired.total;
  };
  try {
    app = await startComposedApp({ clock, sandbox, dataDir, dialect: 'fyers-v3' });
    const a = app;
    await a.control('market', {
      exchange: Exchange.NSE,
      segment: Segment.EquityDerivatives,
      status: 'OPEN',
    });
    const fut = sandbox.instruments.find(
      (i) =>
        i.segment === Segment.EquityDerivatives && /^NSE:NIFTY\d{2}[A-Z]{3}FUT$/.test(i.ticker),
    );
    const opts = sandbox.instruments.filter(
      (i) =>
        i.segment === Segment.EquityDerivatives &&
        i.underlying === fut?.underlying &&
        i.expiry === fut?.expiry,
    );
    const ce = opts.find((i) => i.ticker.endsWith('CE'));
    const pe = opts.find((i) => i.ticker.endsWith('PE'));
    if (!ce || !pe) throw new Error('The sandbox lists no NIFTY options of one expiry');
    const cctx: V3CaseContext = {
      core: a.core,
      clock,
      triggers: new TriggerTags(),
      legPrices: new LegPriceTags(),
      options: {
        ce: { ticker: ce.ticker, lot: ce.lotSize },
        pe: { ticker: pe.ticker, lot: pe.lotSize },
      },
    };
    const pin = async () => {
      await a.control('price', { symbol: GTT_SYMBOL, ltp: GTT_LTP });
      await a.control('price', { symbol: ce.ticker, ltp: LEG_LTP });
      await a.control('price', { symbol: pe.ticker, ltp: LEG_LTP });
    };
    await pin();
    await a.core.gtt.refresh();
    const firedAtStart = await firedTotal();
    for (const [action, mode] of pairs) {
      if (a.core.session.snapshot().status !== 'active') await a.core.session.login();
      await pin();
      const cases = await prepareV3Cases(action, perWave, cctx);
      const route = V3_FAULT_ROUTE[action];
      const before = (await reached())[route] ?? 0;
      await a.control('faults', { route, ...FAULT_MODES[mode], times: perWave });
      await Promise.all(cases.map((x) => x.send()));
      c.armed += perWave;
      // Ten virtual minutes: the settling period (30 s), a 20 s late arrival, retries.
      await Promise.all(cases.map((x) => x.settle(600_000)));
      await a.control('faults', { route, mode: 'delay', delayMs: 0 });
      // Late arrivals land; the IOC legs meet the market (one step) and end unfilled.
      await clock.sleep(25_000);
      await a.core.orders.idle();
      await a.control('tick', { n: 1 });
      await clock.sleep(5_000);
      const sent = ((await reached())[route] ?? 0) - before;
      const gtts = (await a.core.gtt.refresh()).gtts;
      const book = await a.core.broker.getOrders({ fresh: true });
      const gtt = action !== 'multi-leg place';
      if (gtt) c.gttResent += Math.max(0, sent - perWave);
      else c.mlResent += Math.max(0, sent - perWave);
      if (sent !== perWave)
        failures.push(`${action} × ${mode}: ${sent} requests for ${perWave} actions`);
      for (const x of cases) {
        const v = x.judge(gtts, book);
        if (gtt) {
          c.gttDuplicates += v.duplicates;
          if (v.wrongBelief) c.gttWrong++;
          if (v.unresolved) c.gttUnresolved++;
        } else {
          c.mlDuplicates += v.duplicates;
          if (v.wrongBelief) c.mlWrong++;
          if (v.unresolved) c.mlUnresolved++;
        }
        ctx.log(`case ${action} × ${mode}: ${v.detail}`);
        if (v.duplicates || v.wrongBelief || v.unresolved)
          failures.push(`${action} × ${mode}: ${v.detail}`);
      }
      c.pairs++;
      const left = await cancelActiveGtts(cctx);
      if (left) failures.push(`${action} × ${mode}: ${left} GTT(s) left active after the wave`);
      ctx.log(
        `${action} × ${mode}: armed ${c.armed}, GTT duplicates ${c.gttDuplicates} wrong ${c.gttWrong}, multi-leg duplicates ${c.mlDuplicates} wrong ${c.mlWrong}`,
      );
    }
    c.fired = (await firedTotal()) - firedAtStart;
  } finally {
    await app?.close(false);
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  for (const f of failures.slice(0, 20)) ctx.log(`MISS ${f}`);
  return {
    title: TITLE,
    figures: figures(c, plan),
    notes: [
      `${full ? `${V3_ACTIONS.length} actions × ${Object.keys(FAULT_MODES).length} fault modes × ${perWave} per wave` : `every fault mode once, the ${V3_ACTIONS.length} actions in turn`}: ${c.armed} faults armed, ${c.fired} fired at the sandbox (counted by its control); GTTs are one-share CNC buy OCOs on ${GTT_SYMBOL} (triggers 8% either side of the pinned ${GTT_LTP}), multi-leg orders buy a NIFTY call and put (IOC, bid below the pinned ${LEG_LTP}); every active GTT cancelled between waves`,
      'createAppCore in Demo mode on fyers-v3, sandbox over HTTP, one virtual clock for both; "sent more than once" counts requests that reached the faulted route beyond one per action',
    ],
    json: { ...c, misses: failures.slice(0, 50) },
  };
}
