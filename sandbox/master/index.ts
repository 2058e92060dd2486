/**
 * The sandbox's symbol master: all seven exchange-segment files at real size and shape,
 * generated from a seed and a date so every test run and every Demo start sees the same
 * instruments, with no download and nothing checked into the repo.
 *
 * Generation takes a few hundred milliseconds; results are cached in memory per seed and
 * IST day, because the sandbox calls this at start and tests start many sandboxes.
 */
import { MASTER_FILES, type Instrument, type MasterFile } from '../../shared/broker/instrument';
import { FileBuilder } from './builder';
import { istDay, isoDate } from './calendar';
import {
  BSE_INDICES,
  NSE_INDICES,
  addBondsUntil,
  addEquities,
  addIndices,
  addNseFunds,
  isinFactory,
} from './cash';
import { buildMcx, buildNseCom } from './commodities';
import { buildNseCd } from './currency';
import { buildCompanies } from './companies';
import { buildBseFo, buildNseFo } from './fno';
import { createRng } from './rng';
import { toJsonMaster } from './json-master';

/** What the sandbox serves (`files`) and simulates (`instruments`, `basePrices`). */
export interface GeneratedMaster {
  /** CSV text of each file: no header row, 21 columns, LF line ends. */
  files: Record<MasterFile, string>;
  /** JSON master of each file (`<FILE>_sym_master.json`: rows keyed by ticker, with `qtyMultiplier`). */
  jsonFiles: Record<MasterFile, string>;
  /** Every row of every file, in MASTER_FILES order then file order. */
  instruments: Instrument[];
  /** A plausible starting price per instrument, aligned with `instruments` (on tick). */
  basePrices: Float64Array;
  /** Starting price by ticker; undefined for an unknown ticker. */
  basePrice(ticker: string): number | undefined;
  /** Instrument by ticker. */
  byTicker(ticker: string): Instrument | undefined;
}

/** Options of {@link generateMaster}; `asOf` picks which contracts are live and the update date. */
export interface MasterOptions {
  seed: number;
  asOf: Date;
}

/** Row targets of the cash files, close to the live files' sizes (gaps.md). */
const NSE_CM_ROWS = 8_700;
const BSE_CM_ROWS = 12_600;
const COMPANIES = 5_500;
const FNO_COMPANIES = 215;

const SESSIONS: Record<MasterFile, string> = {
  NSE_CM: '0915-1530|1815-1915:',
  NSE_FO: '0915-1530|1815-1915:',
  NSE_CD: '0900-1700|1815-1915:',
  NSE_COM: '0900-2330|1815-1915:',
  BSE_CM: '0915-1530|1815-1915:',
  BSE_FO: '0915-1530|1815-1915:',
  MCX_COM: '0900-2330|1815-1915:',
};

const cache = new Map<string, GeneratedMaster>();

/** Drops cached masters: for tests of determinism and for a long-running sandbox's memory. */
export function clearMasterCache(): void {
  cache.clear();
}

/**
 * Generates (or returns the cached) master for a seed and day. The same seed and IST day
 * always give byte-identical files.
 */
export function generateMaster(opts: MasterOptions): GeneratedMaster {
  const today = istDay(opts.asOf);
  const key = `${opts.seed}|${today}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const built = build(opts.seed, today);
  cache.set(key, built);
  return built;
}

function build(seed: number, today: number): GeneratedMaster {
  const updated = isoDate(today);
  const mk = (
    f: MasterFile,
    ex: 10 | 11 | 12,
    seg: 10 | 11 | 12 | 20,
    first: number,
  ): FileBuilder => new FileBuilder(ex, seg, SESSIONS[f], updated, first);
  const b: Record<MasterFile, FileBuilder> = {
    NSE_CM: mk('NSE_CM', 10, 10, 40_000),
    NSE_FO: mk('NSE_FO', 10, 11, 35_000),
    NSE_CD: mk('NSE_CD', 10, 12, 1_000),
    NSE_COM: mk('NSE_COM', 10, 20, 2_000),
    BSE_CM: mk('BSE_CM', 12, 10, 960_000),
    BSE_FO: mk('BSE_FO', 12, 11, 800_000),
    MCX_COM: mk('MCX_COM', 11, 20, 430_000),
  };
  const companies = buildCompanies(seed, COMPANIES, FNO_COMPANIES);
  const nextIsin = isinFactory();
  const cashRng = createRng(seed, 7);

  addIndices(b.NSE_CM, NSE_INDICES, 'NSE');
  addEquities(b.NSE_CM, companies, 'NSE', cashRng);
  addNseFunds(b.NSE_CM, cashRng, nextIsin);
  addBondsUntil(b.NSE_CM, NSE_CM_ROWS, 'NSE', cashRng, nextIsin);

  addIndices(b.BSE_CM, BSE_INDICES, 'BSE');
  addEquities(b.BSE_CM, companies, 'BSE', cashRng);
  addBondsUntil(b.BSE_CM, BSE_CM_ROWS, 'BSE', cashRng, nextIsin);

  buildNseFo(b.NSE_FO, today, companies);
  buildBseFo(b.BSE_FO, today);
  buildNseCd(b.NSE_CD, today);
  buildNseCom(b.NSE_COM, today);
  buildMcx(b.MCX_COM, today);

  // File text is made on first access: the sandbox needs `instruments` at start, while
  // the CSV (25 MB of strings) is only needed when a client downloads the master.
  const files = {} as Record<MasterFile, string>;
  const jsonFiles = {} as Record<MasterFile, string>;
  for (const f of MASTER_FILES) {
    let text: string | null = null;
    let json: string | null = null;
    Object.defineProperty(files, f, { enumerable: true, get: () => (text ??= b[f].toCsv()) });
    Object.defineProperty(jsonFiles, f, {
      enumerable: true,
      get: () => (json ??= toJsonMaster(b[f].rows)),
    });
  }
  const instruments: Instrument[] = [];
  const prices: number[] = [];
  for (const f of MASTER_FILES) {
    for (const r of b[f].rows) instruments.push(r);
    for (const p of b[f].prices) prices.push(p);
  }
  const basePrices = Float64Array.from(prices);
  let index: Map<string, number> | null = null;
  const lookup = (ticker: string): number | undefined => {
    index ??= new Map(instruments.map((x, i) => [x.ticker, i]));
    return index.get(ticker);
  };
  return {
    files,
    jsonFiles,
    instruments,
    basePrices,
    basePrice: (t) => {
      const i = lookup(t);
      return i === undefined ? undefined : basePrices[i];
    },
    byTicker: (t) => {
      const i = lookup(t);
      return i === undefined ? undefined : instruments[i];
    },
  };
}
