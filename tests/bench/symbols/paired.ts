/**
 * Cold parse + index, paired round by round against the fastest peer combination (uDSV
 * parsing the CSV into string arrays, uFuzzy over one haystack string per row). Pairing
 * matters on a shared machine: both sides of a round see the same load, and the order
 * alternates each round so neither always runs on a warmer cache or a fresher heap.
 * The peer gets the files already decoded to strings (its natural input; decoding the
 * downloaded bytes is not billed to it), ours starts from the bytes as downloaded.
 */
import { inferSchema, initParser } from 'udsv';
import { MASTER_FILES, type MasterFile } from '../../../shared/broker/instrument';
import { buildSymbolData } from '../../../electron/core/symbols/build-index';
import { type PeerEngine, type PeerRow, buildUfuzzy } from './peers';
import { gc } from './measure';

/** uDSV parse of every master file, then the uFuzzy engine over its rows. */
export function udsvUfuzzy(files: Record<MasterFile, string>): PeerEngine {
  const rows: PeerRow[] = [];
  for (const f of MASTER_FILES) {
    const text = files[f];
    const schema = inferSchema(text, { header: () => [], col: ',', row: '\n', encl: '"' });
    for (const r of initParser(schema).stringArrs(text) as unknown as string[][])
      rows.push({ ticker: r[9] as string, name: r[1] as string });
  }
  return buildUfuzzy(rows);
}

/** One round's two timings. */
export interface PairedRound {
  oursMs: number;
  peerMs: number;
}

/** Result of the paired timing. */
export interface PairedResult {
  rounds: PairedRound[];
  oursMedianMs: number;
  peerMedianMs: number;
  /** Rounds in which ours finished first. */
  oursWins: number;
  /** Median over rounds of peer/ours (how many times faster ours was). */
  medianRatio: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** Times both cold builds `rounds` times, alternating which goes first. */
export function pairedColdBuild(
  bytes: Record<MasterFile, Uint8Array>,
  files: Record<MasterFile, string>,
  rounds: number,
): PairedResult {
  const time = (fn: () => unknown): number => {
    gc();
    const t0 = performance.now();
    fn();
    return performance.now() - t0;
  };
  const ours = () => buildSymbolData(bytes, 'bench');
  const peer = () => udsvUfuzzy(files);
  // One untimed run each: JIT warm-up, so round 1 is not a compile benchmark.
  ours();
  peer();
  const out: PairedRound[] = [];
  for (let k = 0; k < rounds; k++) {
    if (k % 2 === 0) {
      const oursMs = time(ours);
      out.push({ oursMs, peerMs: time(peer) });
    } else {
      const peerMs = time(peer);
      out.push({ oursMs: time(ours), peerMs });
    }
  }
  return {
    rounds: out,
    oursMedianMs: median(out.map((r) => r.oursMs)),
    peerMedianMs: median(out.map((r) => r.peerMs)),
    oursWins: out.filter((r) => r.oursMs < r.peerMs).length,
    medianRatio: median(out.map((r) => r.peerMs / r.oursMs)),
  };
}
