/**
 * Versioned migrations of the settings document.
 *
 * Each step takes a document of version N and returns version N+1; the runner applies the
 * steps in order. A document from a newer build is never rewritten (a downgrade must not
 * destroy what the newer build stored).
 */
import { LIVE_HISTORY_BASE_URL } from '../../../shared/marketdata/endpoints';
import { SETTINGS_VERSION } from './schema';

/**
 * The v2 data address version 1 published and stored for every Live account added through
 * Settings: quotes, depth and history all went there. The broker's v2 SDK reads history
 * there and quotes and depth on another host (docs/sandbox.md, "Market data hosts (v2)").
 */
const V1_PUBLISHED_V2_DATA_URL = LIVE_HISTORY_BASE_URL;

/**
 * Version 2 keeps a v2 account's history address apart from its quotes and depth address.
 * An account that named a data address keeps its history there (nothing moves that the
 * trader chose); one that named version 1's published address gets the SDK's two published
 * hosts instead, or its quotes would keep going to the history host.
 */
function splitV2DataAddress(account: unknown): unknown {
  if (!account || typeof account !== 'object' || Array.isArray(account)) return account;
  const a = account as Record<string, unknown>;
  const v2 = a.broker === undefined || a.broker === 'fyers-v2';
  if (!v2 || typeof a.dataBaseUrl !== 'string' || a.historyBaseUrl !== undefined) return account;
  const out: Record<string, unknown> = { ...a, historyBaseUrl: a.dataBaseUrl };
  if (a.dataBaseUrl.replace(/\/+$/, '') === V1_PUBLISHED_V2_DATA_URL.replace(/\/+$/, ''))
    delete out.dataBaseUrl;
  return out;
}

/** One migration step: from `from` to `from + 1`. Must be pure (input not mutated). */
export interface Migration {
  from: number;
  describe: string;
  up(doc: Record<string, unknown>): Record<string, unknown>;
}

/** The app's migrations, in order. Version 0 means "no version field" (first run or pre-release file). */
export const MIGRATIONS: readonly Migration[] = [
  {
    from: 0,
    describe:
      'stamp unversioned documents; keep the recognisable fields, schema defaults fill the rest',
    up(doc) {
      const out: Record<string, unknown> = { version: 1 };
      if (Array.isArray(doc.accounts)) out.accounts = doc.accounts;
      if (typeof doc.activeAccountId === 'string' || doc.activeAccountId === null)
        out.activeAccountId = doc.activeAccountId;
      if (doc.preferences && typeof doc.preferences === 'object') out.preferences = doc.preferences;
      return out;
    },
  },
  {
    from: 1,
    describe:
      'v2 accounts: history kept at the stored data address; quotes and depth on the published data host',
    up(doc) {
      const accounts = Array.isArray(doc.accounts)
        ? doc.accounts.map(splitV2DataAddress)
        : doc.accounts;
      return { ...doc, version: 2, ...(accounts === undefined ? {} : { accounts }) };
    },
  },
];

/** Why migration could not produce a current document. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  constructor(
    readonly kind: 'newer-version' | 'missing-step' | 'not-an-object' | 'step-failed',
    message: string,
  ) {
    super(message);
  }
}

/** The version of a raw document; 0 when it has none. */
export function documentVersion(doc: unknown): number {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return 0;
  const v = (doc as { version?: unknown }).version;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
}

/**
 * Bring a raw document up to `target` by applying `migrations` in order. Returns the new
 * document and the versions it went through, for the log.
 */
export function migrateSettings(
  raw: unknown,
  migrations: readonly Migration[] = MIGRATIONS,
  target: number = SETTINGS_VERSION,
): { doc: Record<string, unknown>; applied: number[] } {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new MigrationError('not-an-object', 'The settings document is not a JSON object.');
  }
  let doc = structuredClone(raw as Record<string, unknown>);
  let version = documentVersion(doc);
  if (version > target) {
    throw new MigrationError(
      'newer-version',
      `Settings were written by a newer Tickdesk (version ${version}).`,
    );
  }
  const applied: number[] = [];
  while (version < target) {
    const step = migrations.find((m) => m.from === version);
    if (!step)
      throw new MigrationError('missing-step', `No migration from settings version ${version}.`);
    try {
      doc = step.up(doc);
    } catch (err) {
      throw new MigrationError(
        'step-failed',
        `Migration from version ${version} failed: ${(err as Error).message}`,
      );
    }
    const next = documentVersion(doc);
    if (next !== version + 1) {
      throw new MigrationError(
        'step-failed',
        `Migration from version ${version} produced version ${next}.`,
      );
    }
    applied.push(version);
    version = next;
  }
  return { doc, applied };
}
