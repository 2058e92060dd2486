/**
 * Candles as the charts screen draws them: the broker's history answer, normalized in the
 * core, crosses IPC in this one shape, and live ticks extend it in the renderer. The merge
 * lives here (pure, no DOM) so the rule that turns a tick into a candle is tested once and
 * used by every chart.
 */
import { z } from 'zod';

const finite = z.number().finite();

/** One OHLCV candle. `time` is its start, epoch seconds (as the broker sends it). */
export const Candle = z.object({
  time: z.number().int().positive(),
  open: finite.positive(),
  high: finite.positive(),
  low: finite.positive(),
  close: finite.positive(),
  volume: finite.nonnegative(),
});
/** One OHLCV candle. */
export type Candle = z.infer<typeof Candle>;

/** The resolutions the charts screen offers, in minutes (the broker accepts more). */
export const CHART_RESOLUTIONS = [1, 5, 15, 60] as const;
/** One of the chart's resolutions, in minutes. */
export const ChartResolution = z.union([z.literal(1), z.literal(5), z.literal(15), z.literal(60)]);
/** One of the chart's resolutions, in minutes. */
export type ChartResolution = z.infer<typeof ChartResolution>;

/** What a history read gave: candles oldest first, and how many the normalizer refused. */
export const CandleHistory = z.object({
  symbol: z.string().min(1),
  resolution: ChartResolution,
  candles: z.array(Candle),
  /** Candles the broker sent that were not usable (not finite, high below low, repeated time). */
  dropped: z.number().int().nonnegative(),
});
/** What a history read gave. */
export type CandleHistory = z.infer<typeof CandleHistory>;

/** A live price as the merge needs it: last price, exchange time (ms), day volume if known. */
export interface CandleTick {
  ltp: number;
  at: number;
  volume: number | null;
}

/** What the merge keeps between ticks: the last day volume seen, to turn it into candle volume. */
export interface MergeState {
  lastDayVolume: number | null;
}

/**
 * Applies one tick to the candles (oldest first) at `resolution` minutes, in place: a tick
 * inside the last candle's span moves its high, low and close; a later tick starts a new
 * candle on the last candle's grid (so the broker's session-aligned buckets, 09:15 for NSE,
 * stay aligned); an older tick, a non-finite price or a non-positive one changes nothing.
 * The volume grows by the rise of the day volume since the previous tick. Returns what
 * changed: 'updated', 'added' or 'ignored'.
 */
export function mergeTick(
  candles: Candle[],
  tick: CandleTick,
  resolution: number,
  state: MergeState,
): 'updated' | 'added' | 'ignored' {
  const span = resolution * 60;
  const t = Math.floor(tick.at / 1000);
  if (!Number.isFinite(tick.ltp) || tick.ltp <= 0 || !Number.isFinite(t) || t <= 0 || span <= 0)
    return 'ignored';
  let added = 0;
  if (tick.volume !== null && Number.isFinite(tick.volume) && tick.volume >= 0) {
    const prev = state.lastDayVolume;
    added = prev !== null && tick.volume >= prev ? tick.volume - prev : 0;
    state.lastDayVolume = tick.volume;
  }
  const last = candles[candles.length - 1];
  if (last && t < last.time) return 'ignored';
  if (last && t < last.time + span) {
    last.high = Math.max(last.high, tick.ltp);
    last.low = Math.min(last.low, tick.ltp);
    last.close = tick.ltp;
    last.volume += added;
    return 'updated';
  }
  const start = last ? last.time + Math.floor((t - last.time) / span) * span : t - (t % span);
  candles.push({
    time: start,
    open: tick.ltp,
    high: tick.ltp,
    low: tick.ltp,
    close: tick.ltp,
    volume: added,
  });
  return 'added';
}
