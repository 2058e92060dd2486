/**
 * Parsing the depository form that /api/dev/index returns as an HTML string.
 *
 * We never render that HTML in a window with our privileges or run its scripts: we read
 * the form's action and the four hidden fields (DPId, ReqId, Version, TransDtls) with a
 * small tag scanner, check them strictly, and the depository window posts a form we build
 * ourselves from those values.
 */

/** The hidden fields the depository expects, in the spec's spelling. */
export const DEPOSITORY_FIELDS = ['DPId', 'ReqId', 'Version', 'TransDtls'] as const;
/** One of the four field names. */
export type DepositoryFieldName = (typeof DEPOSITORY_FIELDS)[number];

/** A validated form: where to post and what. */
export interface DepositoryForm {
  action: string;
  method: 'POST';
  fields: Record<DepositoryFieldName, string>;
}

/** Why the form was refused; shown as "the broker sent an unusable depository form". */
export class DepositoryFormError extends Error {
  override readonly name = 'DepositoryFormError';
  constructor(
    readonly why:
      | 'too-large'
      | 'no-form'
      | 'bad-action'
      | 'insecure-action'
      | 'bad-method'
      | 'missing-field'
      | 'duplicate-field'
      | 'bad-field',
    message: string,
  ) {
    super(message);
  }
}

const MAX_HTML = 256 * 1024;
const MAX_FIELD = 64 * 1024;

const ATTR_RE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Decode the HTML character references that can appear in attribute values. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos|#39);?/gi, (m, ent: string) => {
    const e = ent.toLowerCase();
    if (e === 'amp') return '&';
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'quot') return '"';
    if (e === 'apos' || e === '#39') return "'";
    const code = e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/** Attributes of one start tag's inner text (`form action="…" method=post`). */
export function parseAttributes(tagInner: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tagInner.matchAll(ATTR_RE)) {
    const name = (m[1] ?? '').toLowerCase();
    if (!name || attrs.has(name)) continue;
    attrs.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attrs;
}

function stripNonMarkup(html: string): string {
  // Comments, scripts and styles could contain text that looks like tags; drop them first.
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<style\b[\s\S]*?<\/style\s*>/gi, '');
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/**
 * Parse and validate the depository form. `baseUrl` resolves a relative action (the
 * sandbox may serve its depository page on its own origin); the resolved action must be
 * https, or http on loopback.
 */
export function parseDepositoryForm(html: string, baseUrl?: string): DepositoryForm {
  if (typeof html !== 'string' || html.length === 0)
    throw new DepositoryFormError('no-form', 'The broker sent no depository form.');
  if (html.length > MAX_HTML)
    throw new DepositoryFormError('too-large', 'The depository form is too large.');
  const clean = stripNonMarkup(html);
  const open = /<form\b([^>]*)>/i.exec(clean);
  if (!open) throw new DepositoryFormError('no-form', 'The broker answer holds no form.');
  const closeIdx = clean.toLowerCase().indexOf('</form', open.index);
  const body = clean.slice(open.index + open[0].length, closeIdx === -1 ? undefined : closeIdx);
  const formAttrs = parseAttributes(open[1] ?? '');

  const rawAction = formAttrs.get('action') ?? '';
  let action: URL;
  try {
    action = baseUrl ? new URL(rawAction, baseUrl) : new URL(rawAction);
  } catch {
    throw new DepositoryFormError('bad-action', 'The depository form has no valid address.');
  }
  if (!rawAction.trim())
    throw new DepositoryFormError('bad-action', 'The depository form has no address.');
  if (action.username || action.password)
    throw new DepositoryFormError('bad-action', 'The depository address carries credentials.');
  if (!(
    action.protocol === 'https:' ||
    (action.protocol === 'http:' && isLoopback(action.hostname))
  )) {
    throw new DepositoryFormError('insecure-action', 'The depository address must use HTTPS.');
  }
  const method = (formAttrs.get('method') ?? 'post').toLowerCase();
  if (method !== 'post')
    throw new DepositoryFormError('bad-method', 'The depository form must be posted.');

  const found = new Map<string, string>();
  for (const m of body.matchAll(/<input\b([^>]*)>/gi)) {
    const attrs = parseAttributes(m[1] ?? '');
    const name = attrs.get('name');
    if (!name || !(DEPOSITORY_FIELDS as readonly string[]).includes(name)) continue;
    if ((attrs.get('type') ?? 'text').toLowerCase() !== 'hidden') continue;
    if (found.has(name))
      throw new DepositoryFormError('duplicate-field', `The depository form repeats ${name}.`);
    found.set(name, attrs.get('value') ?? '');
  }
  const fields = {} as Record<DepositoryFieldName, string>;
  for (const name of DEPOSITORY_FIELDS) {
    const value = found.get(name);
    if (value === undefined || value.trim() === '') {
      throw new DepositoryFormError('missing-field', `The depository form lacks ${name}.`);
    }
    // eslint-disable-next-line no-control-regex
    if (value.length > MAX_FIELD || /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value)) {
      throw new DepositoryFormError('bad-field', `The depository field ${name} is not acceptable.`);
    }
    fields[name] = value;
  }
  return { action: action.href, method: 'POST', fields };
}

/** The form as `application/x-www-form-urlencoded`, the body the depository window posts. */
export function encodeDepositoryForm(form: DepositoryForm): string {
  const p = new URLSearchParams();
  for (const name of DEPOSITORY_FIELDS) p.set(name, form.fields[name]);
  return p.toString();
}
