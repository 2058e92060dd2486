import type { Page } from '@playwright/test';

/**
 * What a screenshot checked by eye misses, checked in the page: text cut short (an element
 * that clips its overflow, or ends it with an ellipsis, whose content is wider or taller than
 * its box) and controls the trader cannot reach (a button, input or select outside the
 * window, or outside a box that hides its overflow, with no scroll container to bring it in),
 * and bars (navigation, toolbars, tab lists) that wrap to a second row.
 * One line per problem, naming the element and its text, so a failing run says what to fix.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element): string => {
      const id = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      return `<${el.tagName.toLowerCase()}${id ? ` data-testid=${id}` : ''}${cls ? ` .${cls}` : ''}> "${text}"`;
    };
    /** Hidden on purpose: visually-hidden text for screen readers, closed dialogs, display none. */
    const shown = (el: HTMLElement): boolean => {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      for (let a: HTMLElement | null = el; a; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.clip !== 'auto' && cs.position === 'absolute') return false;
        if (cs.clipPath !== 'none') return false;
      }
      return true;
    };
    const scrolls = (cs: CSSStyleDeclaration, axis: 'x' | 'y') => {
      const o = axis === 'x' ? cs.overflowX : cs.overflowY;
      return o === 'auto' || o === 'scroll';
    };
    const hides = (cs: CSSStyleDeclaration, axis: 'x' | 'y') => {
      const o = axis === 'x' ? cs.overflowX : cs.overflowY;
      return o === 'hidden' || o === 'clip';
    };

    const all = Array.from(document.body.querySelectorAll<HTMLElement>('*'));
    for (const el of all) {
      if (el instanceof SVGElement || el.tagName === 'CANVAS') continue;
      const text = (el.textContent ?? '').trim();
      if (!text) continue;
      const cs = getComputedStyle(el);
      const clipsX = hides(cs, 'x') || cs.textOverflow === 'ellipsis';
      const clipsY = hides(cs, 'y');
      if (!clipsX && !clipsY) continue;
      if (!shown(el) || el.clientWidth <= 1) continue;
      // One pixel of sub-pixel rounding is not a cut.
      if (clipsX && cs.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        problems.push(`clipped text (${el.scrollWidth} px in ${el.clientWidth}): ${describe(el)}`);
      else if (clipsY && el.scrollHeight > el.clientHeight + 1)
        problems.push(
          `clipped text (${el.scrollHeight} px tall in ${el.clientHeight}): ${describe(el)}`,
        );
    }

    // A bar of screens or tools is one row: wrapped, its second row pushes the screen down
    // and its tabs move under the pointer (the screen tabs wrapped at 1280 px once).
    for (const bar of document.body.querySelectorAll<HTMLElement>(
      'nav, [role="toolbar"], [role="tablist"], [data-one-row]',
    )) {
      if (!shown(bar)) continue;
      const items = Array.from(bar.children).filter(
        (c): c is HTMLElement =>
          c instanceof HTMLElement &&
          shown(c) &&
          getComputedStyle(c).position !== 'absolute' &&
          c.getBoundingClientRect().height > 0,
      );
      if (items.length < 2) continue;
      const tops = items.map((c) => c.getBoundingClientRect().top);
      const tallest = Math.max(...items.map((c) => c.getBoundingClientRect().height));
      if (Math.max(...tops) - Math.min(...tops) > tallest / 2) {
        const rows = new Set(tops.map((t) => Math.round(t / (tallest / 2)))).size;
        problems.push(`wraps to ${rows} rows: ${describe(bar)}`);
      }
    }

    const controls = document.body.querySelectorAll<HTMLElement>(
      'button, input:not([type="hidden"]), select, textarea, a[href], [role="button"], [role="radio"], [role="tab"]',
    );
    for (const el of controls) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      let reachable = false;
      let cut = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const cs = getComputedStyle(a);
        const box = a.getBoundingClientRect();
        const outX = r.left < box.left - 1 || r.right > box.right + 1;
        const outY = r.top < box.top - 1 || r.bottom > box.bottom + 1;
        if ((outX && scrolls(cs, 'x')) || (outY && scrolls(cs, 'y'))) {
          reachable = true;
          break;
        }
        if (
          (outX && hides(cs, 'x')) ||
          (outY && hides(cs, 'y')) ||
          (cs.contain === 'strict' && (outX || outY))
        ) {
          cut = true;
          break;
        }
      }
      if (cut) {
        problems.push(`control cut off by its box: ${describe(el)}`);
        continue;
      }
      if (reachable) continue;
      const root = document.scrollingElement ?? document.documentElement;
      // The window scrolls unless <html> (or <body>, whose overflow the viewport takes when
      // <html> leaves it visible) hides its overflow.
      const htmlStyle = getComputedStyle(document.documentElement);
      const viewport =
        htmlStyle.overflowY === 'visible' ? getComputedStyle(document.body) : htmlStyle;
      const pageScrolls =
        !hides(viewport, 'y') &&
        (root.scrollHeight > window.innerHeight + 1 || root.scrollWidth > window.innerWidth + 1);
      const off =
        r.right > window.innerWidth + 1 ||
        r.bottom > window.innerHeight + 1 ||
        r.left < -1 ||
        r.top < -1;
      if (off && !pageScrolls) problems.push(`control off screen: ${describe(el)}`);
    }
    // A window that scrolls sideways hides every screen's right edge (the ticket, the row
    // actions) behind a scroll the trader does not expect: the controls are "reachable" only
    // by it, so it is a problem of its own.
    {
      const root = document.scrollingElement ?? document.documentElement;
      const htmlStyle = getComputedStyle(document.documentElement);
      const viewport =
        htmlStyle.overflowX === 'visible' ? getComputedStyle(document.body) : htmlStyle;
      if (!hides(viewport, 'x') && root.scrollWidth > window.innerWidth + 1)
        problems.push(
          `the window scrolls sideways (${root.scrollWidth} px in ${window.innerWidth})`,
        );
    }
    return problems;
  });
}
