/**
 * Measuring helpers of the symbols bench: a GC handle (so memory figures are retained
 * bytes, not garbage), a median timer, and the typed-one-character-at-a-time keystrokes.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
/** Full garbage collection; exposed at runtime so the bench needs no node flags. */
export const gc = vm.runInNewContext('gc') as () => void;

/** Retained heap + ArrayBuffer bytes. */
export function retained(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Runs `fn` `runs` times after a GC each; returns the median and best ms and the last result. */
export async function medianMs<T>(
  runs: number,
  fn: () => T | Promise<T>,
): Promise<{ ms: number; best: number; result: T }> {
  const times: number[] = [];
  let result!: T;
  for (let k = 0; k < runs; k++) {
    gc();
    const t0 = performance.now();
    result = await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1] as number, best: times[0] as number, result };
}

/** Memory a value retains: build it with GC before and after, keeping it alive meanwhile. */
export async function retainedBy<T>(
  fn: () => T | Promise<T>,
): Promise<{ bytes: number; value: T }> {
  const before = retained();
  const value = await fn();
  const bytes = retained() - before;
  return { bytes, value };
}

/** Every prefix of every query: what a search box sees while the trader types. */
export function keystrokes(queries: readonly string[]): string[] {
  const out: string[] = [];
  for (const q of queries) for (let n = 1; n <= q.length; n++) out.push(q.slice(0, n));
  return out;
}

/** Evenly spaced sample of at most n items (slow peers cannot run every keystroke). */
export function sample<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  const out: T[] = [];
  for (let k = 0; k < n; k++) out.push(items[Math.floor((k * items.length) / n)] as T);
  return out;
}

/** Megabytes with one decimal. */
export const mb = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;
