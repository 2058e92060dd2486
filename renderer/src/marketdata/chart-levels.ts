import {
  describeCondition,
  isChangeCondition,
  type PriceAlert,
  type PriceAlertsView,
} from '../../../shared/alerts/price-alert';
import { Side } from '../../../shared/broker/enums';
import type { GttView } from '../../../shared/broker/gtt';

/**
 * The price levels the candle chart draws over a symbol's candles (issue 21 #2): its waiting
 * price alerts (active or paused; a triggered one is done and not drawn) and its active GTT
 * triggers (read-only). Pure, so what is drawn is decided in one place the chart, its
 * accessible list and the unit tests share; the chart only turns these into price lines.
 */

/** How a level is drawn: a waiting alert, a paused one (dimmed, dashed), a GTT leg's trigger. */
export type ChartLevelStyle = 'alert' | 'alert-paused' | 'gtt-target' | 'gtt-stop' | 'gtt-single';

/** One horizontal line on the chart. */
export interface ChartLevel {
  /** Unique on the chart: `alert:<id>`, or `gtt:<id>:leg1` / `gtt:<id>:leg2`. */
  key: string;
  price: number;
  style: ChartLevelStyle;
  /** The short title drawn beside the line on the price axis. */
  title: string;
  /** The full words for the accessible list ("Alert: Price crosses above ₹1,530, paused"). */
  words: string;
  /** The alert behind the line (modify, pause, delete, drag); null for a GTT trigger. */
  alert: PriceAlert | null;
}

/** What the chart draws for a symbol, and what it cannot draw, in words. */
export interface ChartLevelsPicture {
  levels: ChartLevel[];
  /** Alerts on the % change of this symbol, which have no fixed price to draw. */
  undrawn: number;
}

const inr = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 4 })}`;

/** A waiting price alert of `symbol` as a line (null: a % change alert, or one that fired). */
export function alertLevel(a: PriceAlert): ChartLevel | null {
  if (a.status === 'triggered' || isChangeCondition(a.condition)) return null;
  const up = a.condition === 'price-above';
  const paused = a.status === 'paused';
  return {
    key: `alert:${a.id}`,
    price: a.value,
    style: paused ? 'alert-paused' : 'alert',
    title: `Alert ${up ? '↑' : '↓'}${paused ? ' (paused)' : ''}`,
    words: `Alert: ${describeCondition(a)}${paused ? ', paused' : ''}${a.note ? ` (${a.note})` : ''}`,
    alert: a,
  };
}

/** Every level of `symbol`: its waiting alerts, then its active GTTs' triggers, each sorted by price, highest first. */
export function chartLevels(
  symbol: string | null,
  alerts: PriceAlertsView | null,
  gtts: GttView | null,
): ChartLevelsPicture {
  if (!symbol) return { levels: [], undrawn: 0 };
  const mine = (alerts?.alerts ?? []).filter((a) => a.symbol === symbol);
  const levels: ChartLevel[] = [];
  let undrawn = 0;
  for (const a of mine) {
    const l = alertLevel(a);
    if (l) levels.push(l);
    else if (a.status !== 'triggered') undrawn++;
  }
  if (gtts?.available) {
    for (const g of gtts.gtts) {
      if (g.symbol !== symbol || g.status !== 'active') continue;
      const side = g.side === Side.Buy ? 'BUY' : 'SELL';
      const legs = g.leg2
        ? ([
            ['leg1', 'target', g.leg1],
            ['leg2', 'stop', g.leg2],
          ] as const)
        : ([['leg1', null, g.leg1]] as const);
      for (const [name, leg, l] of legs) {
        const what = leg ? `${side} ${leg}` : side;
        levels.push({
          key: `gtt:${g.id}:${name}`,
          price: l.triggerPrice,
          style: leg === 'target' ? 'gtt-target' : leg === 'stop' ? 'gtt-stop' : 'gtt-single',
          title: `GTT ${what}`,
          words: `GTT ${g.id} ${what} leg: triggers at ${inr(l.triggerPrice)}, ${side} ${l.qty} at ${inr(l.limitPrice)}`,
          alert: null,
        });
      }
    }
  }
  levels.sort((a, b) => b.price - a.price || a.key.localeCompare(b.key));
  return { levels, undrawn };
}

/** A price moved by `steps` ticks, on the tick grid and above zero (the keyboard's move). */
export function stepPrice(price: number, steps: number, tick: number): number {
  const t = tick > 0 ? tick : 0.05;
  const d = String(t).split('.')[1]?.length ?? 0;
  const n = Math.round(price / t) + steps;
  return Number((Math.max(1, n) * t).toFixed(d));
}

/** A dragged-to level on the tick grid (the drag's drop), or null when not a usable price. */
export function onTick(price: number, tick: number): number | null {
  if (!Number.isFinite(price) || price <= 0) return null;
  return stepPrice(price, 0, tick);
}

/**
 * The line under the pointer: the nearest of `ys` (each line's y on the chart, null when off
 * the visible scale) within `slop` pixels of `y`, or null.
 */
export function lineAt(
  y: number,
  ys: readonly { key: string; y: number | null }[],
  slop = 5,
): string | null {
  let best: string | null = null;
  let dist = slop + 1;
  for (const l of ys) {
    if (l.y === null) continue;
    const d = Math.abs(l.y - y);
    if (d <= slop && d < dist) {
      best = l.key;
      dist = d;
    }
  }
  return best;
}
