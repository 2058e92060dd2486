/**
 * The day's MTM series as the charts screen asks for it (`marketdata.mtm`): the live samples
 * (mtm-sampler.ts) and, when they do not reach back to the day's first fill (or the 09:15 open
 * for a position carried in), the earlier part rebuilt from the trade book and 1-minute
 * candles (mtm-rebuild.ts), joined into one line whose points say which part they are.
 *
 * The rebuild costs broker requests, so it is paid for once: one trade book read and one
 * history read per symbol, per day, all at `background` priority (the lane of the REST quote
 * fallback, the lowest: an order action never waits behind a chart), and only when the screen
 * asks. What it reads covers the day up to the first sample, which does not change, so every
 * answer is kept for the day; a read that failed is tried again on a later request, at most
 * every few minutes, and meanwhile the series says what is missing.
 */
import type { Positions, Trade } from '../../../shared/broker/models';
import { formatIstTime, istDayKey, istParts, istToEpoch } from '../../../shared/format/ist';
import type { MtmNote, MtmPoint, MtmSeries } from '../../../shared/marketdata/mtm';
import type { Logger } from '../diagnostics/logger';
import type { Clock } from '../limiter/clock';
import type { NormalizedCandles } from './history';
import type { MtmSampler } from './mtm-sampler';
import {
  planRebuild,
  rebuildMtm,
  type MtmAnchor,
  type MtmRebuild,
  type SymbolCandles,
} from './mtm-rebuild';

/** A failed read is not tried again sooner than this. */
export const MTM_RETRY_MS = 5 * 60_000;

/** Samples closer than this to the day's start already cover it: nothing to rebuild. */
const COVERED_MS = 60_000;

/** The day's MTM for the charts screen: positions go in, the joined series comes out. */
export interface MtmService {
  /** The latest position read (positions reads call this). */
  observe(positions: Positions): void;
  /** The live samples alone, oldest first. */
  sampled(): MtmPoint[];
  /** The day's series: rebuilt part (when needed and possible), then the samples. */
  series(): Promise<MtmSeries>;
  dispose(): Promise<void>;
}

/** The broker reads the rebuild needs; each is one request at background priority. */
export interface MtmReads {
  /** The day's fills. */
  trades(): Promise<Trade[]>;
  /** 1-minute candles of one symbol whose start is in [from, to] (epoch ms). */
  candles(symbol: string, from: number, to: number): Promise<NormalizedCandles>;
}

type Read<T> = { ok: true; value: T } | { ok: false; error: string; at: number };

const messageOf = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 160);

/** IST midnight of the day of `at`: the day's candles are read from there. */
function dayStartOf(at: number): number {
  return istToEpoch({ ...istParts(at), hour: 0, minute: 0, second: 0, millisecond: 0 });
}

/** Creates the service over the sampler and the broker reads. */
export function createMtmService(opts: {
  sampler: MtmSampler;
  reads: MtmReads;
  clock: Pick<Clock, 'now'>;
  logger?: Pick<Logger, 'warn'>;
  retryMs?: number;
}): MtmService {
  const { sampler, reads, clock } = opts;
  const retryMs = opts.retryMs ?? MTM_RETRY_MS;
  /** Everything read for one anchor (one day's first sample). */
  let kept: {
    anchorAt: number;
    trades: Read<Trade[]> | null;
    candles: Map<string, Read<NormalizedCandles>>;
    result: (MtmRebuild & { from: number | null }) | null;
    /** Some read failed: the result may improve once it is tried again. */
    partial: boolean;
  } | null = null;
  let running: Promise<MtmRebuild & { from: number | null }> | null = null;

  const due = (r: Read<unknown> | null | undefined) =>
    !r || (!r.ok && clock.now() - r.at >= retryMs);

  async function read<T>(what: string, fn: () => Promise<T>): Promise<Read<T>> {
    try {
      return { ok: true, value: await fn() };
    } catch (err) {
      opts.logger?.warn('mtm: rebuild read failed', { what, err: messageOf(err) });
      return { ok: false, error: messageOf(err), at: clock.now() };
    }
  }

  async function rebuild(anchor: MtmAnchor): Promise<MtmRebuild & { from: number | null }> {
    if (!kept || kept.anchorAt !== anchor.at)
      kept = {
        anchorAt: anchor.at,
        trades: null,
        candles: new Map(),
        result: null,
        partial: false,
      };
    const k = kept;
    // Kept for the day once whole; a partial one only until a failed read is due again.
    if (k.result && (!k.partial || (!due(k.trades) && ![...k.candles.values()].some(due))))
      return k.result;
    if (due(k.trades)) k.trades = await read('trade book', () => reads.trades());
    const trades = k.trades!;
    if (!trades.ok) {
      k.partial = true;
      const note: MtmNote = {
        kind: 'trades-failed',
        symbol: null,
        text: `The trade book could not be read (${trades.error}), so the day before ${formatIstTime(anchor.at).slice(0, 5)} is not rebuilt; Tickdesk tries again in a few minutes.`,
      };
      return (k.result = { from: null, points: [], notes: [note] });
    }
    const plan = planRebuild(anchor, trades.value);
    if (plan.from === null || anchor.at - plan.from <= COVERED_MS) {
      k.partial = false;
      return (k.result = { from: null, points: [], notes: [] });
    }
    const wanted = plan.symbols.filter((s) => s.needsPrice).map((s) => s.symbol);
    const from = dayStartOf(anchor.at);
    await Promise.all(
      wanted
        .filter((symbol) => due(k.candles.get(symbol)))
        .map(async (symbol) => {
          k.candles.set(
            symbol,
            await read(`history ${symbol}`, () => reads.candles(symbol, from, anchor.at)),
          );
        }),
    );
    const candles = new Map<string, SymbolCandles>();
    for (const symbol of wanted) {
      const r = k.candles.get(symbol)!;
      candles.set(symbol, r.ok ? r.value : { error: r.error });
    }
    k.partial = wanted.some((symbol) => !k.candles.get(symbol)!.ok);
    return (k.result = { from: plan.from, ...rebuildMtm(anchor, plan, candles) });
  }

  return {
    observe: (positions) => sampler.observe(positions),
    sampled: () => sampler.series(),
    async series() {
      const sampled = sampler.series();
      const anchor = sampler.anchor();
      if (!anchor) return { points: sampled, rebuiltFrom: null, notes: [] };
      running ??= rebuild(anchor).finally(() => (running = null));
      const r = await running;
      // A new day (or a new first sample) since the rebuild began: its points are not this series'.
      if (kept?.anchorAt !== anchor.at || istDayKey(anchor.at) !== istDayKey(clock.now()))
        return { points: sampled, rebuiltFrom: null, notes: [] };
      const first = sampled[0]?.at ?? anchor.at;
      const points = [...r.points.filter((p) => p.at < first), ...sampled];
      const notes = r.notes.slice(0, 50).map((n) => ({ ...n, text: n.text.slice(0, 300) }));
      return { points, rebuiltFrom: r.from, notes };
    },
    dispose: () => sampler.dispose(),
  };
}
