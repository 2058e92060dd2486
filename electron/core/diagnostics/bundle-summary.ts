/**
 * The page a support person reads first: `summary.txt` and `summary.html` (one
 * self-contained file, no scripts, no outside resources, every value escaped).
 *
 * It answers the first questions of docs/support.md without opening the other files:
 * which session and versions, the last errors with their broker codes, what each means
 * and what to try, and which order actions are still unconfirmed.
 */
import type { Finding, OpenAction } from './bundle-findings';

/** Everything the summary shows; built by the bundle from redacted parts only. */
export interface SummaryModel {
  title: string;
  createdAt: string;
  /** `the running app` or `the command line (no login)`. */
  madeBy: string;
  facts: Array<[string, string]>;
  session: Array<[string, string]>;
  errors: Finding[];
  open: OpenAction[];
  files: Array<[string, string]>;
}

/** Plain text, for e-mail and terminals. */
export function summaryText(m: SummaryModel): string {
  const out: string[] = [m.title, '='.repeat(m.title.length), ''];
  out.push(`Made ${m.createdAt} by ${m.madeBy}.`, '');
  const pairs = (title: string, rows: Array<[string, string]>) => {
    out.push(title, '-'.repeat(title.length));
    const w = Math.max(0, ...rows.map(([k]) => k.length));
    for (const [k, v] of rows) out.push(`${k.padEnd(w)}  ${v}`);
    out.push('');
  };
  pairs('Session', m.session);
  pairs('Versions and system', m.facts);
  out.push(`Last errors (${m.errors.length})`, '-'.repeat(16));
  if (m.errors.length === 0) out.push('None recorded.');
  for (const e of [...m.errors].reverse()) {
    out.push(`${e.at}  [${e.source}] ${e.what}${e.code !== null ? `  code ${e.code}` : ''}`);
    if (e.meaning) out.push(`    means: ${e.meaning}`);
    if (e.fix) out.push(`    try:   ${e.fix}`);
    if (e.intentIds.length) out.push(`    intent: ${e.intentIds.join(', ')}`);
  }
  out.push('', `Order actions still unconfirmed (${m.open.length})`, '-'.repeat(30));
  if (m.open.length === 0) out.push('None: every order action has a known outcome.');
  for (const a of m.open)
    out.push(
      `${a.createdAt}  ${a.action} ${a.summary}  intent ${a.intentId}  (${a.sent ? 'sent' : 'not sent'}, last step: ${a.lastStep})`,
    );
  out.push('');
  pairs('Files in this bundle', m.files);
  return out.join('\n');
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One self-contained page: inline style only, so it opens the same in any browser, offline. */
export function summaryHtml(m: SummaryModel): string {
  const e = escapeHtml;
  const table = (head: string[], rows: string[][]): string =>
    `<table><thead><tr>${head.map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead><tbody>${rows
      .map((r) => `<tr>${r.map((c) => `<td>${e(c)}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`;
  const pairs = (rows: Array<[string, string]>) =>
    table(
      ['', ''],
      rows.map(([k, v]) => [k, v]),
    );
  const errors = m.errors.length
    ? table(
        ['time', 'source', 'what', 'code', 'means', 'what to try', 'intent'],
        [...m.errors]
          .reverse()
          .map((x) => [
            x.at,
            x.source,
            x.what,
            x.code === null ? '' : String(x.code),
            x.meaning ?? '',
            x.fix ?? '',
            x.intentIds.join(', '),
          ]),
      )
    : '<p>None recorded.</p>';
  const open = m.open.length
    ? table(
        ['created', 'action', 'order', 'intent', 'sent', 'last step'],
        m.open.map((a) => [
          a.createdAt,
          a.action,
          a.summary,
          a.intentId,
          a.sent ? 'yes' : 'no',
          a.lastStep,
        ]),
      )
    : '<p>None: every order action has a known outcome.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(m.title)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2em;color:#111;max-width:70em}
h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.3em .5em;text-align:left;vertical-align:top}
th{background:#f3f3f3}td:first-child{white-space:nowrap}
</style></head><body>
<h1>${e(m.title)}</h1>
<p>Made ${e(m.createdAt)} by ${e(m.madeBy)}.</p>
<h2>Session</h2>${pairs(m.session)}
<h2>Versions and system</h2>${pairs(m.facts)}
<h2>Last errors (${m.errors.length})</h2>${errors}
<h2>Order actions still unconfirmed (${m.open.length})</h2>${open}
<h2>Files in this bundle</h2>${pairs(m.files)}
</body></html>
`;
}
