/**
 * The hostile-input proof's widened generators (issue 18 #7): strings zod's `z.string()`
 * accepts but that are not text, times far in the future, and the IPC run that puts the
 * strings into every field of every object input, well-formed or not. Kept apart so the
 * proof file stays one page of sections.
 */
import type { z } from 'zod';
import { channelNames, contract } from '../../../shared/ipc/contract';
import { IpcError } from '../../../shared/ipc/errors';
import { unsafeTextReason } from '../../../shared/ipc/text';
import type { ComposedApp } from '../../integration/app/composed-app';

/**
 * Strings a renderer (or a hostile page) can send that zod's `z.string()` accepts: every C0
 * control, DEL, C1, the Unicode line and paragraph separators, lone surrogates either way
 * round, a huge string, prototype keys, and look-alike text.
 */
export const HOSTILE_STRINGS: string[] = [
  ...Array.from({ length: 32 }, (_, c) => `/watch${String.fromCharCode(c)}x`),
  '\u007f',
  '/a\u0085b',
  '\u2028',
  '/orders\u2029',
  '\ud800',
  'x\udbff',
  '\udc00x',
  '\udfff\ud800',
  'x'.repeat(1_000_000),
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '\u202e/tcelfer',
  '\ufeff/orders',
  'NSE:SBIN-EQ\u0000',
];

/** Times far in the future, in seconds and in milliseconds (2100, 3000, the largest Date). */
export const FAR_FUTURE: number[] = [4_102_444_800, 32_503_680_000, 4_102_444_800_000, 8.64e15];

/** Candles in a normalizer's output starting after `limitMs` (epoch ms). */
export function candleTimesAfter(v: unknown, limitMs: number): number {
  const candles = (v as { candles?: unknown } | null)?.candles;
  if (!Array.isArray(candles)) return 0;
  return candles.filter(
    (c) =>
      typeof (c as { time?: unknown }).time === 'number' &&
      (c as { time: number }).time * 1000 > limitMs,
  ).length;
}

/** What the hostile-string run counted. */
export interface HostileStringCounts {
  /** Channels with an object input (the ones that have fields to fill). */
  channels: number;
  sent: number;
  /** Inputs the channel's schema accepts as they are. */
  wellFormed: number;
  internal: number;
  untyped: number;
  /** Inputs with a control character or lone surrogate in a field that a handler answered. */
  unsafeReached: number;
  threw: number;
}

/**
 * Hostile strings in every string field of every object input, whether or not the schema
 * takes them: never `internal`, never a throw, and a control character or a lone surrogate
 * never reaches a handler (the router refuses it, typed).
 */
export async function sendHostileStrings(
  app: ComposedApp,
  opts: {
    perChannel: number;
    seed: number;
    prng: (seed: number) => () => number;
    objectShape: (schema: z.ZodType) => string[] | null;
    examples: string[];
  },
): Promise<HostileStringCounts> {
  const c: HostileStringCounts = {
    channels: 0,
    sent: 0,
    wellFormed: 0,
    internal: 0,
    untyped: 0,
    unsafeReached: 0,
    threw: 0,
  };
  for (const [i, name] of channelNames.entries()) {
    const schema = contract[name].input as z.ZodType;
    const shape = opts.objectShape(schema);
    if (!shape) continue;
    c.channels++;
    const rnd = opts.prng(opts.seed + i);
    for (let n = 0; n < opts.perChannel; n++) {
      const input: Record<string, unknown> = {};
      for (const k of shape) {
        if (rnd() < 0.2) continue;
        input[k] = HOSTILE_STRINGS[Math.floor(rnd() * HOSTILE_STRINGS.length)];
      }
      if (rnd() < 0.1) input[HOSTILE_STRINGS[Math.floor(rnd() * HOSTILE_STRINGS.length)]!] = 'x';
      c.sent++;
      if (schema.safeParse(input).success) c.wellFormed++;
      // What a handler would see: the channel's own fields (zod drops unknown keys).
      const unsafe = shape.some(
        (k) => typeof input[k] === 'string' && unsafeTextReason(input[k]) !== null,
      );
      let r;
      try {
        r = await app.dispatch(name, input);
      } catch {
        c.threw++;
        continue;
      }
      const shown = () => `${name} ${JSON.stringify(input).slice(0, 120)}`;
      if (!r.ok && r.error.kind === 'internal') {
        c.internal++;
        if (opts.examples.length < 5) opts.examples.push(`${shown()}: internal`);
      } else if (!r.ok && !IpcError.safeParse(r.error).success) c.untyped++;
      else if (unsafe && (r.ok || r.error.kind !== 'invalid-input')) {
        c.unsafeReached++;
        if (opts.examples.length < 5) opts.examples.push(`${shown()}: reached the handler`);
      }
    }
  }
  return c;
}
