/**
 * The instrument record of the broker's symbol master, shared by the sandbox (which
 * generates the files), the client (which parses them) and the renderer (which shows
 * search results). One shape everywhere means a row parsed by the client compares
 * field-for-field with the row the sandbox generated.
 *
 * No Node built-ins and no imports from electron/ or sandbox/: this runs in the renderer.
 */

import type { ExchangeCode, SegmentCode } from './enums';
import { Segment, Exchange } from './enums';
import { MONTH_CODES } from '../format/ist';

// Re-exported so master code can take the codes from the module that defines the row.
export type { ExchangeCode, SegmentCode };

/**
 * One row of a symbol master file. Field names follow the 21-column order of gaps.md
 * so a parser can fill it positionally; `token` stays a string because it is a
 * 14+ digit identifier that must survive JSON and be compared textually.
 */
export interface Instrument {
  token: string;
  name: string;
  instrumentType: number;
  lotSize: number;
  tickSize: number;
  isin: string;
  session: string;
  lastUpdate: string;
  /** Unix seconds of the contract's expiry; null for cash instruments and indices. */
  expiry: number | null;
  /** e.g. NSE:SBIN-EQ, NSE:NIFTY25DEC24000CE */
  ticker: string;
  exchange: ExchangeCode;
  segment: SegmentCode;
  scripCode: number;
  underlying: string;
  underlyingScripCode: number;
  /** -1 if the instrument is not an option */
  strike: number;
  optionType: 'CE' | 'PE' | 'XX';
  underlyingToken: string;
}

/**
 * The seven exchange-segment files the broker publishes. Listed once so the sandbox's
 * routes, the client's downloader and the tests iterate the same set.
 */
export const MASTER_FILES = [
  'NSE_CM',
  'NSE_FO',
  'NSE_CD',
  'NSE_COM',
  'BSE_CM',
  'BSE_FO',
  'MCX_COM',
] as const;

/** Name of one master file without the `.csv` suffix. */
export type MasterFile = (typeof MASTER_FILES)[number];

/**
 * Exchange and segment codes of each file, so a parser can tell a row that landed in
 * the wrong file and the sandbox can route a file name to its rows.
 */
export const MASTER_FILE_CODES: Record<
  MasterFile,
  { exchange: ExchangeCode; segment: SegmentCode }
> = {
  NSE_CM: { exchange: Exchange.NSE, segment: Segment.CapitalMarket },
  NSE_FO: { exchange: Exchange.NSE, segment: Segment.EquityDerivatives },
  NSE_CD: { exchange: Exchange.NSE, segment: Segment.Currency },
  NSE_COM: { exchange: Exchange.NSE, segment: Segment.Commodity },
  BSE_CM: { exchange: Exchange.BSE, segment: Segment.CapitalMarket },
  BSE_FO: { exchange: Exchange.BSE, segment: Segment.EquityDerivatives },
  MCX_COM: { exchange: Exchange.MCX, segment: Segment.Commodity },
};

/**
 * Column order of the live (headerless) files, per gaps.md. The generator writes and the
 * parser reads by these positions; the last three columns are reserved and unused.
 */
export const MASTER_COLUMNS = [
  'token',
  'name',
  'instrumentType',
  'lotSize',
  'tickSize',
  'isin',
  'session',
  'lastUpdate',
  'expiry',
  'ticker',
  'exchange',
  'segment',
  'scripCode',
  'underlying',
  'underlyingScripCode',
  'strike',
  'optionType',
  'underlyingToken',
  'reserved1',
  'reserved2',
  'reserved3',
] as const;

/**
 * Exchange instrument type codes used in column 3. Named so that code asking "is this a
 * future / an option / an index" does not hard-code numbers.
 */
export const INSTRUMENT_TYPE = {
  EQ: 0,
  PREFSHARES: 1,
  DEBENTURES: 2,
  WARRANTS: 3,
  MISC: 4,
  SGB: 5,
  GSEC: 6,
  TBILL: 7,
  MF: 8,
  ETF: 9,
  INDEX: 10,
  FUTIDX: 11,
  FUTIVX: 12,
  FUTSTK: 13,
  OPTIDX: 14,
  OPTSTK: 15,
  FUTCUR: 16,
  FUTIRT: 17,
  FUTIRC: 18,
  OPTCUR: 19,
  FUTCOM: 30,
  OPTFUT: 31,
  OPTCOM: 32,
} as const;

/** Month abbreviations as they appear in monthly tickers (NIFTY25DECFUT): the broker's month codes. */
export const TICKER_MONTHS = MONTH_CODES;

/** One-character month codes of weekly tickers (NIFTY25D1124000CE): 1-9, O, N, D. */
export const WEEKLY_MONTH_CODES = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  'O',
  'N',
  'D',
] as const;

/** Whether an instrument is a future, so search and chains need not parse tickers. */
export function isFuture(i: Pick<Instrument, 'ticker' | 'optionType'>): boolean {
  return i.optionType === 'XX' && i.ticker.endsWith('FUT');
}

/** Whether an instrument is an option (CE or PE). */
export function isOption(i: Pick<Instrument, 'optionType'>): boolean {
  return i.optionType !== 'XX';
}
