/**
 * The value checks the v3 data socket's packets must pass before the decoder believes them:
 * the same promises the v2 packet decoder keeps (packet-decoder.ts), read through the field
 * map's keys. A price scale that is not a plain power of ten up to 10^8, a traded price at
 * or below zero, a negative price or count, a time at or below zero, or a last price outside
 * the day's range is corruption, not news:
 * the packet is refused by reason and the topic keeps its last good values.
 */
import { hsmHasValue } from '../../../../shared/marketdata/v3/hsm-frames';
import { HSM_INDEX_TIME_SHIFT_S, HsmTopic } from '../../../../shared/marketdata/v3/hsm-protocol';

/** Why a packet of the data socket was refused (counted like v2's malformed packets). */
export type HsmRejectReason = 'hsm-bad-price-scale' | 'hsm-bad-price' | 'hsm-bad-time';

/** The largest price scale believed, as v2's (`isPriceScale`): 10^8. */
const MAX_SCALE = 100_000_000;

/** Scrip keys that are prices or counts: never negative. */
const SCRIP_NON_NEGATIVE = [
  'v', 'bq', 'bs', 'bp', 'sp', 'ltq', 'tbq', 'tsq', 'ap', 'oi', 'lo', 'h', 'yh', 'yl', 'lcl',
  'ucl', 'op', 'c',
]; // prettier-ignore
const INDEX_NON_NEGATIVE = ['ic', 'highPrice', 'lowPrice', 'openingPrice'];

/** The scale of a snapshot's prices, or the reason it is not one. */
export function hsmScale(p: { multiplier: number; precision: number }): number | HsmRejectReason {
  if (!(p.multiplier >= 1) || p.precision > 8) return 'hsm-bad-price-scale';
  const scale = p.multiplier * 10 ** p.precision;
  if (scale > MAX_SCALE) return 'hsm-bad-price-scale';
  let v = scale;
  while (v % 10 === 0) v /= 10;
  return v === 1 ? scale : 'hsm-bad-price-scale';
}

/**
 * Checks a topic's values after a packet was applied (`values`, in the map's `keys` order).
 * The last price must lie in the day's range while that range is known: a lite packet carries the last price alone, so after one the high and low held from
 * earlier may be stale (a new high) until a snapshot, or a full update carrying both, restates
 * them (`rangeKnown` false; the decoder then gives no high or low at all).
 */
export function checkHsmValues(
  prefix: string,
  keys: readonly string[],
  values: readonly number[],
  rangeKnown: boolean,
): HsmRejectReason | null {
  const get = (k: string) => {
    const at = keys.indexOf(k);
    const v = at < 0 ? undefined : values[at];
    return hsmHasValue(v) ? v : undefined;
  };
  if (prefix === HsmTopic.Depth)
    return values.some((v) => hsmHasValue(v) && v < 0) ? 'hsm-bad-price' : null;
  const isIndex = prefix === HsmTopic.Index;
  const ltp = get(isIndex ? 'iv' : 'ltp');
  if (ltp !== undefined && ltp <= 0) return 'hsm-bad-price';
  for (const k of isIndex ? INDEX_NON_NEGATIVE : SCRIP_NON_NEGATIVE)
    if ((get(k) ?? 0) < 0) return 'hsm-bad-price';
  for (const k of isIndex ? ['tvalue'] : ['fdtm', 'ltt']) {
    const t = get(k);
    if (t !== undefined && t <= (isIndex ? HSM_INDEX_TIME_SHIFT_S : 0)) return 'hsm-bad-time';
  }
  if (ltp === undefined) return null;
  const outside = (lowKey: string, highKey: string) => {
    const lo = get(lowKey) ?? 0;
    const hi = get(highKey) ?? 0;
    return lo > 0 && hi > 0 && (lo > hi || ltp < lo || ltp > hi);
  };
  // As v2: the day's range, not the circuit band (a band widened during the day may reach
  // the client later than the first trade beyond the old one: that trade is news).
  if (rangeKnown && outside(isIndex ? 'lowPrice' : 'lo', isIndex ? 'highPrice' : 'h'))
    return 'hsm-bad-price';
  return null;
}
