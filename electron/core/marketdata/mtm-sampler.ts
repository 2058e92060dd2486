/**
 * The day's MTM (mark-to-market P&L) of the positions, sampled live: the part of the series
 * the charts screen draws from the moment the app first saw the day's positions.
 *
 * The core already has both halves of the live figure: every position read from the broker
 * (refresher, fills) and every live price in the one quote cache; `positionPlAt`
 * (shared/marketdata/live-pnl.ts) is the same formula the Positions screen shows. So once a
 * minute the total is taken and kept, bounded to one IST day (a new day starts a new series).
 * The samples are measurements; the part of the day before the first one (a trader who opens
 * the app at 14:00, or after the close) is rebuilt from the trade book and 1-minute candles
 * by mtm-rebuild.ts, at the charts screen's request (mtm-series.ts). That rebuild meets the
 * samples at the positions read of the first sample, which is why the sampler keeps it
 * (`anchor`): at that moment the rebuilt total equals this one by construction.
 */
import type { Positions } from '../../../shared/broker/models';
import { istDayKey } from '../../../shared/format/ist';
import { positionPlAt } from '../../../shared/marketdata/live-pnl';
import type { MtmPoint } from '../../../shared/marketdata/mtm';
import type { Clock } from '../limiter/clock';
import type { MtmAnchor } from './mtm-rebuild';
import type { QuoteCache } from './quote-cache';

/** The sampler the core feeds with position reads and the charts screen reads. */
export interface MtmSampler {
  /** The latest position read (positions reads call this). */
  observe(positions: Positions): void;
  /** The day's samples, oldest first. */
  series(): MtmPoint[];
  /** The positions read of the day's first sample and its time (where a rebuild must meet it), or null. */
  anchor(): MtmAnchor | null;
  dispose(): Promise<void>;
}

/** One sample a minute; a day of them is 1,440 at most. */
const EVERY_MS = 60_000;
const MAX_POINTS = 1_440;

/** The total P&L of the positions at the cache's prices (the broker's own where none is live). */
export function totalMtm(
  positions: Positions,
  ltpOf: (symbol: string) => number | undefined,
): number {
  let sum = 0;
  for (const p of positions.positions) {
    const ltp = ltpOf(p.symbol);
    sum += ltp === undefined ? p.pl : positionPlAt(p, ltp).pl;
  }
  return Math.round(sum * 100) / 100;
}

/** Creates the sampler; its timer runs until `dispose`. */
export function createMtmSampler(opts: {
  quotes: Pick<QuoteCache, 'get'>;
  clock: Clock;
  everyMs?: number;
  maxPoints?: number;
}): MtmSampler {
  const { clock, quotes } = opts;
  const every = opts.everyMs ?? EVERY_MS;
  const max = opts.maxPoints ?? MAX_POINTS;
  let latest: Positions | null = null;
  let points: MtmPoint[] = [];
  let first: MtmAnchor | null = null;
  let day = '';
  let timer: unknown = undefined;
  let closed = false;

  function sample(): void {
    if (!latest || latest.positions.length === 0) return;
    const at = clock.now();
    const today = istDayKey(at);
    if (today !== day) {
      day = today;
      points = [];
      first = null;
    }
    const pl = totalMtm(latest, (s) => quotes.get(s)?.ltp);
    if (!Number.isFinite(pl)) return;
    points.push({ at, pl, positions: latest.positions.length, source: 'sampled' });
    first ??= { at, positions: latest.positions };
    if (points.length > max) points.splice(0, points.length - max);
  }

  function schedule(): void {
    if (closed) return;
    timer = clock.setTimeout(() => {
      sample();
      schedule();
    }, every);
  }

  return {
    observe(positions) {
      latest = positions;
      if (timer === undefined) schedule();
      // The day's first point at once, so the chart has a start before a minute passes.
      if (points.length === 0 || istDayKey(clock.now()) !== day) sample();
    },
    series: () => {
      // Yesterday's samples are not today's MTM.
      if (points.length > 0 && istDayKey(clock.now()) !== day) return [];
      return points.slice();
    },
    anchor: () => (first && istDayKey(clock.now()) === day ? first : null),
    async dispose() {
      closed = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}
