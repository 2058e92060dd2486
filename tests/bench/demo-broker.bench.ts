/**
 * What Demo mode costs the main process: its event-loop stall (the longest the window's IPC
 * would wait) from start until the Demo broker is ready and a few seconds of its ticks, and
 * the heap it adds. Paired round by round, each in a fresh process: no Demo broker, the
 * sandbox inside the main process (how Demo ran before), and the sandbox in its own process
 * (how it runs now). The probe is tests/bench/demo-probe.ts.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { percentile, type BenchContext, type BenchSection } from './types';

const MODES = ['none', 'in-process', 'own-process'] as const;
type Mode = (typeof MODES)[number];
interface Probe {
  mode: Mode;
  readyMs: number;
  maxDelayMs: number;
  p99DelayMs: number;
  worstTimerDriftMs: number;
  heapMiB: number;
  rssMiB: number;
}

const probeFile = fileURLToPath(new URL('./demo-probe.ts', import.meta.url));

function probe(mode: Mode, windowMs: number): Probe {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', probeFile, mode, String(windowMs)],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (r.status !== 0) throw new Error(`probe ${mode} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Probe;
}

/** The section `npm run bench` prints. */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const rounds = ctx.quick ? 2 : 8;
  const windowMs = ctx.quick ? 1500 : 3000;
  const by: Record<Mode, Probe[]> = { none: [], 'in-process': [], 'own-process': [] };
  const stallSaved: number[] = [];
  const heapSaved: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Rotate the order so no variant always runs first (cold disk cache) or last.
    const order = MODES.map((_, k) => MODES[(k + round) % MODES.length]!);
    const got = {} as Record<Mode, Probe>;
    for (const mode of order) got[mode] = probe(mode, windowMs);
    for (const mode of MODES) by[mode].push(got[mode]);
    stallSaved.push(got['in-process'].maxDelayMs - got['own-process'].maxDelayMs);
    heapSaved.push(got['in-process'].heapMiB - got['own-process'].heapMiB);
    ctx.log(
      `round ${round + 1}/${rounds}: max stall none ${got.none.maxDelayMs.toFixed(0)} ms, ` +
        `in-process ${got['in-process'].maxDelayMs.toFixed(0)} ms, own process ${got['own-process'].maxDelayMs.toFixed(0)} ms`,
    );
  }
  const med = (xs: number[]) => percentile(xs, 50);
  const worst = (xs: number[]) => Math.max(...xs);
  const row = (mode: Mode, label: string) => {
    const p = by[mode];
    return [
      label,
      p.length,
      med(p.map((x) => x.maxDelayMs)),
      worst(p.map((x) => x.maxDelayMs)),
      med(p.map((x) => x.worstTimerDriftMs)),
      med(p.map((x) => x.p99DelayMs)),
      med(p.map((x) => x.readyMs)),
      med(p.map((x) => x.heapMiB)),
      med(p.map((x) => x.rssMiB)),
    ];
  };
  const json: Record<string, unknown> = { rounds, windowMs };
  for (const mode of MODES) {
    const p = by[mode];
    json[mode] = {
      maxDelayMs: { p50: med(p.map((x) => x.maxDelayMs)), max: worst(p.map((x) => x.maxDelayMs)) },
      timerDriftMs: { p50: med(p.map((x) => x.worstTimerDriftMs)) },
      p99DelayMs: { p50: med(p.map((x) => x.p99DelayMs)) },
      readyMs: { p50: med(p.map((x) => x.readyMs)) },
      heapMiB: { p50: med(p.map((x) => x.heapMiB)) },
      rssMiB: { p50: med(p.map((x) => x.rssMiB)) },
    };
  }
  json.pairedStallSavedMs = { p50: med(stallSaved), min: Math.min(...stallSaved) };
  json.pairedHeapSavedMiB = { p50: med(heapSaved), min: Math.min(...heapSaved) };
  return {
    title: 'Demo broker: the main process at start',
    tables: [
      {
        title: `Main process from start to Demo ready + ${windowMs / 1000} s of ticks (median of ${rounds} paired rounds, each a fresh process)`,
        columns: [
          'Demo broker',
          'rounds',
          'max stall ms',
          'worst max stall ms',
          'timer drift ms',
          'p99 delay ms',
          'ready ms',
          'heap MiB',
          'RSS MiB',
        ],
        rows: [
          row('none', 'none (Live)'),
          row('in-process', 'in the main process (before)'),
          row('own-process', 'own process (now)'),
        ],
      },
      {
        title: 'Paired per round: in the main process minus own process',
        columns: ['figure', 'p50', 'min'],
        rows: [
          ['max stall saved, ms', med(stallSaved), Math.min(...stallSaved)],
          ['main heap saved, MiB', med(heapSaved), Math.min(...heapSaved)],
        ],
      },
    ],
    json,
  };
}
