/**
 * The symbol master as a service for the rest of the app: ready at once from the disk
 * cache, refreshed from the broker at most once a day (or when the trader asks), rebuilt
 * off the main thread when a file changed, and never left without data because a download
 * failed: the last good copy stays in use and the failure is reported.
 */
import { MASTER_FILES, type MasterFile } from '../../../shared/broker/instrument';
import type { Logger } from '../diagnostics/logger';
import type { BuildResult } from './build-index';
import type { BuildRunner } from './build-runner';
import { SymbolCacheError, readSymbolCache, writeSymbolCache } from './cache-file';
import {
  DEFAULT_DOWNLOAD_POLICY,
  type DownloadEvent,
  type DownloadPolicy,
  type FileMeta,
  downloadMasterFile,
} from './download-file';
import { MasterStore, fingerprintOf, type StoreMeta } from './master-store';
import { SymbolSearch } from './search';
import { SymbolDb } from './symbol-db';

/** Everything the service touches, injected. */
export interface SymbolServiceDeps {
  /**
   * {symbol_master_base}: where <EXCHANGE>_<SEGMENT>.csv live; a function is asked only
   * when a download is due (Demo mode starts its broker process then, not before).
   */
  baseUrl: string | (() => Promise<string>);
  /** Directory for the raw copies, meta and cache. */
  dir: string;
  fetch: typeof fetch;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  build: BuildRunner;
  onEvent?: (e: SymbolEvent) => void;
  policy?: DownloadPolicy;
  random?: () => number;
}

/** Download progress plus the service's own milestones. */
export type SymbolEvent =
  | DownloadEvent
  | { type: 'ready'; source: 'cache' | 'build'; instruments: number; ms: number }
  | { type: 'bad-rows'; file: MasterFile; count: number }
  | { type: 'stale'; failed: { file: MasterFile; reason: string }[] };

/** What a refresh did. */
export interface RefreshResult {
  skipped: boolean;
  changed: MasterFile[];
  notModified: MasterFile[];
  failed: { file: MasterFile; reason: string }[];
  rebuilt: boolean;
}

/** A file that yields fewer good rows than this share of its lines is rejected. */
const MIN_GOOD_SHARE = 0.5;
const IST_MS = 19_800_000;

/** Owns the current SymbolDb and keeps it fresh. */
export class SymbolService {
  private current: { db: SymbolDb; search: SymbolSearch } | null = null;
  private readonly store: MasterStore;
  private refreshing: Promise<RefreshResult> | null = null;
  private lastFailure: { file: MasterFile; reason: string }[] = [];

  constructor(private readonly deps: SymbolServiceDeps) {
    this.store = new MasterStore(deps.dir);
  }

  /** The loaded master, or null before the first load. */
  get db(): SymbolDb | null {
    return this.current?.db ?? null;
  }

  /** Search-as-you-type; empty until loaded. */
  search(query: string, limit = 20) {
    return this.current ? this.current.search.search(query, limit) : [];
  }

  /** Readiness for the UI: how many instruments, from when, and whether the data is stale. */
  status() {
    const meta = this.current?.db.data.meta;
    return {
      ready: this.current !== null,
      instruments: meta?.count ?? 0,
      builtAt: meta?.builtAt ?? null,
      badRows: meta?.badRows ?? 0,
      stale: this.lastFailure.length > 0,
      failed: this.lastFailure,
    };
  }

  /**
   * Loads from the cache (or rebuilds from the last good raw copies) so the app is usable
   * immediately; does not touch the network. Returns whether data is available.
   */
  async load(): Promise<boolean> {
    const t0 = performance.now();
    const meta = await this.store.readMeta();
    try {
      const data = await readSymbolCache(this.store.cachePath);
      if (data.meta.fingerprint === fingerprintOf(meta)) {
        this.install(new SymbolDb(data));
        this.emit({
          type: 'ready',
          source: 'cache',
          instruments: data.meta.count,
          ms: performance.now() - t0,
        });
        return true;
      }
      this.deps.logger.info('symbols: cache is from other files; rebuilding');
    } catch (err) {
      if (err instanceof SymbolCacheError)
        this.deps.logger.warn('symbols: cache unusable; rebuilding', { reason: err.message });
    }
    const raw = await this.store.readAllRaw();
    if (Object.keys(raw).length === 0) return false;
    const built = await this.deps.build(raw, fingerprintOf(meta));
    this.reportBadRows(built);
    this.install(new SymbolDb(built.data));
    await writeSymbolCache(this.store.cachePath, built.data);
    this.emit({
      type: 'ready',
      source: 'build',
      instruments: built.data.meta.count,
      ms: performance.now() - t0,
    });
    return true;
  }

