/**
 * Indian money and quantity formatting (lakh/crore grouping: 1,23,45,678.50).
 *
 * Traders in India read amounts in lakh and crore. `Intl` can do this, but ICU data differs
 * between Node builds and Chromium, so we group by hand: same output in main, renderer and
 * tests. Pure: no Node built-ins.
 */

/** Options shared by the money formatters. */
export interface MoneyFormatOptions {
  /** Digits after the decimal point (default 2). */
  decimals?: number;
  /** Prefix with the rupee sign (default true). */
  symbol?: boolean;
  /** Show a leading + on positive amounts (P&L columns). */
  plusSign?: boolean;
}

/** Groups an integer digit string the Indian way: last three digits, then pairs. */
export function groupIndianDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const parts: string[] = [];
  while (rest.length > 2) {
    parts.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest.length > 0) parts.unshift(rest);
  return `${parts.join(',')},${last3}`;
}

/**
 * Rounds half away from zero at `decimals` digits and returns the digit strings. Uses the
 * shortest round-trip decimal text of the number (toPrecision-free), so 1.005 becomes 1.01
 * as a trader expects, not 1.00 as binary floating point would give.
 */
function splitRounded(abs: number, decimals: number): { int: string; frac: string } {
  const fixed = roundDecimalText(abs, decimals);
  const [int = '0', frac = ''] = fixed.split('.');
  return { int, frac };
}

function roundDecimalText(abs: number, decimals: number): string {
  // Work on the decimal expansion JS prints, which is the shortest exact representation.
  let text = abs.toString();
  if (text.includes('e')) text = abs.toFixed(Math.min(100, decimals + 2));
  const [intPart = '0', fracPart = ''] = text.split('.');
  if (fracPart.length <= decimals) {
    return decimals === 0 ? intPart : `${intPart}.${fracPart.padEnd(decimals, '0')}`;
  }
  const keep = intPart + fracPart.slice(0, decimals);
  const roundUp = Number(fracPart[decimals]) >= 5;
  let digits = keep;
  if (roundUp) digits = incrementDigits(keep);
  const intLen = digits.length - decimals;
  const i = digits.slice(0, intLen) || '0';
  const f = digits.slice(intLen);
  return decimals === 0 ? i : `${i}.${f}`;
}

function incrementDigits(s: string): string {
  const arr = s.split('');
  let i = arr.length - 1;
  while (i >= 0) {
    if (arr[i] === '9') {
      arr[i] = '0';
      i--;
    } else {
      arr[i] = String(Number(arr[i]) + 1);
      return arr.join('');
    }
  }
  return `1${arr.join('')}`;
}

/**
 * Formats a rupee amount with lakh/crore grouping: formatInr(12345678.5) is '₹1,23,45,678.50'.
 * Negative amounts get a leading minus before the sign ('-₹500.00'). Non-finite input prints
 * as an em dash, so a missing broker figure never shows as '₹NaN'.
 */
export function formatInr(value: number, opts: MoneyFormatOptions = {}): string {
  const { decimals = 2, symbol = true, plusSign = false } = opts;
  if (!Number.isFinite(value)) return '—';
  const { int, frac } = splitRounded(Math.abs(value), decimals);
  const isZero = /^0*$/.test(int + frac);
  const sign = value < 0 && !isZero ? '-' : plusSign && value > 0 && !isZero ? '+' : '';
  const body = groupIndianDigits(int) + (decimals > 0 ? `.${frac}` : '');
  return `${sign}${symbol ? '₹' : ''}${body}`;
}

/** Formats a quantity or other plain number with Indian grouping (1,00,000), no symbol. */
export function formatIndianNumber(value: number, decimals = 0): string {
  return formatInr(value, { decimals, symbol: false });
}

/**
 * Short form for tight columns and summaries: '₹1.23 Cr', '₹45.60 L', '₹9,999.00'. Traders
 * think in lakh and crore for big figures; below one lakh the full amount is clearer.
 */
export function formatInrCompact(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1e7) return `${sign}₹${formatIndianNumber(abs / 1e7, decimals)} Cr`;
  if (abs >= 1e5) return `${sign}₹${formatIndianNumber(abs / 1e5, decimals)} L`;
  return formatInr(value, { decimals });
}
