import { LineStyle, type IPriceLine, type ISeriesApi, type SeriesType } from 'lightweight-charts';
import type { ChartColours } from './chart-base';
import { formatPrice } from '../../../shared/format/price';
import { lineAt, onTick, type ChartLevel, type ChartLevelStyle } from './chart-levels';

/**
 * Draws chart levels (alerts, GTT triggers) as the chart library's own price lines on the
 * candle series, and lets the trader drag an alert's line. Lines are kept by level key and
 * changed in place (`applyOptions`), so a live update moves, restyles or removes one line
 * without redrawing the others. The drag listens before the library does (capture phase),
 * so grabbing a line neither pans the chart nor counts as a click at a price level.
 */

/** A line as it is on the chart now: what the accessible list shows. */
export interface DrawnLevel {
  key: string;
  price: number;
  title: string;
  style: ChartLevelStyle;
}

/** Line colour, style and width of each kind of level. */
function look(style: ChartLevelStyle, c: ChartColours) {
  switch (style) {
    case 'alert':
      return { color: c.accent, lineStyle: LineStyle.Solid, lineWidth: 2 as const };
    case 'alert-paused':
      return { color: c.text, lineStyle: LineStyle.Dashed, lineWidth: 1 as const };
    case 'gtt-target':
      return { color: c.gain, lineStyle: LineStyle.SparseDotted, lineWidth: 2 as const };
    case 'gtt-stop':
      return { color: c.loss, lineStyle: LineStyle.SparseDotted, lineWidth: 2 as const };
    case 'gtt-single':
      return { color: c.text, lineStyle: LineStyle.SparseDotted, lineWidth: 2 as const };
  }
}

/** The price lines of one series, by level key. */
export class LevelLines {
  #lines = new Map<string, { line: IPriceLine; level: ChartLevel }>();
  #series: ISeriesApi<SeriesType>;
  #colours: ChartColours;

  constructor(series: ISeriesApi<SeriesType>, colours: ChartColours) {
    this.#series = series;
    this.#colours = colours;
  }

  /**
   * Draws exactly `levels` (a moved one at its `moving` price, titled with an arrow), and
   * answers what is drawn now.
   */
  draw(
    levels: readonly ChartLevel[],
    moving: { key: string; price: number } | null,
    tick: number,
  ): DrawnLevel[] {
    const keep = new Set(levels.map((l) => l.key));
    for (const [key, { line }] of this.#lines)
      if (!keep.has(key)) {
        this.#series.removePriceLine(line);
        this.#lines.delete(key);
      }
    for (const level of levels) {
      const moved = moving?.key === level.key ? moving.price : null;
      const options = {
        price: moved ?? level.price,
        title: moved === null ? level.title : `${level.title} → ${formatPrice(moved, tick)}`,
        axisLabelVisible: true,
        ...look(level.style, this.#colours),
      };
      const had = this.#lines.get(level.key);
      if (had) {
        had.line.applyOptions(options);
        had.level = level;
      } else this.#lines.set(level.key, { line: this.#series.createPriceLine(options), level });
    }
    return this.drawn();
  }

  /** The lines as the library holds them (price and title read back from each line). */
  drawn(): DrawnLevel[] {
    return [...this.#lines.values()].map(({ line, level }) => {
      const o = line.options();
      return { key: level.key, price: o.price, title: o.title, style: level.style };
    });
  }

  /** The prices the lines stand at now (the price scale keeps them in view). */
  prices(): number[] {
    return [...this.#lines.values()].map(({ line }) => line.options().price);
  }

  /** New theme colours: every line restyled. */
  recolour(c: ChartColours): void {
    this.#colours = c;
    for (const { line, level } of this.#lines.values()) line.applyOptions(look(level.style, c));
  }

  /** The movable (alert) line within a few pixels of `y`, or null. */
  movableAt(y: number): string | null {
    const ys = [...this.#lines.values()]
      .filter(({ level }) => level.alert !== null)
      .map(({ line, level }) => ({
        key: level.key,
        y: this.#series.priceToCoordinate(line.options().price),
      }));
    return lineAt(y, ys);
  }

  /** The price at `y` on the tick grid, or null off the scale. */
  priceAt(y: number, tick: number): number | null {
    const p = this.#series.coordinateToPrice(y);
    return p === null ? null : onTick(p, tick);
  }

  /** Shows `key` at `price` while it is being dragged. */
  preview(key: string, price: number, tick: number): void {
    const had = this.#lines.get(key);
    if (had)
      had.line.applyOptions({ price, title: `${had.level.title} → ${formatPrice(price, tick)}` });
  }

  dispose(): void {
    for (const { line } of this.#lines.values()) this.#series.removePriceLine(line);
    this.#lines.clear();
  }
}

/** What a drag on the chart reports. */
export interface LevelDragHandlers {
  /** Pressed on a line and let go without moving: select it (its row in the list). */
  picked(key: string): void;
  /** Dragged a line to `price` (on the tick grid): ask to keep it or undo. */
  dropped(key: string, price: number): void;
}

/**
 * Lets the trader grab an alert's line in `el` with the mouse and drag it. Answers the
 * function that stops listening.
 */
export function dragLevels(
  el: HTMLElement,
  lines: () => LevelLines | null,
  tick: () => number,
  on: LevelDragHandlers,
): () => void {
  const MOVE_PX = 3;
  const yOf = (e: MouseEvent) => e.clientY - el.getBoundingClientRect().top;
  let grab: { key: string; y0: number; price: number | null } | null = null;

  const move = (e: MouseEvent) => {
    const l = lines();
    if (!grab || !l) return;
    const y = yOf(e);
    if (grab.price === null && Math.abs(y - grab.y0) < MOVE_PX) return;
    const p = l.priceAt(y, tick());
    if (p === null) return;
    grab.price = p;
    l.preview(grab.key, p, tick());
    e.preventDefault();
  };
  const up = () => {
    document.removeEventListener('mousemove', move, true);
    document.removeEventListener('mouseup', up, true);
    const g = grab;
    grab = null;
    if (!g) return;
    if (g.price === null) on.picked(g.key);
    else on.dropped(g.key, g.price);
  };
  const down = (e: MouseEvent) => {
    const l = lines();
    if (e.button !== 0 || !l) return;
    const key = l.movableAt(yOf(e));
    if (!key) return;
    // The line is grabbed: the chart neither pans nor takes it as a click at a level.
    e.stopPropagation();
    e.preventDefault();
    grab = { key, y0: yOf(e), price: null };
    document.addEventListener('mousemove', move, true);
    document.addEventListener('mouseup', up, true);
  };
  // Over a movable line the pointer says so (a resize cursor) and the frame names the line.
  const hover = (e: MouseEvent) => {
    if (grab) return;
    const key = lines()?.movableAt(yOf(e)) ?? null;
    el.classList.toggle('chart-box-grab', key !== null);
    el.dataset.levelHover = key ?? '';
  };
  // A right-click on an alert's line selects its row, where Modify…, Pause and Delete are.
  const menu = (e: MouseEvent) => {
    const key = lines()?.movableAt(yOf(e)) ?? null;
    if (!key) return;
    e.preventDefault();
    on.picked(key);
  };
  el.addEventListener('mousedown', down, true);
  el.addEventListener('mousemove', hover, true);
  el.addEventListener('contextmenu', menu, true);
  return () => {
    el.removeEventListener('mousedown', down, true);
    el.removeEventListener('mousemove', hover, true);
    el.removeEventListener('contextmenu', menu, true);
    document.removeEventListener('mousemove', move, true);
    document.removeEventListener('mouseup', up, true);
  };
}