  /**
   * Checks the broker for new files: skipped when already checked today (IST) unless
   * forced. Concurrent calls share one refresh.
   */
  refresh(opts: { force?: boolean } = {}): Promise<RefreshResult> {
    this.refreshing ??= this.doRefresh(opts.force === true).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async doRefresh(force: boolean): Promise<RefreshResult> {
    const meta = await this.store.readMeta();
    const result: RefreshResult = {
      skipped: false,
      changed: [],
      notModified: [],
      failed: [],
      rebuilt: false,
    };
    if (
      !force &&
      this.current &&
      meta.lastCheck &&
      istDate(new Date(meta.lastCheck)) === istDate(this.deps.now())
    ) {
      return { ...result, skipped: true };
    }
    // Only which last good copies exist matters before downloading; their bytes are read
    // only when a rebuild needs them (a day of 304s then reads nothing from disk).
    const baseUrl =
      typeof this.deps.baseUrl === 'function' ? await this.deps.baseUrl() : this.deps.baseUrl;
    const onDisk = await this.store.existingRaw();
    const fresh: Partial<Record<MasterFile, { body: Uint8Array; meta: FileMeta }>> = {};
    await Promise.all(
      MASTER_FILES.map(async (file) => {
        // Conditional headers only when the copy they vouch for is still on disk.
        const previous = onDisk.has(file) ? meta.files[file] : undefined;
        const out = await downloadMasterFile(
          baseUrl,
          file,
          previous,
          {
            fetch: this.deps.fetch,
            now: this.deps.now,
            sleep: this.deps.sleep,
            ...(this.deps.random ? { random: this.deps.random } : {}),
          },
          (e) => this.emit(e),
          this.deps.policy ?? DEFAULT_DOWNLOAD_POLICY,
        );
        if (out.status === 'modified') fresh[file] = { body: out.body, meta: out.meta };
        else if (out.status === 'not-modified') result.notModified.push(file);
        else result.failed.push({ file, reason: out.reason });
      }),
    );
    const changed = MASTER_FILES.filter((f) => fresh[f]);
    if (changed.length > 0 || !this.current) {
      const raw = await this.store.readAllRaw();
      const files: Partial<Record<MasterFile, Uint8Array>> = { ...raw };
      const nextMeta: StoreMeta = { files: { ...meta.files } };
      for (const f of changed) {
        files[f] = (fresh[f] as { body: Uint8Array }).body;
        nextMeta.files[f] = (fresh[f] as { meta: FileMeta }).meta;
      }
      let built = await this.deps.build(files, fingerprintOf(nextMeta));
      // A changed file that parses to mostly garbage is refused; its last good copy stays.
      const refused = changed.filter((f) => {
        const st = built.files.find((s) => s.file === f);
        return !st || st.rows === 0 || st.rows < (st.rows + st.badRows) * MIN_GOOD_SHARE;
      });
      if (refused.length > 0) {
        for (const f of refused) {
          result.failed.push({
            file: f,
            reason: `${f}: too many bad rows; keeping the last good copy`,
          });
          if (raw[f]) files[f] = raw[f];
          else delete files[f];
          nextMeta.files[f] = meta.files[f];
          if (!meta.files[f]) delete nextMeta.files[f];
        }
        built = await this.deps.build(files, fingerprintOf(nextMeta));
      }
      const accepted = changed.filter((f) => !refused.includes(f));
      if (built.data.meta.count > 0) {
        for (const f of accepted) await this.store.writeRaw(f, files[f] as Uint8Array);
        await writeSymbolCache(this.store.cachePath, built.data);
        this.reportBadRows(built);
        this.install(new SymbolDb(built.data));
        result.rebuilt = true;
      }
      result.changed = accepted;
      meta.files = nextMeta.files;
    }
    this.lastFailure = result.failed;
    if (result.failed.length === 0) meta.lastCheck = this.deps.now().toISOString();
    else {
      this.deps.logger.warn(
        'symbols: some files could not be refreshed; using the last good copies',
        { failed: result.failed },
      );
      this.emit({ type: 'stale', failed: result.failed });
    }
    await this.store.writeMeta(meta);
    return result;
  }

  private install(db: SymbolDb): void {
    this.current = { db, search: new SymbolSearch(db) };
  }

  private reportBadRows(built: BuildResult): void {
    for (const st of built.files) {
      if (st.badRows > 0) this.emit({ type: 'bad-rows', file: st.file, count: st.badRows });
    }
    for (const row of built.badRowSamples) {
      this.deps.logger.warn('symbols: bad row skipped', {
        file: row.file,
        line: row.line,
        reason: row.reason,
        text: row.text,
      });
    }
  }

  private emit(e: SymbolEvent): void {
    this.deps.onEvent?.(e);
  }
}

/** YYYY-MM-DD of an instant in IST: the broker publishes one master per Indian trading day. */
function istDate(d: Date): string {
  return new Date(d.getTime() + IST_MS).toISOString().slice(0, 10);
}
