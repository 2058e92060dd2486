import {
  ColorType,
  createChart,
  createOptionsChart,
  type IChartApi,
  type IChartApiBase,
  type UTCTimestamp,
} from 'lightweight-charts';
import { IST_OFFSET_MS } from '../../../shared/format/ist';

/**
 * The charts' common ground: one chart library (TradingView Lightweight Charts, which draws
 * its own canvas; nothing here draws by hand), coloured from the app's theme variables and
 * re-coloured when the theme changes, and the IST time axis.
 */

/** The library shows its times as UTC: shifting by IST's fixed offset (India has no DST) shows exchange time. */
export function chartTime(epochSeconds: number): UTCTimestamp {
  return (epochSeconds + IST_OFFSET_MS / 1000) as UTCTimestamp;
}

function themeColours() {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    panel: v('--panel', '#151b23'),
    text: v('--muted', '#8a94a3'),
    grid: v('--line-soft', 'rgba(38, 48, 64, 0.6)'),
    line: v('--line', '#263040'),
    gain: v('--buy-text', '#4ade80'),
    loss: v('--sell-text', '#f87171'),
    accent: v('--accent-2', '#60a5fa'),
  };
}

/** The theme's colours as the chart needs them. */
export type ChartColours = ReturnType<typeof themeColours>;

/**
 * A chart in `el`, sized to it and coloured by the theme; `recolour` runs on `restyle` (call it
 * once the series exist) and whenever the theme changes, so series colours follow too.
 */
export function themedChart(
  el: HTMLElement,
  recolour: (c: ChartColours) => void,
): { chart: IChartApi; restyle: () => void; dispose: () => void } {
  const chart = createChart(el, {
    autoSize: true,
    // The logo injects an inline <style>, which the renderer's CSP refuses; the charts screen
    // credits TradingView with a link of its own instead, as the library's licence asks.
    layout: { attributionLogo: false },
    timeScale: { timeVisible: true, secondsVisible: false },
    rightPriceScale: { borderVisible: false },
  });
  return followTheme(chart, recolour);
}

/**
 * A chart whose horizontal axis is a price, not a time (the library's options chart), for
 * the strategy payoff: the same theme colours and theme following as `themedChart`.
 */
export function themedPriceChart(
  el: HTMLElement,
  recolour: (c: ChartColours) => void,
): { chart: IChartApiBase<number>; restyle: () => void; dispose: () => void } {
  const chart = createOptionsChart(el, {
    autoSize: true,
    layout: { attributionLogo: false },
    rightPriceScale: { borderVisible: false },
  });
  return followTheme(chart, recolour);
}

/** What theme following needs of a chart, whatever its horizontal axis (method syntax: any chart fits). */
interface Themable {
  applyOptions(options: object): void;
  remove(): void;
}

/**
 * Colours a chart from the theme now and whenever the theme changes (the `data-theme`
 * attribute), whatever its horizontal axis: the time charts and the payoff chart share it.
 */
function followTheme<C extends Themable>(
  chart: C,
  recolour: (c: ChartColours) => void,
): { chart: C; restyle: () => void; dispose: () => void } {
  const apply = () => {
    const c = themeColours();
    chart.applyOptions({
      layout: { background: { type: ColorType.Solid, color: c.panel }, textColor: c.text },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      timeScale: { borderColor: c.line },
    });
    recolour(c);
  };
  const watch = new MutationObserver(apply);
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return {
    chart,
    restyle: apply,
    dispose() {
      watch.disconnect();
      chart.remove();
    },
  };
}
