/**
 * The commodity and currency contracts' multipliers before any position exists: the broker's JSON symbol
 * masters (`{symbol_master_base}/<FILE>_sym_master.json`) carry `qtyMultiplier` per contract
 * (MCX CRUDEOIL 100: a lot of 100 barrels priced per barrel; NSE USDINR 1000), which the CSV masters the index
 * is built from do not (their last three columns are reserved). Only those files are
 * read, once a day with the CSVs; the last good copy is kept on disk, so a failed download
 * leaves the previous figures in use and a contract never seen stays unknown (the order guard
 * then says its value cannot be checked, never values it at 1). docs/broker-v3.md.
 */
import { readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { MasterFile } from '../../../shared/broker/instrument';
import { istDayKey } from '../../../shared/format/ist';
import type { Logger } from '../diagnostics/logger';
import { masterFileUrl } from './download-file';

/**
 * The master files whose contracts carry a multiplier: the two commodity segments and NSE
 * currency derivatives (a USDINR lot is USD 1,000). The app loads no BSE currency file.
 */
export const MULTIPLIER_FILES = [
  'MCX_COM',
  'NSE_COM',
  'NSE_CD',
] as const satisfies readonly MasterFile[];

/** The JSON master's name for a file, beside its CSV. */
export const jsonMasterName = (file: MasterFile): string => `${file}_sym_master.json`;

/** What one JSON master yielded. */
export interface ParsedSizes {
  sizes: Record<string, number>;
  /** Rows without a usable multiplier (skipped, never taken as 1). */
  skipped: number;
}

/**
 * Reads `qtyMultiplier` from a JSON master: an object keyed by ticker (`MCX:CRUDEOIL26JANFUT`),
 * each row carrying `symTicker` and `qtyMultiplier` (a number, sometimes a numeric text).
 * Throws when the text is not such an object.
 */
export function parseJsonMaster(text: string): ParsedSizes {
  const doc: unknown = JSON.parse(text);
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new Error('not an object of contracts keyed by ticker');
  const sizes: Record<string, number> = {};
  let skipped = 0;
  for (const [key, row] of Object.entries(doc as Record<string, unknown>)) {
    const r = row && typeof row === 'object' ? (row as Record<string, unknown>) : {};
    const ticker = typeof r.symTicker === 'string' && r.symTicker ? r.symTicker : key;
    const m = typeof r.qtyMultiplier === 'string' ? Number(r.qtyMultiplier) : r.qtyMultiplier;
    if (typeof m === 'number' && Number.isFinite(m) && m > 0 && ticker.includes(':'))
      sizes[ticker] = m;
    else skipped++;
  }
  return { sizes, skipped };
}

/** The copy on disk. */
interface Stored {
  /** When every file was last read successfully (ISO). */
  checkedAt?: string;
  files: Partial<Record<MasterFile, Record<string, number>>>;
}

/** Everything it touches, injected. */
export interface ContractSizesDeps {
  dir: string;
  fetch: typeof fetch;
  now: () => Date;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Per attempt; 60 s by default (the MCX file is some megabytes). */
  timeoutMs?: number;
}

/** Owns the multipliers of the commodity and currency contracts. */
export class ContractSizes {
  private stored: Stored = { files: {} };
  private byTicker = new Map<string, number>();
  private failures: string[] = [];

  constructor(private readonly deps: ContractSizesDeps) {}

  private get path(): string {
    return join(this.deps.dir, 'contract-sizes.json');
  }

  /** The published multiplier of a contract, or undefined when none has been read. */
  of(ticker: string): number | undefined {
    return this.byTicker.get(ticker);
  }

  /** Files whose last download failed (their previous copy, if any, stays in use). */
  failed(): readonly string[] {
    return this.failures;
  }

  /** Loads the last good copy; a missing or unreadable one leaves every contract unknown. */
  async load(): Promise<void> {
    try {
      const s = JSON.parse(await readFile(this.path, 'utf8')) as Stored;
      if (s && typeof s === 'object' && s.files && typeof s.files === 'object') this.install(s);
    } catch {
      // none yet: every such contract stays unknown until the first download
    }
  }

  /** Downloads the JSON masters: at most once per IST day unless forced. */
  async refresh(base: string, force = false): Promise<void> {
    const today = istDayKey(this.deps.now().getTime());
    const checked = this.stored.checkedAt;
    if (!force && checked && istDayKey(Date.parse(checked)) === today) return;
    const next: Stored = { files: { ...this.stored.files } };
    const failures: string[] = [];
    for (const file of MULTIPLIER_FILES) {
      try {
        next.files[file] = await this.download(base, file);
      } catch (err) {
        failures.push(jsonMasterName(file));
        this.deps.logger.warn('symbols: contract sizes not refreshed; keeping the last copy', {
          file: jsonMasterName(file),
          reason: err instanceof Error ? err.message : String(err),
        });
      }
    }
    if (failures.length === 0) next.checkedAt = this.deps.now().toISOString();
    else if (checked) next.checkedAt = checked;
    this.failures = failures;
    this.install(next);
    await mkdir(this.deps.dir, { recursive: true });
    const tmp = `${this.path}.tmp`;
    await writeFile(tmp, JSON.stringify(next));
    await rename(tmp, this.path);
  }

  private async download(base: string, file: MasterFile): Promise<Record<string, number>> {
    const url = masterFileUrl(base, file, jsonMasterName(file));
    const res = await this.deps.fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(this.deps.timeoutMs ?? 60_000),
    });
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new Error(`HTTP ${res.status}`);
    }
    const parsed = parseJsonMaster(await res.text());
    const n = Object.keys(parsed.sizes).length;
    if (n === 0) throw new Error('no contract with a multiplier');
    this.deps.logger.info('symbols: contract sizes read', {
      file: jsonMasterName(file),
      contracts: n,
      skipped: parsed.skipped,
    });
    return parsed.sizes;
  }

  private install(s: Stored): void {
    this.stored = s;
    const map = new Map<string, number>();
    for (const sizes of Object.values(s.files)) {
      for (const [t, m] of Object.entries(sizes ?? {}))
        if (typeof m === 'number' && m > 0) map.set(t, m);
    }
    this.byTicker = map;
  }
}
