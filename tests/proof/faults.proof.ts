/**
 * Faults: the no-duplicate promise under injected faults, through the composed app
 * (`createAppCore` in Demo mode, the sandbox over HTTP with its fault controls, one virtual
 * clock for both). Every action × every fault mode, some waves behind a budget queue of 220
 * waiting requests, crashes of the core between request and answer (restarted on the same
 * sandbox and data folder), and every Resend the app offers called twice at once. Figures:
 * duplicate orders, wrong beliefs (final intent vs the sandbox's book and positions), and
 * actions left unresolved.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OrderIntent } from '../../shared/broker/models';
import { Exchange, Segment } from '../../shared/broker/enums';
import { istParts, istToEpoch } from '../../shared/format/ist';
import { AppError, isIpcPresentable } from '../../shared/ipc/errors';
import { faultRoute, prepareCases, PriceTags, type ActionName } from './support/fault-actions';
import { BrokerDialectId } from '../../shared/broker/dialect';
import { missEvidence } from './support/miss-evidence';
import { crashDuring, type CrashAction } from './support/crash-restart';
import {
  lateAfterNotDone,
  LATE_AFTER_NOT_DONE_MS,
  type LateFigures,
} from './support/late-after-not-done';
import {
  startComposedApp,
  startDemoSandbox,
  type ComposedApp,
} from '../integration/safety/composed-app';
import { virtualClock } from '../integration/safety/virtual-clock';
import { zeroGoal, atLeast, type ProofContext, type ProofSection } from './types';

/** Proven on every broker dialect: the no-duplicate promise sits above the seam. */
export const dialects = BrokerDialectId.options;

const ACTIONS: ActionName[] = [
  'place',
  'multi place',
  'modify',
  'multi modify',
  'cancel',
  'multi cancel',
  'exit one',
  'convert',
  'exit all',
];

/** The issue's fault modes and how the sandbox injects each. */
export const MODES: Record<string, Record<string, unknown>> = {
  'drop before': { mode: 'drop-before' },
  'drop after commit': { mode: 'drop-after-commit' },
  '5xx': { mode: 'http500' },
  '201': { mode: 'ack201' },
  'malformed body': { mode: 'malformed' },
  // Real milliseconds: shorter than the clock driver's patience (an answer, just late) ...
  slow: { mode: 'delay', delayMs: 80 },
  // ... and long enough for the app's own 10 s timeout (virtual) to fire first.
  timeout: { mode: 'delay', delayMs: 1500 },
  'late arrival': { mode: 'late-arrival', delayMs: 20_000 },
};

const SETTLED = new Set(['blocked', 'done', 'failed', 'confirmed-done', 'confirmed-not-done']);

/** 07:00 IST of the coming Saturday. */
export function saturdayMorning(): number {
  const ist = (ms: number) => new Date(ms + 5.5 * 3600_000);
  const now = istParts(Date.now());
  const days = (6 - ist(Date.now()).getUTCDay() + 7) % 7 || 7;
  return istToEpoch({ ...now, hour: 7, minute: 0, second: 0 }) + days * 86_400_000;
}

