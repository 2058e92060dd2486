/**
 * Hostile input: what the renderer sends and what the broker answers are both untrusted.
 * (1) Malformed inputs on every IPC channel go through the composed app's real router: each
 * must come back as a typed error (`invalid-input` with the field), never `internal`, never
 * a throw, never reaching a handler; and hostile strings (control characters, U+2028, lone
 * surrogates, huge text, prototype keys) in every string field, where a well-formed input
 * must still never answer `internal` nor bring a control character or a lone surrogate to a
 * handler. (2) Mutated copies of real sandbox answers go through
 * every response normalizer, the market-data ones included (quotes, depth, order-socket
 * updates, binary price frames): each must give a clean model (valid against the IPC schema,
 * every number finite, no price or candle time after now + skew) or a typed BrokerError, never
 * another exception; acks are also fed what is not an object at all (null, a list, text).
 * Run per broker dialect: (2) and (3) read that dialect's answers and sockets (v3: its own
 * paths and data host, its order-socket messages and HSM binary frames); (1) runs once, in
 * v2's column: the app is not logged in for it, so no dialect is involved.
 */
import { run as runHostileFeed } from './support/hostile-feed';
import fc from 'fast-check';
import type { z } from 'zod';
import { channelNames, contract } from '../../shared/ipc/contract';
import { IpcError } from '../../shared/ipc/errors';
import { isBrokerError } from '../../electron/core/broker/broker-error';
import { MAX_FUTURE_SKEW_MS } from '../../electron/core/marketdata/broker-time';
import { BrokerDialectId, DEFAULT_DIALECT } from '../../shared/broker/dialect';
import { startComposedApp } from '../integration/app/composed-app';
import { futureTimes, outsideOwnRange } from './support/market-data-targets';
import { brokerAnswerTargets, mutate, NASTY } from './support/broker-answer-targets';

import {
  candleTimesAfter,
  HOSTILE_STRINGS,
  sendHostileStrings,
  type HostileStringCounts,
} from './support/hostile-strings';
import { zeroGoal, atLeast, type ProofContext, type ProofSection } from './types';

/** Proven on every broker dialect: each has its own answers and sockets. */
export const dialects = BrokerDialectId.options;

/** A small deterministic PRNG, so a failing seed can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** True when every number anywhere in `v` is finite. */
function allFinite(v: unknown, depth = 0): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (!v || typeof v !== 'object' || depth > 20) return true;
  return Object.values(v).every((x) => allFinite(x, depth + 1));
}

/** Random values of every kind structured clone can carry across Electron IPC. */
const anyValue = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
});

