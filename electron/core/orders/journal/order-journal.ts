/**
 * The append-only order journal: one JSON line per step of every order action (intent,
 * request, response, reconcile, outcome), fsync'd before the step continues.
 *
 * Why: after a crash, a timeout or a dispute, this file is the record of what the app meant
 * to do, what it sent and what it learnt. It is also how a restarted app finds actions whose
 * outcome was never established and reconciles them. It never holds secrets: only order
 * fields, broker answers and typed errors.
 */
import { mkdir, open, readFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isSecretKey, redactKnownValues } from '../../diagnostics/redact';

/** The steps the journal records. */
export type JournalStep =
  'intent' | 'blocked' | 'request' | 'response' | 'unconfirmed' | 'reconcile' | 'outcome';

/** One line of the journal. */
export interface JournalEntry {
  at: string;
  intentId: string;
  step: JournalStep;
  action: string;
  data?: unknown;
}

/** The journal's interface, for the order service and fakes in tests. */
export interface OrderJournal {
  append(entry: JournalEntry): Promise<void>;
  /** Every entry, oldest first (for recovery and support bundles). */
  readAll(): Promise<JournalEntry[]>;
  close(): Promise<void>;
}

/**
 * Drops any key the shared redaction calls secret, however deep, and removes known secret
 * values from strings, so a careless caller cannot journal one. Other values stay exactly
 * as they were: a restart reads the journal back to reconcile.
 */
export function scrubSecrets(value: unknown): unknown {
  if (typeof value === 'string') return redactKnownValues(value);
  if (Array.isArray(value)) return value.map(scrubSecrets);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!isSecretKey(k)) out[k] = scrubSecrets(v);
    return out;
  }
  return value;
}

/**
 * A crash mid-write leaves a last line without its newline. Appending to it would glue the
 * next entry onto the torn one and lose both, so the torn line is closed off first (it stays
 * in the file as evidence; reading skips it).
 */
async function repairTail(fh: FileHandle): Promise<void> {
  const { size } = await fh.stat();
  if (size === 0) return;
  const last = Buffer.alloc(1);
  await fh.read(last, 0, 1, size - 1);
  if (last[0] === 0x0a) return;
  await fh.write('\n');
  await fh.datasync();
}

/** Opens (creating if needed) the journal file at `path`; writes are serialized and fsync'd. */
export function createOrderJournal(path: string): OrderJournal {
  let handle: Promise<FileHandle> | undefined;
  let chain: Promise<void> = Promise.resolve();

  function fileHandle(): Promise<FileHandle> {
    handle ??= mkdir(dirname(path), { recursive: true }).then(async () => {
      const fh = await open(path, 'a+', 0o600);
      await repairTail(fh);
      return fh;
    });
    return handle;
  }

  return {
    append(entry) {
      const line = `${JSON.stringify(scrubSecrets(entry))}\n`;
      const next = chain.then(async () => {
        const fh = await fileHandle();
        await fh.write(line);
        await fh.datasync();
      });
      chain = next.catch(() => undefined);
      return next;
    },
    async readAll() {
      await chain;
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const out: JournalEntry[] = [];
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        try {
          out.push(JSON.parse(line) as JournalEntry);
        } catch {
          // A torn last line after a crash: everything before it is intact.
        }
      }
      return out;
    },
    async close() {
      await chain;
      if (handle) await (await handle).close();
      handle = undefined;
    },
  };
}

/** A journal kept in memory, for tests and for runs that must not write files. */
export function memoryJournal(): OrderJournal & { entries: JournalEntry[] } {
  const entries: JournalEntry[] = [];
  return {
    entries,
    async append(e) {
      entries.push(JSON.parse(JSON.stringify(scrubSecrets(e))) as JournalEntry);
    },
    async readAll() {
      return [...entries];
    },
    async close() {},
  };
}
