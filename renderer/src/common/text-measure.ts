/**
 * Text widths without laying anything out: a canvas's measureText in the page's own font,
 * cached per (font, text). The virtual grids size their columns from their rows' text with
 * it (a virtual grid's rows are laid out one by one, so CSS cannot size a column to the
 * widest cell: issue 17 #9, "Type reads Ma…" while Symbol took half the width).
 */

/** The width in CSS px of `text` drawn in `font` (a CSS font shorthand without the family). */
export type Measure = (text: string, font: string) => number;

/**
 * A measure backed by one canvas and the body's font family. Where no canvas context exists
 * (a test without a browser), widths fall back to 0.6 em per character.
 */
export function createMeasure(): Measure {
  const ctx =
    typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  const family =
    typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily;
  const cache = new Map<string, number>();
  return (text, font) => {
    const key = `${font}|${text}`;
    let w = cache.get(key);
    if (w === undefined) {
      if (ctx) {
        ctx.font = `${font} ${family}`;
        w = ctx.measureText(text).width;
      } else
        w =
          text.length *
          0.6 *
          (Number.parseFloat(font.split(' ').find((p) => p.endsWith('px')) ?? '13') || 13);
      // Distinct texts are bounded by the day's symbols and labels; numbers are measured as
      // digit runs by the callers, so the cache stays small.
      if (cache.size > 5_000) cache.clear();
      cache.set(key, w);
    }
    return w;
  };
}

/** A run of `n` digits' width: numbers use tabular figures, so every digit is as wide as "0". */
export function digitsWidth(measure: Measure, n: number, font: string): number {
  return measure('0', font) * n;
}
