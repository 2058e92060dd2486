/**
 * Paces price updates to the renderer: whatever changed in the quote cache is sent at most
 * once per frame (~16 ms), one entry per symbol carrying its latest picture. A symbol that
 * ticked fifty times in a frame costs one entry, so 2,000 ticks a second over 500 symbols
 * is at most ~60 small messages a second, and the renderer never drowns in IPC. While the
 * page is behind (`busy`: a hung or slow renderer) frames wait: the changed set holds each
 * symbol once, so the main process's memory stays bounded by the symbols watched, however
 * long the page stalls, and the page gets the latest prices when it reads again. A frame
 * of many symbols goes out as several events of at most MAX_QUOTES_PER_EVENT quotes.
 */
import type { Quote } from '../../../shared/marketdata/quote';
import type { Clock } from '../limiter/clock';
import type { QuoteCache } from './quote-cache';

/** One frame at 60 Hz. */
export const FRAME_MS = 16;

/**
 * Most quotes in one event: a frame with more changed symbols is sent as several events,
 * each well under a megabyte, so no single IPC message can grow with the number of symbols
 * (issue 18 #5: one event over 100 MiB closed the window's connection).
 */
export const MAX_QUOTES_PER_EVENT = 1_000;

/** Starts forwarding; returns the stop function. */
export function batchTicks(opts: {
  quotes: QuoteCache;
  clock: Clock;
  emit: (quotes: Quote[]) => void;
  frameMs?: number;
  /** True while the transport is still sending earlier events: the frame waits, coalesced. */
  busy?: () => boolean;
}): () => void {
  const dirty = new Set<string>();
  let timer: unknown = undefined;
  const frameMs = opts.frameMs ?? FRAME_MS;
  const flush = () => {
    timer = undefined;
    if (opts.busy?.()) {
      timer = opts.clock.setTimeout(flush, frameMs);
      return;
    }
    const out: Quote[] = [];
    for (const s of dirty) {
      const q = opts.quotes.get(s);
      if (q) out.push(q);
    }
    dirty.clear();
    for (let i = 0; i < out.length; i += MAX_QUOTES_PER_EVENT)
      opts.emit(out.slice(i, i + MAX_QUOTES_PER_EVENT));
  };
  const off = opts.quotes.onChange((symbols) => {
    for (const s of symbols) dirty.add(s);
    if (timer === undefined) timer = opts.clock.setTimeout(flush, frameMs);
  });
  return () => {
    off();
    if (timer !== undefined) opts.clock.clearTimeout(timer);
    timer = undefined;
  };
}
