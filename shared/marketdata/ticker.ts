/**
 * A ticker as the symbol master spells it (`NSE:SBIN-EQ`). Market-data channels and the
 * stored watch lists both take tickers from the renderer, so the one pattern lives here.
 */
import { z } from 'zod';

/** A ticker such as `NSE:SBIN-EQ`: exchange, colon, the master's symbol. */
export const Ticker = z
  .string()
  .min(3)
  .max(60)
  .regex(/^[A-Z]+:[A-Za-z0-9&_.-]+$/, 'a ticker such as NSE:SBIN-EQ');
/** A ticker as the symbol master spells it. */
export type Ticker = z.infer<typeof Ticker>;
