/**
 * Support bundle: one compressed ZIP a trader sends when something went wrong, with a
 * summary page a support person reads first (see docs/support.md, "The support bundle").
 *
 * It gathers what we need to diagnose a problem (system facts, settings, recent logs and
 * request log, the order and GTT journals, budget statistics, recent errors) and runs every part
 * through the redaction pass again, so even a source that forgot about a secret cannot
 * leak it.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { arch, release, platform } from 'node:os';
import { dirname } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { budgetStats, openActions, recentErrors } from './bundle-findings';
import { crashDumpsLine } from './crash-dumps';
import type { DiskSources } from './bundle-sources';
import { summaryHtml, summaryText, type SummaryModel } from './bundle-summary';
import { processSecretRegistry, redactText, redactValue, type SecretRegistry } from './redact';

/** Facts about the running system; injectable so tests produce stable bundles. */
export interface SystemInfo {
  platform: string;
  release: string;
  arch: string;
  versions: Record<string, string | undefined>;
  locale: string;
  timeZone: string;
}

/** Everything a bundle is built from; each provider is called once per export. */
export interface SupportBundleSources {
  appName?: string;
  appVersion: string;
  clock: { now(): number };
  /** `app` (Settings → Support) or `command-line` (`--export-diagnostics`, nothing started). */
  madeBy: 'app' | 'command-line';
  /** Logs, request log, journal and day count read from the data folder. */
  disk: DiskSources;
  /** The non-secret settings document (settings store `get()`). */
  settings: () => unknown;
  /** Live state from the running app, e.g. `{ session: () => session.snapshot() }`. */
  snapshots?: Record<string, () => unknown>;
  system?: SystemInfo;
  registry?: SecretRegistry;
}

/** One file inside the archive. */
export interface BundleEntry {
  name: string;
  data: string;
}

/** What each part is for: the manifest and the summary list them in this order. */
export const BUNDLE_PARTS: ReadonlyArray<readonly [string, string]> = [
  ['summary.html', 'read first: session, versions, last errors with meaning and fix, open orders'],
  ['summary.txt', 'the same, as plain text'],
  ['manifest.json', 'when and how the bundle was made, and this list'],
  ['system.json', 'app, Electron, Chromium, Node, OS, locale, time zone'],
  ['settings.json', 'accounts and preferences, no secrets'],
  ['logs.jsonl', 'the app log of the recent days'],
  ['requests.jsonl', 'every broker request: method, path, status, code, ms, budget, intent'],
  ['journal.jsonl', 'the order journal of the recent days (intent, request, response, outcome)'],
  ['gtt-journal.jsonl', 'the GTT journal of the recent days (create, modify, cancel: same steps)'],
  ['budget.json', 'request budget: day count, live state, statistics from the request log'],
  ['errors.json', 'the recent errors, each with its broker code, meaning and fix'],
  ['snapshots.json', 'live state when made in the app (session, symbols, intents, keychain)'],
  ['crashes.json', 'crash dumps kept on this computer: name, size, time (never their contents)'],
];

/** Read the current machine's facts; only used when the caller does not inject them. */
export function currentSystemInfo(): SystemInfo {
  const intl = Intl.DateTimeFormat().resolvedOptions();
  return {
    platform: platform(),
    release: release(),
    arch: arch(),
    versions: { ...process.versions },
    locale: intl.locale,
    timeZone: intl.timeZone,
  };
}

function field(v: unknown): string {
  return v === undefined || v === null || v === '' ? '–' : String(v);
}

