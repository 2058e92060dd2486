/**
 * CSV for the order and trade exports, as RFC 4180 writes it (CRLF line ends, fields with a
 * comma, quote or line break quoted, quotes doubled), with one addition: a text cell that a
 * spreadsheet would run as a formula (= + - @, or a leading tab or carriage return) gets a
 * leading apostrophe, so a symbol or broker message can never execute in Excel (OWASP
 * "CSV injection"). Numbers stay numbers; a negative P&L is not a formula.
 */

/** One cell: text is neutralised and quoted as needed, numbers written as they are. */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field of a CSV line. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: a header line, then one line per row, each ending CRLF. */
export function toCsv<T>(
  columns: readonly { header: string; value: (row: T) => CsvCell }[],
  rows: readonly T[],
): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return lines.join('\r\n') + '\r\n';
}
