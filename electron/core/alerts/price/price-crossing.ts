/**
 * The rule a price alert fires by, pure so the unit tests can walk it tick by tick: the
 * watched figure (the last price, or its % change from the previous close) crossing the
 * alert's level between the last trusted price seen and this one. Crossing, not being past:
 * each side of the level is judged from two prices, so a price that jumps clean across the
 * level between two ticks (a gap, or a tick lost while the feed was down) still crosses,
 * once, and a price that stays past the level does not fire again. A repeating alert waits
 * out its cooldown after it fires; crossings in the cooldown are seen (they move the
 * baseline) but do not fire.
 */
import { isChangeCondition, type PriceAlert } from '../../../../shared/alerts/price-alert';
import type { Quote } from '../../../../shared/marketdata/quote';

/** What the evaluator remembers of one alert between ticks (memory only, never stored). */
export interface CrossingState {
  /** The watched figure at the last trusted price, or null before the first one. */
  last: number | null;
  /** Prices stamped before this (the alert's creation, resume or modification) prove nothing. */
  since: number;
}

/** The figure an alert watches in a quote: the price, or its % change; null when unknown. */
export function watchedFigure(
  alert: Pick<PriceAlert, 'condition'>,
  q: Pick<Quote, 'ltp' | 'prevClose'>,
): number | null {
  if (!isChangeCondition(alert.condition)) return q.ltp;
  if (q.prevClose === null || !(q.prevClose > 0)) return null;
  return ((q.ltp - q.prevClose) / q.prevClose) * 100;
}

/** True when going from `before` to `now` crosses the alert's level in its direction. */
export function crosses(
  alert: Pick<PriceAlert, 'condition' | 'value'>,
  before: number,
  now: number,
): boolean {
  const upward = alert.condition === 'price-above' || alert.condition === 'change-above';
  return upward
    ? before < alert.value && now >= alert.value
    : before > alert.value && now <= alert.value;
}

/** True while a repeating alert is still waiting out its cooldown after its last firing. */
export function coolingDown(
  alert: Pick<PriceAlert, 'repeat' | 'cooldownMinutes' | 'lastFiredAt'>,
  now: number,
): boolean {
  return (
    alert.repeat &&
    alert.lastFiredAt !== null &&
    now - alert.lastFiredAt < alert.cooldownMinutes * 60_000
  );
}

/**
 * One trusted price for an active alert: moves the state's baseline and answers whether the
 * alert fires now. A price older than `state.since` is ignored (it predates the alert).
 */
export function step(
  alert: PriceAlert,
  state: CrossingState,
  q: Pick<Quote, 'ltp' | 'prevClose' | 'at'>,
  now: number,
): boolean {
  if (alert.status !== 'active' || q.at < state.since) return false;
  const figure = watchedFigure(alert, q);
  if (figure === null || !Number.isFinite(figure)) return false;
  const before = state.last;
  state.last = figure;
  if (before === null || !crosses(alert, before, figure)) return false;
  return !coolingDown(alert, now);
}
