/**
 * Structured JSON-lines logger for the main process.
 *
 * Every record is redacted before any sink sees it, so sinks (ring buffer, file, console)
 * never hold a secret and a support bundle can be built straight from them.
 */
import { processSecretRegistry, redactText, redactValue, type SecretRegistry } from './redact';

/** Severity order; records below the logger's level are dropped before redaction. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
/** One of the four levels; the file sink and the ring buffer keep them all. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The shape every core service logs through; structural so fakes are trivial. */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** A logger that tags each record with a scope (`auth`, `session.timer`) for filtering. */
  child(scope: string): Logger;
}

/** Receives finished, redacted JSON lines (no trailing newline). */
export interface LogSink {
  write(line: string, level: LogLevel): void;
}

/** Options of `createLogger`; the clock is injected so tests get stable timestamps. */
export interface LoggerOptions {
  sinks: LogSink[];
  clock?: { now(): number };
  level?: LogLevel;
  /** Known secret values to scrub; defaults to the process-wide registry. */
  registry?: SecretRegistry;
  scope?: string;
}

/** Build the app's logger; redaction happens here, once, for every sink. */
export function createLogger(opts: LoggerOptions): Logger {
  const clock = opts.clock ?? { now: () => Date.now() };
  const minIndex = LOG_LEVELS.indexOf(opts.level ?? 'info');
  const registry = opts.registry ?? processSecretRegistry;

  const make = (scope: string | undefined): Logger => {
    const emit = (level: LogLevel, msg: string, fields?: Record<string, unknown>): void => {
      if (LOG_LEVELS.indexOf(level) < minIndex) return;
      const record: Record<string, unknown> = {
        ts: new Date(clock.now()).toISOString(),
        level,
        ...(scope ? { scope } : {}),
        msg: redactText(String(msg), registry),
      };
      if (fields) {
        const clean = redactValue(fields, registry) as Record<string, unknown>;
        for (const [k, v] of Object.entries(clean)) {
          if (!(k in record)) record[k] = v;
          else record[`field_${k}`] = v;
        }
      }
      let line: string;
      try {
        line = JSON.stringify(record);
      } catch {
        line = JSON.stringify({
          ts: record.ts,
          level,
          scope,
          msg: record.msg,
          note: 'fields not serializable',
        });
      }
      for (const sink of opts.sinks) {
        try {
          sink.write(line, level);
        } catch {
          // A broken sink must never take the app down with it.
        }
      }
    };
    return {
      debug: (m, f) => emit('debug', m, f),
      info: (m, f) => emit('info', m, f),
      warn: (m, f) => emit('warn', m, f),
      error: (m, f) => emit('error', m, f),
      child: (s) => make(scope ? `${scope}.${s}` : s),
    };
  };
  return make(opts.scope);
}

/**
 * Writes each finished (already redacted) line to stderr: for development runs and the
 * harness, where a person watches the terminal. The only way main-process code reaches a
 * terminal; `console.*` is refused by lint in electron/.
 */
export const stderrSink: LogSink = {
  write: (line) => {
    process.stderr.write(`${line}\n`);
  },
};

/** A logger that drops everything: the default for services constructed without one. */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
};

/** Recent log lines kept in memory so a support bundle has them even without a file. */
export interface RingBufferSink extends LogSink {
  lines(): string[];
  clear(): void;
}

/** Build a fixed-size in-memory sink; old lines fall off as new ones arrive. */
export function createRingBufferSink(capacity = 2000): RingBufferSink {
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError('ring buffer capacity must be >= 1');
  const buf: string[] = new Array<string>(capacity);
  let next = 0;
  let size = 0;
  return {
    write(line) {
      buf[next] = line;
      next = (next + 1) % capacity;
      if (size < capacity) size++;
    },
    lines() {
      const out: string[] = [];
      const start = (next - size + capacity) % capacity;
      for (let i = 0; i < size; i++) out.push(buf[(start + i) % capacity] as string);
      return out;
    },
    clear() {
      next = 0;
      size = 0;
    },
  };
}