/** Build the bundle's entries (pure, apart from the providers) so tests can inspect them. */
export function buildSupportBundleEntries(input: SupportBundleSources): BundleEntry[] {
  const registry = input.registry ?? processSecretRegistry;
  const clean = (v: unknown): unknown => redactValue(v, registry);
  const createdAt = new Date(input.clock.now()).toISOString();
  const sys = input.system ?? currentSystemInfo();
  const snapshots: Record<string, unknown> = {};
  for (const [name, get] of Object.entries(input.snapshots ?? {})) {
    try {
      snapshots[name] = clean(get());
    } catch (err) {
      snapshots[name] = { error: redactText(String(err), registry) };
    }
  }
  const logLines = input.disk.logLines.map((l) => redactText(l, registry));
  const requestLines = input.disk.requestLines.map((l) => redactText(l, registry));
  const journal = clean(input.disk.journal) as DiskSources['journal'];
  const gttJournal = clean(input.disk.gttJournal ?? []) as DiskSources['journal'];
  const settings = clean(input.settings()) as Record<string, unknown>;
  const errors = recentErrors({ logLines, requestLines, journal });
  const crashes = input.disk.crashDumps ?? { folder: '', dumps: [] };
  // GTT actions the journal left open are unconfirmed actions too (reconciled at next login).
  const open = [...openActions(journal), ...openActions(gttJournal)];
  const system = {
    app: { name: input.appName ?? 'Tickdesk', version: input.appVersion },
    electron: sys.versions.electron ?? null,
    chromium: sys.versions.chrome ?? null,
    node: sys.versions.node ?? null,
    os: { platform: sys.platform, release: sys.release, arch: sys.arch },
    locale: sys.locale,
    timeZone: sys.timeZone,
  };
  const session = (snapshots.session ?? {}) as Record<string, unknown>;
  const accounts = Array.isArray(settings.accounts)
    ? (settings.accounts as Array<Record<string, unknown>>)
    : [];
  const active = accounts.find((a) => a.id === settings.activeAccountId);
  const model: SummaryModel = {
    title: `${system.app.name} support bundle`,
    createdAt,
    madeBy: input.madeBy === 'app' ? 'the running app' : 'the command line (no login)',
    session: [
      [
        'account',
        active
          ? `${field(active.label)} (${field(active.id)}, ${field(active.environment)})`
          : 'none active',
      ],
      [
        'session status',
        field(session.status ?? (input.madeBy === 'app' ? null : 'not started (command line)')),
      ],
      [
        'expires at',
        field(
          typeof session.expiresAt === 'number' ? new Date(session.expiresAt).toISOString() : null,
        ),
      ],
      ['last login error', field(rec(session.lastError).message ?? session.lastError)],
      ['requests logged', String(requestLines.length)],
      ['journal entries', String(journal.length)],
      ['GTT journal entries', String(gttJournal.length)],
      ['crash dumps', crashDumpsLine(crashes.dumps)],
    ],
    facts: [
      ['app', `${system.app.name} ${system.app.version}`],
      ['Electron', field(system.electron)],
      ['Chromium', field(system.chromium)],
      ['Node', field(system.node)],
      ['OS', `${sys.platform} ${sys.release} (${sys.arch})`],
      ['locale', field(sys.locale)],
      ['time zone', field(sys.timeZone)],
    ],
    errors,
    open,
    files: BUNDLE_PARTS.map(([n, d]) => [n, d]),
  };
  const manifest = {
    kind: 'tickdesk-support-bundle',
    formatVersion: 2,
    createdAt,
    madeBy: input.madeBy,
    appVersion: input.appVersion,
    files: BUNDLE_PARTS.map(([n]) => n),
  };
  const budget = {
    day: clean(input.disk.budgetDay),
    live: snapshots.budget ?? null,
    fromRequestLog: budgetStats(requestLines),
  };
  const jsonl = (lines: string[]) => (lines.length ? `${lines.join('\n')}\n` : '');
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  const byName: Record<string, string> = {
    'summary.html': summaryHtml(model),
    'summary.txt': summaryText(model),
    'manifest.json': json(manifest),
    'system.json': json(system),
    'settings.json': json(settings),
    'logs.jsonl': jsonl(logLines),
    'requests.jsonl': jsonl(requestLines),
    'journal.jsonl': jsonl(journal.map((e) => JSON.stringify(e))),
    'gtt-journal.jsonl': jsonl(gttJournal.map((e) => JSON.stringify(e))),
    'budget.json': json(budget),
    'errors.json': json(errors),
    'snapshots.json': json(snapshots),
    'crashes.json': json(crashes),
  };
  // Last pass over the finished text: a known secret value cannot survive in any part.
  return BUNDLE_PARTS.map(([name]) => ({ name, data: redactText(byName[name] ?? '', registry) }));
}

function rec(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

/** Compress the entries into one ZIP (deflate), stamped with the bundle's time. */
export function zipBundle(entries: BundleEntry[], mtime: Date): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const e of entries) files[e.name] = strToU8(e.data);
  // ZIP stores DOS dates, 1980 to 2107.
  const at = Math.min(Math.max(mtime.getTime(), Date.UTC(1980, 0, 2)), Date.UTC(2099, 11, 31));
  return zipSync(files, { level: 6, mtime: new Date(at) });
}

/**
 * Write the bundle as a ZIP to `path` (temp file + rename, so a half-written bundle never
 * looks complete). Returns the path and size for the UI to show.
 */
export async function exportSupportBundle(
  path: string,
  src: SupportBundleSources,
): Promise<{ path: string; bytes: number }> {
  const zip = zipBundle(buildSupportBundleEntries(src), new Date(src.clock.now()));
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, zip, { mode: 0o600 });
  await rename(tmp, path);
  return { path, bytes: zip.length };
}
