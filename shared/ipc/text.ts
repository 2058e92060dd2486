/**
 * What counts as text in an IPC input. The renderer is untrusted, and a string that zod's
 * `z.string()` accepts may still carry a control character, a lone UTF-16 surrogate (not
 * Unicode at all: it cannot be written as UTF-8, so logs and the harness socket mangle it)
 * or a line separator (U+2028/2029, which ends a line in logs and some parsers). The router
 * refuses the first two in every string of every input (`unsafeTextIn`); a field that must
 * be one line (a route, an id) uses `singleLine`, which refuses all three.
 */
import { z } from 'zod';

/** C0 controls other than tab, line feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Any C0 control, DEL, the C1 controls and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `s` is not text any input may carry, in words for the field error; null when it is. */
export function unsafeTextReason(s: string): string | null {
  if (LONE_SURROGATE.test(s)) return 'contains a broken character (not valid Unicode)';
  if (CONTROL.test(s)) return 'contains a control character';
  return null;
}

/** Why `s` is not one line of plain text; null when it is. */
export function notOneLineReason(s: string): string | null {
  return unsafeTextReason(s) ?? (NOT_ONE_LINE.test(s) ? 'must be one line of plain text' : null);
}

/** A one-line text field of at most `max` characters: no controls, separators or broken characters. */
export function singleLine(max: number) {
  return z
    .string()
    .max(max)
    .superRefine((s, ctx) => {
      const why = notOneLineReason(s);
      if (why) ctx.addIssue({ code: 'custom', message: why });
    });
}

/**
 * The first string anywhere in a parsed input that is not text (see `unsafeTextReason`),
 * with its path (`orders.2.tag`) and why; null when every string is text. Keys are checked
 * like values. Depth is bounded: the schemas already bound what they accept.
 */
export function unsafeTextIn(
  value: unknown,
  path: readonly (string | number)[] = [],
  depth = 0,
): { path: string; reason: string } | null {
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value);
    return reason ? { path: path.join('.'), reason } : null;
  }
  if (!value || typeof value !== 'object' || depth > 32) return null;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  for (const [k, v] of entries) {
    if (typeof k === 'string') {
      const reason = unsafeTextReason(k);
      if (reason) return { path: [...path, k].join('.'), reason: `has a key that ${reason}` };
    }
    const found = unsafeTextIn(v, [...path, k], depth + 1);
    if (found) return found;
  }
  return null;
}
