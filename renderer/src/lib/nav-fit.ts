/**
 * How many screen tabs fit on the one row of the toolbar, in order: all of them when they
 * fit, otherwise as many as fit beside the "More" button that holds the rest. Pure, so the
 * rule is tested without a page: the row never wraps (issue 17: at 1280 px the tabs wrapped
 * to a second row), and at least the first tab always shows.
 */
export function tabsThatFit(
  widths: number[],
  moreWidth: number,
  gap: number,
  room: number,
): number {
  const total = widths.reduce((sum, w, i) => sum + w + (i > 0 ? gap : 0), 0);
  if (total <= room) return widths.length;
  let used = moreWidth;
  let k = 0;
  for (const w of widths) {
    const next = used + gap + w;
    if (next > room) break;
    used = next;
    k++;
  }
  return Math.max(1, Math.min(k, widths.length - 1));
}
