/**
 * Chain Greeks per frame (issue 22 #3): implied volatility, delta, gamma, theta and vega for
 * a 200-strike chain (400 options) from their last prices, the work the option chain does
 * each time prices move, timed against one 60 Hz frame. Paired round by round with the
 * naive per-strike solve (tests/bench/greeks/naive.ts: bisection on the full price, Greeks by
 * bumping), in alternating order, on the same prices: each round moves the forward and every
 * premium as a tick would. Five premiums of each chain are deliberately impossible (below
 * intrinsic, above the maximum): the table counts what each method puts on screen for them.
 */
import { cpus, loadavg } from 'node:os';
import { black76, type OptionRight } from '../../shared/options/black76';
import {
  chainFigures,
  type ChainPrices,
  type PricingContext,
} from '../../shared/options/chain-greeks';
import { naiveFigures } from './greeks/naive';
import { DISPLAY_FRAME_MS, percentile, type BenchContext, type BenchSection } from './types';

const STRIKES = 200;
const STEP = 50;
const RATE = 0.065;

/** A skewed smile: higher volatility on the put wing, as index options trade. */
function smile(k: number, f: number): number {
  const m = Math.log(k / f);
  return Math.max(0.06, 0.13 - 0.35 * m + 1.2 * m * m);
}

/** One round's chain: strikes around the forward, premiums from the smile, rounded to the 0.05 tick. */
function chainAt(forward: number, years: number, seed: number): ChainPrices[] {
  const first = Math.round(forward / STEP) * STEP - (STRIKES / 2) * STEP;
  const rows: ChainPrices[] = [];
  for (let i = 0; i < STRIKES; i++) {
    const strike = first + i * STEP;
    const vol = smile(strike, forward);
    const tick = (right: OptionRight) => {
      const p = black76({ right, forward, strike, years, rate: RATE, vol });
      return Math.max(0.05, Math.round(p / 0.05) * 0.05);
    };
    rows.push({ strike, ce: tick('CE'), pe: tick('PE'), hasCe: true, hasPe: true });
  }
  // Five impossible premiums per chain (a stale trade, a bad print).
  for (let j = 0; j < 5; j++) {
    const r = rows[(seed * 37 + j * 41) % STRIKES]!;
    if (j % 2 === 0) r.ce = Math.max(0, forward - r.strike) * 0.5;
    else r.pe = r.strike * 1.2;
  }
  return rows;
}

function naiveChain(rows: readonly ChainPrices[], ctx: PricingContext) {
  return rows.map((r) => ({
    ce: naiveFigures('CE', ctx.forward, r.strike, ctx.years, ctx.rate, r.ce!),
    pe: naiveFigures('PE', ctx.forward, r.strike, ctx.years, ctx.rate, r.pe!),
  }));
}

