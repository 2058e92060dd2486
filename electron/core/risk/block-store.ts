/**
 * The record of trading stops: which account stopped trading, why, and until when. Kept in a
 * small JSON file in the data folder, written synchronously and atomically (temp file +
 * rename) before the kill switch sends anything, so a restart, a crash or a quit mid-exit
 * finds the stop still in force; with a bounded history of every stop (the journal support
 * staff read).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { TradingBlock } from '../../../shared/risk/risk-limits';

/** The file's name in the data folder. */
export const BLOCK_FILE = 'trading-block.json';

/** Most past stops kept in the file (a year of one a day). */
const MAX_HISTORY = 400;

const StoredBlocks = z.object({
  blocks: z.array(TradingBlock).default([]),
  history: z.array(TradingBlock).default([]),
});
type StoredBlocks = z.infer<typeof StoredBlocks>;

/** Reads and writes the stops; one per account at a time. */
export interface BlockStore {
  /** The stop of the account in force at `now`, or null. */
  current(accountId: string, now: number): TradingBlock | null;
  /** Records a stop (replacing an older one of the account) and writes it before returning. */
  put(block: TradingBlock): void;
  /** Every stop ever recorded here, oldest first (bounded). */
  history(): TradingBlock[];
}

/** Opens the store at `path`; a missing or unreadable file is an empty record (said in `issue`). */
export function createBlockStore(
  path: string,
  onIssue: (message: string) => void = () => {},
): BlockStore {
  let state: StoredBlocks = { blocks: [], history: [] };
  try {
    const parsed = StoredBlocks.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) state = parsed.data;
    else onIssue('the trading-stop record was not understood and is ignored');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      onIssue('the trading-stop record could not be read');
  }
  function save(): void {
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, path);
  }
  return {
    current(accountId, now) {
      return (
        state.blocks.find((b) => b.accountId === accountId && b.at <= now && now < b.until) ?? null
      );
    },
    put(block) {
      const blocks = state.blocks.filter((b) => b.accountId !== block.accountId);
      const history = [...state.history, block].slice(-MAX_HISTORY);
      state = { blocks: [...blocks, block], history };
      save();
    },
    history: () => state.history.slice(),
  };
}
