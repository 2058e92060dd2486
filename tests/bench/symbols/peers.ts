/**
 * The peer libraries of the symbols bench, set up the way their docs suggest for a
 * typeahead over a large list: uFuzzy over one "ticker name" string per instrument,
 * fuzzysort over prepared ticker and name keys, Fuse.js over ticker and name with its
 * prebuilt index. Each returns row numbers, best first, like our searchIndices.
 */
import uFuzzy from '@leeoniya/ufuzzy';
import fuzzysort from 'fuzzysort';
import Fuse from 'fuse.js';

/** A row as the peers see it. */
export interface PeerRow {
  ticker: string;
  name: string;
}

/** One peer engine: built from rows, answers a query with row numbers. */
export interface PeerEngine {
  name: string;
  search(q: string, limit: number): number[];
}

/** uFuzzy: one haystack string per row; ranked when the match count allows it. */
export function buildUfuzzy(rows: readonly PeerRow[]): PeerEngine {
  const haystack = rows.map((r) => `${r.ticker} ${r.name}`);
  const uf = new uFuzzy({ intraMode: 1 });
  return {
    name: 'uFuzzy',
    search(q, limit) {
      if (q.trim() === '') return [];
      const [idxs, info, order] = uf.search(haystack, q, 0, 1e3);
      if (!idxs) return [];
      if (info && order) return order.slice(0, limit).map((o) => info.idx[o] as number);
      return Array.from(idxs.slice(0, limit));
    },
  };
}

/** fuzzysort: prepared targets on two keys. */
export function buildFuzzysort(rows: readonly PeerRow[]): PeerEngine {
  const targets = rows.map((r, i) => ({
    i,
    ticker: fuzzysort.prepare(r.ticker),
    name: fuzzysort.prepare(r.name),
  }));
  return {
    name: 'fuzzysort',
    search(q, limit) {
      return fuzzysort.go(q, targets, { keys: ['ticker', 'name'], limit }).map((r) => r.obj.i);
    },
  };
}

/** Fuse.js: two keys, its own prebuilt index. */
export function buildFuse(rows: readonly PeerRow[]): PeerEngine {
  const keys = ['ticker', 'name'];
  const index = Fuse.createIndex(keys, rows as PeerRow[]);
  const fuse = new Fuse(rows as PeerRow[], { keys, ignoreLocation: true, threshold: 0.3 }, index);
  return {
    name: 'Fuse.js',
    search(q, limit) {
      if (q.trim() === '') return [];
      return fuse.search(q, { limit }).map((r) => r.refIndex);
    },
  };
}