/** The section `npm run bench` prints. */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const rounds = ctx.quick ? 60 : 600;
  ctx.log(`greeks: ${rounds} paired rounds of a ${STRIKES}-strike chain (${STRIKES * 2} options)`);
  const ours: number[] = [];
  const naive: number[] = [];
  // CPU time of the same runs: on a shared machine a wall-clock figure also counts the time
  // the process waited for a core; the CPU figure is the work itself.
  const oursCpu: number[] = [];
  const naiveCpu: number[] = [];
  const cpuMs = (from: NodeJS.CpuUsage) => {
    const d = process.cpuUsage(from);
    return (d.user + d.system) / 1000;
  };
  let oursRefused = 0;
  const refusedBy: Record<string, number> = {};
  let oursNaN = 0;
  let naiveShownForImpossible = 0;
  let naiveNaN = 0;
  let maxIvGap = 0;
  // Warm both up so the first rounds do not time the JIT.
  for (let i = 0; i < 20; i++) {
    const c = { forward: 24_000, forwardBasis: 'future' as const, years: 7 / 365, rate: RATE };
    chainFigures(chainAt(24_000, c.years, i), c);
    naiveChain(chainAt(24_000, c.years, i), c);
  }
  for (let round = 0; round < rounds; round++) {
    const forward = 24_000 + 300 * Math.sin(round / 17) + (round % 7) * 3.5;
    const years = (1 + (round % 30)) / 365;
    const pc: PricingContext = { forward, forwardBasis: 'future', years, rate: RATE };
    const rows = chainAt(forward, years, round);
    const runOurs = () => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const out = chainFigures(rows, pc, 0.05);
      ours.push(performance.now() - t0);
      oursCpu.push(cpuMs(c0));
      return out;
    };
    const runNaive = () => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const out = naiveChain(rows, pc);
      naive.push(performance.now() - t0);
      naiveCpu.push(cpuMs(c0));
      return out;
    };
    const [a, b] = round % 2 === 0 ? [runOurs(), runNaive()] : [runNaive(), runOurs()].reverse();
    const o = a as ReturnType<typeof chainFigures>;
    const n = b as ReturnType<typeof naiveChain>;
    for (let i = 0; i < rows.length; i++) {
      for (const side of ['ce', 'pe'] as const) {
        const mine = o[i]![side]!;
        const theirs = n[i]![side];
        if (!Number.isFinite(theirs.iv) || !Number.isFinite(theirs.delta)) naiveNaN++;
        if (!mine.ok) {
          oursRefused++;
          refusedBy[mine.reason] = (refusedBy[mine.reason] ?? 0) + 1;
          if (Number.isFinite(theirs.iv)) naiveShownForImpossible++;
          continue;
        }
        if (
          ![
            mine.iv,
            mine.greeks.delta,
            mine.greeks.gamma,
            mine.greeks.theta,
            mine.greeks.vega,
          ].every(Number.isFinite)
        )
          oursNaN++;
        // Where the option is out of the money with a premium worth solving for (≥ ₹1, all
        // time value), how far apart the two σ are.
        const premium = rows[i]![side]!;
        const otm = side === 'ce' ? rows[i]!.strike > forward : rows[i]!.strike < forward;
        if (otm && premium >= 1 && theirs.iv > 0.002 && theirs.iv < 4.99)
          maxIvGap = Math.max(maxIvGap, Math.abs(mine.iv - theirs.iv));
      }
    }
  }
  const row = (name: string, s: number[]) => [
    name,
    s.length,
    percentile(s, 50),
    percentile(s, 95),
    percentile(s, 99),
    Math.max(...s),
    s.filter((x) => x > DISPLAY_FRAME_MS).length,
  ];
  const p99 = percentile(ours, 99);
  const p99Cpu = percentile(oursCpu, 99);
  return {
    title: `Option Greeks: a ${STRIKES}-strike chain per frame`,
    tables: [
      {
        title: `IV + delta, gamma, theta, vega for ${STRIKES * 2} options (ms per chain; a 60 Hz frame is ${DISPLAY_FRAME_MS.toFixed(1)} ms), paired rounds`,
        columns: ['method', 'rounds', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'over a frame'],
        rows: [
          row('Tickdesk, wall clock (Newton + bisection fallback, analytic Greeks)', ours),
          row('naive, wall clock (bisection on the full price, bumped Greeks)', naive),
          row('Tickdesk, CPU time', oursCpu),
          row('naive, CPU time', naiveCpu),
        ],
      },
      {
        title: 'What each shows for impossible premiums (5 per chain) and how far apart they are',
        columns: ['figure', 'value'],
        rows: [
          [
            'premiums refused with a reason (Tickdesk: the 5 impossible ones, and deep in-the-money premiums at parity to the tick)',
            oursRefused,
          ],
          ...Object.entries(refusedBy).map(([reason, n]) => [`  refused as ${reason}`, n]),
          ['of those, a volatility the naive solve shows anyway', naiveShownForImpossible],
          ['NaN figures: Tickdesk', oursNaN],
          ['NaN figures: naive', naiveNaN],
          [
            'largest σ gap where both solve (out of the money, premium ≥ ₹1), vol points',
            maxIvGap * 100,
          ],
        ],
      },
    ],
    json: {
      strikes: STRIKES,
      rounds,
      oursCpuMs: { p50: percentile(oursCpu, 50), p99: percentile(oursCpu, 99) },
      naiveCpuMs: { p50: percentile(naiveCpu, 50), p99: percentile(naiveCpu, 99) },
      oursMs: { p50: percentile(ours, 50), p95: percentile(ours, 95), p99, max: Math.max(...ours) },
      naiveMs: {
        p50: percentile(naive, 50),
        p95: percentile(naive, 95),
        p99: percentile(naive, 99),
        max: Math.max(...naive),
      },
      oursRefused,
      refusedBy,
      naiveShownForImpossible,
      oursNaN,
      naiveNaN,
      maxIvGapPoints: maxIvGap * 100,
    },
    notes: [
      `Target: chain Greeks for ${STRIKES} strikes within one 60 Hz frame (${DISPLAY_FRAME_MS.toFixed(1)} ms): CPU p99 ${p99Cpu.toFixed(2)} ms, ${p99Cpu <= DISPLAY_FRAME_MS ? 'met' : 'MISSED'}; wall clock p50 ${percentile(ours, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (includes waiting for a core on a shared machine; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores at the end).`,
    ],
  };
}