export async function run(ctx: ProofContext): Promise<ProofSection> {
  const full = ctx.size === 'full';
  // About three in four armed faults fire (a wave arms more than its actions' requests reach
  // the route, e.g. a multi action's one request for several orders); the goal counts fired
  // faults, so a full wave arms 24.
  const perWave = full ? 24 : 1;
  const exitAllPerMode = full ? 4 : 1;
  const crashes = full ? 6 : 1;
  // A Saturday morning with every market pinned open: no square-off window, no 06:00 token
  // expiry within the run; time moves at most 20x real time (see virtualClock).
  const clock = virtualClock(saturdayMorning(), 20);
  const sandbox = await startDemoSandbox(clock);
  const dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-proof-faults-'));
  const symbolPool = sandbox.instruments
    .filter((i) => i.exchange === Exchange.NSE && i.segment === Segment.CapitalMarket)
    .filter((i) => i.ticker.endsWith('-EQ') && i.ticker !== 'NSE:SBIN-EQ')
    .map((i) => i.ticker);
  let nextSymbol = 0;
  const tags = new PriceTags();
  const dialect = ctx.dialect;
  let app: ComposedApp = await startComposedApp({ clock, sandbox, dataDir, dialect });
  const fig = {
    faults: 0,
    armed: 0,
    duplicates: 0,
    wrong: 0,
    unresolved: 0,
    resendCalls: 0,
    refusedTyped: 0,
    refusedUntyped: 0,
    queued: 0,
    crashes: 0,
    days: 1,
  };
  const failures: string[] = [];
  const tick = async () => {
    await app.control('tick', { n: 3 });
  };
  const disarm = (route: string) => app.control('faults', { route, mode: 'delay', delayMs: 0 });
  /** Faults the sandbox applied to a request (not merely armed), since it started. */
  const firedFaults = async (): Promise<number> => {
    const res = await fetch(`${sandbox.url}/__sandbox/faults`);
    return ((await res.json()) as { fired: { total: number } }).fired.total;
  };
  const firedAtStart = await firedFaults();
  const queuedActions = new Set<string>();
  const crashedActions = new Set<string>();
  let late: LateFigures | undefined;
  const onlyLate = process.env.TICKDESK_PROOF_ONLY?.split(',').map((x) => x.trim());
  const lateKinds = ACTIONS.filter((a) => !onlyLate || onlyLate.includes(a));

  /** Waits for every outcome, at most 10 virtual minutes: what is still open then is unresolved. */
  async function settleAll(intents: OrderIntent[]): Promise<OrderIntent[]> {
    const limit = clock.sleep(600_000).then(() => null);
    return Promise.all(
      intents.map(async (i) => {
        const s = await Promise.race([app.core.orders.settled(i.intentId), limit]);
        return s ?? app.core.orders.get(i.intentId);
      }),
    );
  }

  /** Calls every offered Resend twice at once; returns the new intents it produced. */
  async function resendOffered(intents: OrderIntent[]): Promise<OrderIntent[]> {
    const out: OrderIntent[] = [];
    for (const i of intents.filter((x) => x.resendAllowed)) {
      const both = await Promise.allSettled([
        app.core.orders.resend(i.intentId),
        app.core.orders.resend(i.intentId),
      ]);
      fig.resendCalls += 2;
      for (const r of both) {
        if (r.status === 'fulfilled') out.push(r.value);
        else if (r.reason instanceof AppError || isIpcPresentable(r.reason)) fig.refusedTyped++;
        else fig.refusedUntyped++;
      }
    }
    return settleAll(out);
  }

  async function queueReads(n: number): Promise<Promise<unknown>[]> {
    const release = clock.hold();
    const reads = Array.from({ length: n }, () =>
      app.core.broker.getFunds({ priority: 'order', fresh: true }).catch(() => undefined),
    );
    while (app.core.scheduler.getState().queued.order < n - 20)
      await new Promise((r) => setTimeout(r, 2));
    fig.queued = Math.max(fig.queued, app.core.scheduler.getState().queued.order);
    release();
    return reads;
  }

  async function wave(action: ActionName, mode: string, n: number, queue: boolean): Promise<void> {
    // The campaign needs more than one day's 10,000 requests: when most of today's are used,
    // the night passes (to 07:00 IST), the day's count starts again and the trader logs in.
    if (app.core.scheduler.getState().day.used > 7000) {
      const next = Date.parse(app.core.scheduler.getState().day.resetsAt) + 7 * 3600_000;
      clock.skip(next - clock.now());
      await app.control('market', {
        exchange: Exchange.NSE,
        segment: Segment.CapitalMarket,
        status: 'OPEN',
      });
      await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 1000 });
      fig.days++;
    }
    if (app.core.session.snapshot().status !== 'active') await app.core.session.login();
    const cases = await prepareCases(action, n, {
      core: app.core,
      tags,
      symbols: () => symbolPool[nextSymbol++ % symbolPool.length]!,
      tick,
    });
    const route = faultRoute(action, dialect);
    await app.control('faults', { route, ...MODES[mode], times: n });
    const reads = queue ? await queueReads(220) : [];
    if (queue) queuedActions.add(action);
    const sent = await Promise.all(cases.map((c) => c.send()));
    fig.armed += n;
    const settled = await Promise.all(sent.map(settleAll));
    const all = await Promise.all(settled.map(async (s) => [...s, ...(await resendOffered(s))]));
    await Promise.all(reads);
    await disarm(route);
    // Late arrivals land, the refresher and the late-arrival watch see them, exits fill.
    await clock.sleep(25_000);
    await app.core.orders.idle();
    await tick();
    await clock.sleep(5_000);
    const book = await app.core.broker.getOrders({ fresh: true });
    const positions = await app.core.broker.getPositions({ fresh: true });
    cases.forEach((c, k) => {
      const intents = all[k]!.map((i) => app.core.orders.get(i.intentId));
      const v = c.judge(intents, book, positions);
      const open = intents.filter((i) => !SETTLED.has(i.status)).length;
      fig.duplicates += v.duplicates;
      fig.unresolved += open;
      if (v.wrongBelief) fig.wrong++;
      if (v.duplicates || v.wrongBelief || open)
        failures.push(
          `${action} × ${mode}: ${v.detail}; ${intents.map((i) => `${i.status} "${i.note}"`).join(' | ')}; ${missEvidence(app.core, c.symbols, intents, book, clock.now())}`,
        );
    });
  }

  /**
   * A wave that does not finish in 3 real minutes is a hang: its cases count as unresolved
   * (and the scheduler state and open intents are logged), and the campaign goes on.
   */
  async function watched(action: string, mode: string, n: number, p: Promise<void>) {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<'hung'>((r) => (timer = setTimeout(() => r('hung'), 180_000)));
    const r = await Promise.race([p.then(() => 'ok' as const), hung]);
    clearTimeout(timer);
    if (r === 'ok') return;
    fig.unresolved += n;
    const open = app.core.orders.list().filter((i) => !SETTLED.has(i.status));
    failures.push(
      `${action} × ${mode}: wave hung; scheduler ${JSON.stringify(app.core.scheduler.getState())}; open ${open.map((i) => `${i.summary} ${i.status}`).join(', ')}`,
    );
  }

  try {
    await app.control('price', { symbol: 'NSE:SBIN-EQ', ltp: 1000 });
    const modes = Object.keys(MODES);
    // Full: every action × every mode. Fast (inside npm test): each action once, the modes
    // taken in turn, so every action and every mode still meets a fault.
    const plan = full
      ? ACTIONS.flatMap((a) => modes.map((m) => [a, m] as const))
      : ACTIONS.map((a, k) => [a, modes[k % modes.length]!] as const);
    // TICKDESK_PROOF_ONLY=cancel,exit one narrows a run to some actions (diagnosis only).
    const only = process.env.TICKDESK_PROOF_ONLY?.split(',').map((x) => x.trim());
    let w = 0;
    const seenAction = new Set<string>();
    for (const [action, mode] of plan) {
      if (only && !only.includes(action)) {
        w++;
        continue;
      }
      // Every action's first wave waits behind the 220-request queue, some later ones too.
      const queue =
        !seenAction.has(action) ||
        w % 9 === 0 ||
        (action === 'place' && mode === 'drop after commit');
      seenAction.add(action);
      if (action === 'exit all')
        for (let k = 0; k < exitAllPerMode; k++)
          await watched(action, mode, 1, wave(action, mode, 1, queue && k === 0));
      else await watched(action, mode, perWave, wave(action, mode, perWave, queue));
      ctx.log(
        `${action} × ${mode}: armed ${fig.armed}, duplicates ${fig.duplicates}, wrong ${fig.wrong}`,
      );
      w++;
    }
    // Every kind carried out after "not done", then placements resent before landing late.
    late = await lateAfterNotDone(
      {
        app: () => app,
        clock,
        tags,
        symbols: () => symbolPool[nextSymbol++ % symbolPool.length]!,
        tick,
        perKind: full ? 4 : 1,
        dialect,
      },
      lateKinds,
    );
    fig.unresolved += late.unresolved;
    failures.push(...late.misses);
    for (const n of late.notes) ctx.log(`late arrival settled before "not done": ${n}`);
    ctx.log(
      `late after not done: ${late.afterNotDone}/${late.cases} cases, ${late.flagged} flagged, wrong ${late.wrong}; resent ${late.resent}, both believed ${late.resentBelievedBoth}, wrong ${late.resentWrong}, resend refused (landed first) ${late.resendRefused}`,
    );
    const crashActions: CrashAction[] = ['place', 'modify', 'cancel'];
    for (let k = 0; k < crashes * crashActions.length; k++) {
      const action = crashActions[k % crashActions.length]!;
      const r = await crashDuring(action, {
        app,
        clock,
        sandbox,
        dataDir,
        price: tags.take(),
        dialect,
      });
      app = r.app;
      ctx.log(`crash ${r.detail}`);
      if (r.staged === false) {
        failures.push(`crash not staged: ${r.detail}`);
        continue;
      }
      fig.crashes++;
      crashedActions.add(action);
      fig.duplicates += r.duplicates;
      if (r.wrongBelief) fig.wrong++;
      if (r.unresolved) fig.unresolved++;
      if (r.duplicates || r.wrongBelief || r.unresolved) failures.push(`crash: ${r.detail}`);
    }
    fig.faults = (await firedFaults()) - firedAtStart;
  } finally {
    await app.close(false);
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  for (const f of failures.slice(0, 20)) ctx.log(`MISS ${f}`);
  return {
    title: 'Faults',
    figures: [
      atLeast('faults that fired at the sandbox', fig.faults, full ? 1000 : 10),
      atLeast('actions behind a 200+ request queue', queuedActions.size, ACTIONS.length),
      atLeast('actions crashed between request and answer', crashedActions.size, 3),
      zeroGoal('duplicate orders', fig.duplicates),
      zeroGoal('wrong beliefs (app vs sandbox book)', fig.wrong),
      zeroGoal('unresolved actions', fig.unresolved),
      zeroGoal('Resend refusals not typed', fig.refusedUntyped),
      atLeast('action kinds carried out after "not done"', late?.kinds.size ?? 0, lateKinds.length),
      zeroGoal('wrong beliefs after a late arrival past "not done"', late?.wrong ?? -1),
      atLeast(
        'resent placements landing late, both believed',
        late?.resentBelievedBoth ?? 0,
        full ? 4 : 1,
      ),
      zeroGoal('wrong beliefs after a Resend and a late arrival', late?.resentWrong ?? -1),
    ],
    notes: [
      `${full ? `${ACTIONS.length} actions × ${Object.keys(MODES).length} fault modes × ${perWave} per wave (exit all ${exitAllPerMode})` : `${ACTIONS.length} actions, modes in turn`}; ${fig.armed} faults armed in waves, ${fig.faults} fired at the sandbox (counted by its control); every action's first wave behind the queue (${[...queuedActions].join(', ')}); ${fig.crashes} core crashes between request and answer with the request in flight (${[...crashedActions].join(', ')}), ${fig.days} trading day(s) of request budget, budget queue up to ${fig.queued} waiting requests, ${fig.resendCalls} Resend calls (each offered Resend called twice at once; ${fig.refusedTyped} typed refusals)`,
      `createAppCore in Demo mode on ${dialect} (faults armed on that dialect's own routes), sandbox over HTTP, one virtual clock for both (time moves only while no request is on the wire)`,
      late
        ? `late arrivals ${LATE_AFTER_NOT_DONE_MS / 1000} s after sending (past the 30 s of checking): ${late.cases} cases over ${late.kinds.size} kinds (${[...late.kinds].join(', ')}), ${late.afterNotDone} settled "not done" before the broker acted, ${late.flagged} actions flagged "arrived late"; ${late.resent} placements resent after "not placed" then landing late: ${late.resentBelievedBoth} with both orders believed (the original flagged), duplicates there are the trader's resend and not counted above`
        : 'late arrivals after "not done": not run',
    ],
    json: {
      ...fig,
      late: late ? { ...late, kinds: [...late.kinds], misses: late.misses.slice(0, 20) } : null,
      misses: failures.slice(0, 50),
    },
  };
}
