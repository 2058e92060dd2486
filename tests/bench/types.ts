/**
 * The shape every benchmark file returns, so `npm run bench` can print one set of
 * comparison tables and write one JSON file (BENCH_JSON) for tracking over time.
 */
export interface BenchTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
}

export interface BenchSection {
  title: string;
  tables: BenchTable[];
  /** Machine-readable figures, written under this section's key when BENCH_JSON is set. */
  json: Record<string, unknown>;
  /** Targets met or missed, printed after the tables. */
  notes?: string[];
}

/** What the runner hands every benchmark. */
export interface BenchContext {
  /** Set by `npm run bench -- --quick` for a smoke run with fewer iterations. */
  quick: boolean;
  log(message: string): void;
}

/** Each `tests/bench/*.bench.ts` exports this. */
export type BenchModule = { run(ctx: BenchContext): Promise<BenchSection> };

/** p-th percentile (0..100) of samples, by nearest rank; used by every bench for p50/p99. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** One display frame at 60 Hz, as requestAnimationFrame times it. */
export const DISPLAY_FRAME_MS = 1000 / 60;

/**
 * True when a frame time (from rAF timestamps) is one display frame, not a missed one. The
 * target "≤ 16 ms" means "every frame on time"; rAF times an on-time 60 Hz frame as one vsync
 * interval, 16.7 ms give or take its timer's jitter (16.8 ms seen on an empty page), and a
 * frame that missed its vsync as two or more (33.3 ms): the midpoint tells them apart, where
 * a bound at 16.7 + 0.1 called jitter a miss.
 */
export function withinOneFrame(ms: number): boolean {
  return ms < 1.5 * DISPLAY_FRAME_MS;
}

/** The share of frames (0..1) that missed their vsync (see withinOneFrame). */
export function lateShare(frames: readonly number[]): number {
  return frames.length ? frames.filter((f) => !withinOneFrame(f)).length / frames.length : NaN;
}
