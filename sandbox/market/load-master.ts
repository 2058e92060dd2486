/**
 * Picks the instrument universe: the generated 130,000-row master (sandbox/master, cached per
 * seed and day) or the dozen-row fixture for fast tests. Index building is cached per master
 * too, because test files start many sandboxes with the same seed.
 */
import type { MasterFile } from '../../shared/broker/instrument';
import { generateMaster } from '../master/index';
import { fixtureInstruments } from './fixture-instruments';
import { indexInstruments, type InstrumentIndex } from './instrument-index';
import { MASTER_FILES } from '../../shared/broker/instrument';
import { toJsonMaster } from '../master/json-master';

/** The universe the sandbox trades and serves. */
export interface LoadedMaster {
  index: InstrumentIndex;
  files(): Record<MasterFile, string>;
  /** The JSON masters (`<FILE>_sym_master.json`), made on first read. */
  jsonFiles(): Record<MasterFile, string>;
  basePriceOf(ticker: string): number | undefined;
}

const indexCache = new WeakMap<object, InstrumentIndex>();

const FILE_OF: Record<string, MasterFile> = {
  '10:10': 'NSE_CM',
  '10:11': 'NSE_FO',
  '10:12': 'NSE_CD',
  '10:20': 'NSE_COM',
  '12:10': 'BSE_CM',
  '12:11': 'BSE_FO',
  '11:20': 'MCX_COM',
};

/** The fixture's rows as JSON masters, one per file. */
function jsonOf(rows: ReturnType<typeof fixtureInstruments>): Record<MasterFile, string> {
  const out = {} as Record<MasterFile, string>;
  for (const f of MASTER_FILES)
    out[f] = toJsonMaster(rows.filter((i) => FILE_OF[`${i.exchange}:${i.segment}`] === f));
  return out;
}

function csvOf(rows: ReturnType<typeof fixtureInstruments>): Record<MasterFile, string> {
  const out = {} as Record<MasterFile, string>;
  for (const f of MASTER_FILES) out[f] = '';
  for (const i of rows) {
    const f = FILE_OF[`${i.exchange}:${i.segment}`];
    if (!f) continue;
    const cols = [
      i.token,
      i.name,
      i.instrumentType,
      i.lotSize,
      i.tickSize,
      i.isin,
      i.session,
      i.lastUpdate,
      i.expiry ?? '',
      i.ticker,
      i.exchange,
      i.segment,
      i.scripCode,
      i.underlying,
      i.underlyingScripCode,
      i.strike,
      i.optionType,
      i.underlyingToken,
      '',
      '',
      '',
    ];
    out[f] += `${cols.join(',')}\n`;
  }
  return out;
}

/** Loads the generated master or the fixture. */
export function loadMaster(kind: 'generated' | 'fixture', seed: number, asOf: Date): LoadedMaster {
  if (kind === 'fixture') {
    const rows = fixtureInstruments();
    const files = csvOf(rows);
    let json: Record<MasterFile, string> | null = null;
    return {
      index: indexInstruments(rows),
      files: () => files,
      jsonFiles: () => (json ??= jsonOf(rows)),
      basePriceOf: () => undefined,
    };
  }
  const m = generateMaster({ seed, asOf });
  let index = indexCache.get(m);
  if (!index) {
    index = indexInstruments(m.instruments);
    indexCache.set(m, index);
  }
  return {
    index,
    files: () => m.files,
    jsonFiles: () => m.jsonFiles,
    basePriceOf: (t) => m.basePrice(t),
  };
}
