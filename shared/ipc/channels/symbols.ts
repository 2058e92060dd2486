import { z } from 'zod';
import { OptionChain, OptionExpiry, OptionUnderlying } from '../../marketdata/option-chain';
import { channel, event } from '../define';

/** An underlying as the symbol master names it (NIFTY, BANKNIFTY, SBIN, M&M). */
const UnderlyingName = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9&_.-]+$/, 'an underlying such as NIFTY or SBIN');

/** One instrument as the search list and the order ticket need it. */
export const SymbolInfo = z.object({
  ticker: z.string(),
  name: z.string(),
  token: z.string(),
  exchange: z.number(),
  segment: z.number(),
  instrumentType: z.number(),
  lotSize: z.number(),
  tickSize: z.number(),
  /** Expiry as ISO date (YYYY-MM-DD) for derivatives, null for cash. */
  expiry: z.string().nullable(),
  strike: z.number().nullable(),
  optionType: z.enum(['CE', 'PE']).nullable(),
  underlying: z.string(),
  isin: z.string(),
  freezeQty: z.number().nullable(),
  /**
   * Rupees per unit of quantity × price (the broker's `qtyMultiplier`: MCX CRUDEOIL 100);
   * 1 outside commodities; null for a commodity whose multiplier is not known (its value
   * cannot be told). shared/broker/order-value.ts values orders with it.
   */
  contractMultiplier: z.number().positive().nullable(),
});
export type SymbolInfo = z.infer<typeof SymbolInfo>;

/** Whether the symbol master is ready, how fresh it is, and what a download is doing. */
export const SymbolsStatus = z.object({
  state: z.enum(['empty', 'loading', 'ready', 'error']),
  instruments: z.number(),
  /** ISO time of the files in use. */
  updatedAt: z.string().nullable(),
  /** Set while a download runs. */
  progress: z
    .object({
      file: z.string(),
      bytes: z.number(),
      totalBytes: z.number().nullable(),
      rows: z.number(),
    })
    .nullable(),
  /** The last failure; the previous good copy stays in use. */
  error: z.string().nullable(),
  badRows: z.number(),
});
export type SymbolsStatus = z.infer<typeof SymbolsStatus>;

/** Instrument search and lookup for the order ticket (tick and lot sizes come from here). */
export const symbolsChannels = {
  'symbols.search': channel({
    doc: 'Search as you type: the top matches for what the trader typed (reliance, nifty 24000 ce...).',
    input: z.object({
      query: z.string().max(80),
      limit: z.number().int().min(1).max(50).default(20),
    }),
    output: z.array(SymbolInfo),
  }),
  'symbols.get': channel({
    doc: 'One instrument by ticker, for the ticket when a symbol is typed or pasted in full.',
    input: z.object({ ticker: z.string().max(80) }),
    output: SymbolInfo.nullable(),
  }),
  'symbols.status': channel({
    doc: 'Whether search is ready and how fresh the data is.',
    input: z.void(),
    output: SymbolsStatus,
  }),
  'symbols.refresh': channel({
    doc: 'Downloads the symbol master now, even if today’s copy is already here.',
    input: z.void(),
    output: SymbolsStatus,
  }),
  'symbols.optionUnderlyings': channel({
    doc: 'Underlyings with options, for the option chain’s picker (most traded indices first).',
    input: z.void(),
    output: z.array(OptionUnderlying),
  }),
  'symbols.expiries': channel({
    doc: 'An underlying’s option expiries from today on, nearest first, weeklies marked.',
    input: z.object({ underlying: UnderlyingName }),
    output: z.array(OptionExpiry),
  }),
  'symbols.optionChain': channel({
    doc: 'Every strike of one expiry with its call and put tickers (null: unknown underlying).',
    input: z.object({ underlying: UnderlyingName, expiry: z.number().int().positive() }),
    output: OptionChain.nullable(),
  }),
};

export const symbolsEvents = {
  'symbols.changed': event({
    doc: 'Download progress, or a new symbol master in use.',
    payload: SymbolsStatus,
  }),
};
