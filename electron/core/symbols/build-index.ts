/**
 * Turns the seven raw master files into SymbolData: parse, derive, hash, group into roots.
 * Pure and synchronous on purpose, so it runs unchanged on the main thread, in a worker
 * thread, and in the bench; the caller decides where (see symbol-service.ts).
 */
import { MASTER_FILES, type MasterFile } from '../../../shared/broker/instrument';
import { deriveFields } from './derive-fields';
import { buildHashIndex } from './hash-index';
import { type BadRow, type FileParseStats, MasterParser } from './parse-master';
import { buildRoots } from './roots-index';
import { SYMBOL_DATA_VERSION, type SymbolData } from './symbol-data';
import { stringColumn } from './table-builder';

/** Result of a build: the data and what was wrong with the input. */
export interface BuildResult {
  data: SymbolData;
  files: FileParseStats[];
  /** The first bad rows (capped), for the log. */
  badRowSamples: BadRow[];
  /** Rows whose ticker repeats an earlier row's; the first one wins. */
  duplicateTickers: number;
}

/** How many bad rows are kept for logging; all are counted. */
export const BAD_ROW_SAMPLE_LIMIT = 50;

/**
 * Builds from raw bytes per file (decompressed CSV). Missing files are skipped, so a
 * partial download still yields a usable index of what did arrive.
 */
export function buildSymbolData(
  files: Partial<Record<MasterFile, Uint8Array>>,
  fingerprint: string,
  now: Date = new Date(),
): BuildResult {
  let bytes = 0;
  for (const f of MASTER_FILES) bytes += files[f]?.length ?? 0;
  const samples: BadRow[] = [];
  const parser = new MasterParser(Math.ceil(bytes / 150) + 16, (row) => {
    if (samples.length < BAD_ROW_SAMPLE_LIMIT) samples.push(row);
  });
  const stats: FileParseStats[] = [];
  MASTER_FILES.forEach((f, fileId) => {
    const src = files[f];
    if (src) stats.push(parser.parseFile(f, fileId, src));
  });
  const raw = parser.finish();
  const n = raw.count;
  const tickerHash = buildHashIndex(raw.ticker.bytes, raw.ticker.offsets);
  const tokenHash = buildHashIndex(raw.token.bytes, raw.token.offsets);
  const derived = deriveFields({
    count: n,
    tickerBytes: raw.ticker.bytes,
    tickerOffsets: raw.ticker.offsets,
    underlyingOffsets: raw.underlying.offsets,
    instrumentType: raw.instrumentType,
    expiry: raw.expiry,
    optionType: raw.optionType,
  });
  const roots = buildRoots({
    count: n,
    tickerBytes: raw.ticker.bytes,
    tickerOffsets: raw.ticker.offsets,
    nameBytes: raw.name.bytes,
    nameOffsets: raw.name.offsets,
    tokenBytes: raw.token.bytes,
    tokenOffsets: raw.token.offsets,
    underlyingBytes: raw.underlying.bytes,
    underlyingOffsets: raw.underlying.offsets,
    underlyingTokenBytes: raw.underlyingToken.bytes,
    underlyingTokenOffsets: raw.underlyingToken.offsets,
    tokenHash: tokenHash.table,
    classTier: derived.classTier,
    exchange: raw.exchange,
    expiry: raw.expiry,
    strike: raw.strike,
    optionType: raw.optionType,
  });
  const dict = stringColumn(raw.dict);
  const data: SymbolData = {
    meta: {
      version: SYMBOL_DATA_VERSION,
      count: n,
      roots: roots.roots,
      fingerprint,
      builtAt: now.toISOString(),
      badRows: raw.badRows,
    },
    arrays: {
      tokenBytes: raw.token.bytes,
      tokenOffsets: raw.token.offsets,
      nameBytes: raw.name.bytes,
      nameOffsets: raw.name.offsets,
      isinBytes: raw.isin.bytes,
      isinOffsets: raw.isin.offsets,
      tickerBytes: raw.ticker.bytes,
      tickerOffsets: raw.ticker.offsets,
      underlyingBytes: raw.underlying.bytes,
      underlyingOffsets: raw.underlying.offsets,
      underlyingTokenBytes: raw.underlyingToken.bytes,
      underlyingTokenOffsets: raw.underlyingToken.offsets,
      dictBytes: dict.bytes,
      dictOffsets: dict.offsets,
      sessionRef: raw.sessionRef,
      lastUpdateRef: raw.lastUpdateRef,
      instrumentType: raw.instrumentType,
      lotSize: raw.lotSize,
      tickSize: raw.tickSize,
      expiry: raw.expiry,
      exchange: raw.exchange,
      segment: raw.segment,
      scripCode: raw.scripCode,
      underlyingScripCode: raw.underlyingScripCode,
      strike: raw.strike,
      optionType: raw.optionType,
      fileId: raw.fileId,
      ...derived,
      tickerHash: tickerHash.table,
      tokenHash: tokenHash.table,
      rootMemberStart: roots.rootMemberStart,
      rootMembers: roots.rootMembers,
      rootRank: roots.rootRank,
      rootSymbolBytes: roots.rootSymbolBytes,
      rootSymbolOffsets: roots.rootSymbolOffsets,
      keyBytes: roots.keyBytes,
      keyOffsets: roots.keyOffsets,
      keyRoot: roots.keyRoot,
      wordBytes: roots.wordBytes,
      wordOffsets: roots.wordOffsets,
      wordRoot: roots.wordRoot,
      rootId: roots.rootId,
    },
  };
  return {
    data,
    files: stats,
    badRowSamples: samples,
    duplicateTickers: tickerHash.duplicates.length,
  };
}
