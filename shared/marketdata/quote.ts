/**
 * A price as the app knows it: the one shape every price takes from the broker's data API,
 * the socket or (as a fallback) the account's own reads, on its way to the order checks,
 * the ticket and the views. It crosses IPC, so it lives here once.
 */
import { z } from 'zod';

/**
 * Where a price came from. Live sources (`socket`, `quote`, `depth`) carry the exchange's
 * time; fallback sources (`position`, `holding`, `trade`, `order`) carry the time the
 * account read was answered, which is an upper bound on how fresh the broker's figure is.
 */
export const PriceSource = z.enum([
  'socket',
  'quote',
  'depth',
  'position',
  'holding',
  'trade',
  'order',
]);
/** One of the places a price can come from. */
export type PriceSource = z.infer<typeof PriceSource>;

/** A finite number (no NaN, no Infinity ever crosses to the renderer). */
const finite = z.number().finite();
const maybe = finite.nullable();

/** The last known market picture of one symbol. Fields not known are null. */
export const Quote = z.object({
  /** Ticker as in the symbol master, e.g. `NSE:SBIN-EQ`. */
  symbol: z.string().min(1),
  /** Last traded price, rupees. */
  ltp: finite,
  /** When `ltp` was true, epoch milliseconds. */
  at: finite,
  source: PriceSource,
  change: maybe,
  changePct: maybe,
  open: maybe,
  high: maybe,
  low: maybe,
  prevClose: maybe,
  volume: maybe,
  bid: maybe,
  ask: maybe,
  lowerCircuit: maybe,
  upperCircuit: maybe,
  openInterest: maybe,
  /** The previous day's closing open interest (derivatives; the socket's 31038 packet, depth). */
  prevOpenInterest: maybe,
});
/** The last known market picture of one symbol. */
export type Quote = z.infer<typeof Quote>;

/** The optional fields of a quote, all null: spread it and set what a source knows. */
export const EMPTY_QUOTE_FIELDS = {
  change: null,
  changePct: null,
  open: null,
  high: null,
  low: null,
  prevClose: null,
  volume: null,
  bid: null,
  ask: null,
  lowerCircuit: null,
  upperCircuit: null,
  openInterest: null,
  prevOpenInterest: null,
} as const satisfies Omit<Quote, 'symbol' | 'ltp' | 'at' | 'source'>;

/** The price the order checks and the ticket use, with how far it can be trusted. */
export const LastPrice = z.object({
  ltp: finite,
  source: PriceSource,
  /** How old the price is, ms, at the moment it was asked for. */
  ageMs: finite,
  /** True when older than the stale limit: shown as such, never silently used by a guard. */
  stale: z.boolean(),
});
/** The price the order checks and the ticket use, with how far it can be trusted. */
export type LastPrice = z.infer<typeof LastPrice>;

/** Age after which a price is called stale: the ticket says so, guards do not trust it. */
export const DEFAULT_STALE_AFTER_MS = 60_000;
