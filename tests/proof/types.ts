/**
 * The shape every safety proof returns, so `npm run proof` prints one table of figures
 * against their goals and `npm test` runs the same proofs at a smaller size.
 */
import type { BrokerDialectId } from '../../shared/broker/dialect';

/** One measured figure and the goal it is held to. */
export interface ProofFigure {
  /** What was counted, e.g. "duplicate orders". */
  name: string;
  value: number;
  /** The goal in words, e.g. "0" or ">= 95%". */
  goal: string;
  /** Whether value meets the goal; the run fails when any figure does not. */
  met: boolean;
  unit?: string;
  /**
   * Set when the figure cannot exist on this dialect (GTT on API v2): the table shows these
   * words (e.g. "needs v3") instead of a value, and the figure counts as met.
   */
  notApplicable?: string;
}

/** What one proof file reports. */
export interface ProofSection {
  title: string;
  figures: ProofFigure[];
  /** How the figures were obtained (sizes, seeds, modes), printed under the table. */
  notes?: string[];
  /** Machine-readable details, written under this section's key when BENCH_JSON is set. */
  json?: Record<string, unknown>;
}

/** What the runner hands every proof. */
export interface ProofContext {
  /** 'fast' inside `npm test`; 'full' for `npm run proof` (the sizes the issue asks for). */
  size: 'fast' | 'full';
  /** The broker dialect the composed app runs Demo on (a section without `dialects`: v2). */
  dialect: BrokerDialectId;
  log(message: string): void;
}

/**
 * Each `tests/proof/*.proof.ts` exports this. A section that proves a promise of the broker
 * seam exports `dialects` too: the runner runs it once per dialect and prints a column each.
 */
export type ProofModule = {
  run(ctx: ProofContext): Promise<ProofSection>;
  dialects?: readonly BrokerDialectId[];
};

/** A figure whose goal is "exactly zero". */
export function zeroGoal(name: string, value: number): ProofFigure {
  return { name, value, goal: '0', met: value === 0 };
}

/** A figure whose goal is "at least `min`". */
export function atLeast(name: string, value: number, min: number, unit?: string): ProofFigure {
  return {
    name,
    value,
    goal: `>= ${min}${unit ?? ''}`,
    met: value >= min,
    ...(unit ? { unit } : {}),
  };
}

/** A figure whose goal is "at most `max`". */
export function atMost(name: string, value: number, max: number, unit?: string): ProofFigure {
  return {
    name,
    value,
    goal: `<= ${max}${unit ?? ''}`,
    met: value <= max,
    ...(unit ? { unit } : {}),
  };
}

/**
 * A figure whose goal is "between `min` and `max`": a share that must be used, not only kept
 * under its ceiling (a scheduler that starved would meet an "at most" goal too).
 */
export function within(
  name: string,
  value: number,
  min: number,
  max: number,
  unit?: string,
): ProofFigure {
  return {
    name,
    value,
    goal: `${min}-${max}${unit ?? ''}`,
    met: value >= min && value <= max,
    ...(unit ? { unit } : {}),
  };
}

/**
 * `figures` as they stand on a dialect that lacks the feature they measure: the same names and
 * goals, no value, `why` in the value's place ("needs v3"), met (nothing there to miss).
 */
export function notApplicable(figures: readonly ProofFigure[], why: string): ProofFigure[] {
  return figures.map((f) => ({ ...f, value: 0, met: true, notApplicable: why }));
}
