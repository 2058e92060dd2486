/**
 * Paces price updates to the renderer: whatever changed in the quote cache is sent at most
 * once per frame (~16 ms), one entry per symbol carrying its latest picture. A symbol that
 * ticked fifty times in a frame costs one entry, so 2,000 ticks a second over 500 symbols
 * is at most ~60 small messages a second, and the renderer never drowns in IPC.
 */
import type { Quote } from '../../../shared/marketdata/quote';
import type { Clock } from '../limiter/clock';
import type { QuoteCache } from './quote-cache';

/** One frame at 60 Hz. */
export const FRAME_MS = 16;

/** Starts forwarding; returns the stop function. */
export function batchTicks(opts: {
  quotes: QuoteCache;
  clock: Clock;
  emit: (quotes: Quote[]) => void;
  frameMs?: number;
}): () => void {
  const dirty = new Set<string>();
  let timer: unknown = undefined;
  const flush = () => {
    timer = undefined;
    const out: Quote[] = [];
    for (const s of dirty) {
      const q = opts.quotes.get(s);
      if (q) out.push(q);
    }
    dirty.clear();
    if (out.length > 0) opts.emit(out);
  };
  const off = opts.quotes.onChange((symbols) => {
    for (const s of symbols) dirty.add(s);
    if (timer === undefined) timer = opts.clock.setTimeout(flush, opts.frameMs ?? FRAME_MS);
  });
  return () => {
    off();
    if (timer !== undefined) opts.clock.clearTimeout(timer);
    timer = undefined;
  };
}
