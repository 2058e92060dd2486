/**
 * The broker's own IV and Greeks for an option chain, as they cross IPC (issue 22 #3: "where
 * the broker's option-chain endpoint sends them, show the broker's and say whose they are").
 * Only dialects with the capability `optionChainEndpoint` have them (API v3's
 * `options-chain-v3`); Tickdesk's own Black-76 figures are computed in the renderer beside
 * them, so the screen can show both, each labelled. One home for the shape: the core's
 * normalizer builds it, the IPC channel validates it, the chain screen reads it.
 */
import { z } from 'zod';
import { Ticker } from './ticker';

/** One contract's figures as the broker sent them (null where it sent none). */
export const BrokerChainFigures = z.object({
  ticker: Ticker,
  /** Implied volatility, a fraction a year (the broker sends percent: 15 means 0.15). */
  iv: z.number().finite().positive().nullable(),
  /** Delta (unit-free; the broker's model and rate are not published, docs/broker-v3.md). */
  delta: z.number().finite().min(-1).max(1).nullable(),
  gamma: z.number().finite().nullable(),
  /** In the broker's units, which are not published: shown, never summed with Tickdesk's. */
  theta: z.number().finite().nullable(),
  vega: z.number().finite().nullable(),
});
/** One contract's figures as the broker sent them. */
export type BrokerChainFigures = z.infer<typeof BrokerChainFigures>;

/** A row of the broker's answer that could not be read, named, with why. */
export const BrokerChainRejected = z.object({
  /** The contract's ticker, or its place in the answer when it has none. */
  row: z.string(),
  reason: z.string(),
});
/** A row of the broker's answer that could not be read. */
export type BrokerChainRejected = z.infer<typeof BrokerChainRejected>;

/** The broker's figures for one underlying and expiry; one bad row never blanks the rest. */
export const BrokerChain = z.object({
  /** The underlying's ticker the broker was asked about. */
  symbol: Ticker,
  /** The expiry asked for, Unix seconds (as in the symbol master). */
  expiry: z.number().int().positive(),
  rows: z.array(BrokerChainFigures),
  rejected: z.array(BrokerChainRejected),
  /** When the core read it (epoch ms). */
  at: z.number().int().nonnegative(),
});
/** The broker's figures for one underlying and expiry. */
export type BrokerChain = z.infer<typeof BrokerChain>;
