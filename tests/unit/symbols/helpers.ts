/**
 * Shared test fixtures for the symbols tests: the generated master for the labelled
 * tuning set's seed and date, built once per test process, and the set's labels resolved
 * to the tickers they mean in that master.
 */
import { MASTER_FILES, type MasterFile } from '../../../shared/broker/instrument';
import { generateMaster } from '../../../sandbox/master/index';
import { buildSymbolData, type BuildResult } from '../../../electron/core/symbols/build-index';
import { type LabelSet, LabelResolver } from '../../fixtures/symbol-labels';
import fixture from '../../fixtures/symbol-queries.json' with { type: 'json' };

/** The labelled tuning queries (never the held-out set: that one is the bench's alone). */
export const QUERY_FIXTURE = fixture as LabelSet;

let cached: {
  master: ReturnType<typeof generateMaster>;
  bytes: Record<MasterFile, Uint8Array>;
  built: BuildResult;
  resolver: LabelResolver;
} | null = null;

/** Generated master (seed/date of the fixture), its files as bytes, and the built index. */
export function fullMaster() {
  if (!cached) {
    const master = generateMaster({ seed: QUERY_FIXTURE.seed, asOf: new Date(QUERY_FIXTURE.asOf) });
    const bytes = {} as Record<MasterFile, Uint8Array>;
    for (const f of MASTER_FILES) bytes[f] = Buffer.from(master.files[f], 'utf8');
    cached = {
      master,
      bytes,
      built: buildSymbolData(bytes, 'test'),
      resolver: new LabelResolver(master.instruments),
    };
  }
  return cached;
}