/** Runs the proof. */
export async function run(ctx: ProofContext): Promise<ProofSection> {
  const perChannel = ctx.size === 'fast' ? 300 : 10_000;
  const perNormalizer = ctx.size === 'fast' ? 500 : 10_000;
  const seed = 20261123;

  // (1) IPC: malformed inputs through the real router of the composed app.
  let ipcSent = 0;
  let ipcInternal = 0;
  let ipcUntyped = 0;
  let ipcReachedHandler = 0;
  let ipcThrew = 0;
  const ipcExamples: string[] = [];
  const perChannelStrings = ctx.size === 'fast' ? 40 : 400;
  let strings: HostileStringCounts = {
    sent: 0,
    channels: 0,
    wellFormed: 0,
    internal: 0,
    untyped: 0,
    unsafeReached: 0,
    threw: 0,
  };
  // Not logged in, the app calls no broker for these: one run serves every dialect (v2's column).
  const ipc = ctx.dialect === DEFAULT_DIALECT;
  if (ipc) {
    const app = await startComposedApp({ login: false });
    try {
      const pool = fc.sample(anyValue, { numRuns: 2_000, seed });
      for (const [i, name] of channelNames.entries()) {
        const schema = contract[name].input as z.ZodType;
        const shape = objectShape(schema);
        const rnd = prng(seed + i);
        let made = 0;
        for (let n = 0; made < perChannel && n < perChannel * 20; n++) {
          const input = hostileInput(shape, rnd, pool);
          if (schema.safeParse(input).success) continue; // well-formed: not this proof's subject
          made++;
          ipcSent++;
          let r;
          try {
            r = await app.dispatch(name, input);
          } catch {
            ipcThrew++;
            continue;
          }
          if (r.ok) ipcReachedHandler++;
          else if (r.error.kind === 'internal') ipcInternal++;
          else if (!IpcError.safeParse(r.error).success || r.error.kind !== 'invalid-input') {
            ipcUntyped++;
            if (ipcExamples.length < 5) ipcExamples.push(`${name}: ${JSON.stringify(r.error)}`);
          }
        }
      }

      // (1b) Hostile strings in every string field of every object input.
      strings = await sendHostileStrings(app, {
        perChannel: perChannelStrings,
        seed: seed + 5000,
        prng,
        objectShape,
        examples: ipcExamples,
      });
    } finally {
      await app.close();
    }
  }

  // (2) Response normalizers: mutated real answers.
  const pool = fc.sample(anyValue, { numRuns: 2_000, seed: seed + 1 });
  const targets = await brokerAnswerTargets(pool, ctx.dialect);
  let normRuns = 0;
  let escapes = 0;
  let nonFinite = 0;
  let outsideModel = 0;
  let typedRefusals = 0;
  let futureTimed = 0;
  let futureCandles = 0;
  let outOfRange = 0;
  const normExamples: string[] = [];
  for (const [i, t] of targets.entries()) {
    const rnd = prng(seed + 1000 + i);
    for (let n = 0; n < perNormalizer; n++) {
      const raw = t.mutate ? t.mutate(t.seed, rnd) : mutate(t.seed, rnd, pool);
      normRuns++;
      let out: unknown;
      try {
        out = t.run(raw);
      } catch (err) {
        if (isBrokerError(err)) typedRefusals++;
        else {
          escapes++;
          if (normExamples.length < 5) normExamples.push(`${t.name}: ${String(err).slice(0, 200)}`);
        }
        continue;
      }
      if (candleTimesAfter(out, Date.now() + MAX_FUTURE_SKEW_MS) > 0) {
        futureCandles++;
        if (normExamples.length < 5) normExamples.push(`${t.name}: a candle after now + skew`);
      }
      if (futureTimes(out, Date.now()) > 0) {
        futureTimed++;
        if (normExamples.length < 5) normExamples.push(`${t.name}: a price time after now + skew`);
      }
      if (t.bandChecked && outsideOwnRange(out) > 0) {
        outOfRange++;
        if (normExamples.length < 5) normExamples.push(`${t.name}: a price outside its day range`);
      }
      if (!allFinite(out)) nonFinite++;
      else if (!t.model.safeParse(out).success) {
        outsideModel++;
        if (normExamples.length < 5)
          normExamples.push(
            `${t.name}: outside the model: ${JSON.stringify(t.model.safeParse(out).error?.issues[0])?.slice(0, 300)}`,
          );
      }
    }
  }
  for (const e of [...ipcExamples, ...normExamples]) ctx.log(e);

  // (3) A hostile market-data feed through the composed app (support/hostile-feed.ts).
  const feed = await runHostileFeed(ctx);
  const ipcFigures = () => [
    atLeast('malformed IPC inputs sent', ipcSent, channelNames.length * perChannel),
    zeroGoal('IPC answers `internal`', ipcInternal),
    zeroGoal('IPC errors not typed invalid-input', ipcUntyped),
    zeroGoal('malformed IPC inputs that reached a handler', ipcReachedHandler),
    zeroGoal('IPC dispatches that threw', ipcThrew + strings.threw),
    atLeast('inputs with hostile strings sent', strings.sent, strings.channels * perChannelStrings),
    zeroGoal('hostile-string inputs answered `internal`', strings.internal),
    zeroGoal('hostile-string inputs answered an untyped error', strings.untyped),
    zeroGoal('control characters / lone surrogates that reached a handler', strings.unsafeReached),
  ];

  return {
    title: 'Hostile input',
    figures: [
      ...(ipc ? ipcFigures() : []),
      atLeast('mutated broker answers normalized', normRuns, targets.length * perNormalizer),
      zeroGoal('normalizer escapes (not a BrokerError)', escapes),
      zeroGoal('non-finite numbers out of a normalizer', nonFinite),
      zeroGoal('price times after now + clock skew', futureTimed),
      zeroGoal('candle times after now + clock skew', futureCandles),
      zeroGoal('socket prices outside their own day range', outOfRange),
      zeroGoal('normalizer outputs outside the IPC model', outsideModel),
      ...feed.figures,
    ],
    notes: [
      ...(ipc
        ? [
            `${channelNames.length} channels × ${perChannel} malformed inputs (fast-check values incl. bigint, Map, Date, typed arrays, null-prototype objects, plus the channel's own keys with hostile values), seed ${seed}`,
            `${strings.channels} channels with object inputs × ${perChannelStrings} inputs of hostile strings (${HOSTILE_STRINGS.length} kinds: C0/DEL/C1 controls, U+2028/2029, lone surrogates, 1 MB text, prototype keys); ${strings.wellFormed} of them well-formed by the channel's schema`,
          ]
        : [
            `IPC inputs not repeated on ${ctx.dialect}: the app is not logged in for them, so they reach no dialect (see ${DEFAULT_DIALECT}'s column)`,
          ]),
      `${targets.length} normalizers of ${ctx.dialect}'s answers (account, orders, eDIS, acks fed non-objects too, history candles stamped far ahead; market data: ${targets
        .slice(-(ctx.dialect === DEFAULT_DIALECT ? 4 : 5))
        .map((t) => t.name)
        .join(
          ', ',
        )}) × ${perNormalizer} mutations of real sandbox answers (frames byte- and value-level); ${typedRefusals} refused with a typed BrokerError`,
      ...feed.notes,
    ],
    json: { examples: [...ipcExamples, ...normExamples] },
  };
}

/** The keys of an object input schema (through optional/default wrappers), or null. */
function objectShape(schema: z.ZodType): string[] | null {
  let s: unknown = schema;
  for (let i = 0; i < 4; i++) {
    const def = (s as { _zod?: { def?: { type?: string; shape?: object; innerType?: unknown } } })
      ._zod?.def;
    if (!def) return null;
    if (def.type === 'object' && def.shape) return Object.keys(def.shape);
    if (!def.innerType) return null;
    s = def.innerType;
  }
  return null;
}

/** A random input: any value, or the channel's own keys filled with hostile values. */
function hostileInput(shape: string[] | null, rnd: () => number, pool: unknown[]): unknown {
  const r = rnd();
  if (!shape || r < 0.4)
    return r < 0.2
      ? NASTY[Math.floor(rnd() * NASTY.length)]
      : pool[Math.floor(rnd() * pool.length)];
  const out: Record<string, unknown> = {};
  for (const k of shape) {
    if (rnd() < 0.15) continue;
    out[k] =
      rnd() < 0.5 ? NASTY[Math.floor(rnd() * NASTY.length)] : pool[Math.floor(rnd() * pool.length)];
  }
  if (rnd() < 0.1) out.__proto__ = { admin: true };
  return out;
}
