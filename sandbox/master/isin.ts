/**
 * ISIN check digits (ISO 6166). The sandbox's holdings and the eDIS flow carry ISINs, and a
 * client may validate them, so generated ISINs must have a correct check digit.
 */

/** Check digit for the first 11 characters of an ISIN (letters A=10 .. Z=35, then Luhn). */
export function isinCheckDigit(body: string): number {
  let digits = '';
  for (const ch of body.toUpperCase()) {
    const c = ch.charCodeAt(0);
    if (c >= 48 && c <= 57) digits += ch;
    else if (c >= 65 && c <= 90) digits += String(c - 55);
    else throw new Error(`ISIN body has invalid character ${JSON.stringify(ch)}`);
  }
  let sum = 0;
  // Luhn from the rightmost digit of the payload; that digit is doubled (check digit absent).
  for (let i = digits.length - 1, dbl = true; i >= 0; i--, dbl = !dbl) {
    let d = digits.charCodeAt(i) - 48;
    if (dbl) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Appends the check digit to an 11-character body. */
export function withCheckDigit(body: string): string {
  if (body.length !== 11) throw new Error(`ISIN body must be 11 characters, got ${body.length}`);
  return body + String(isinCheckDigit(body));
}

/** Whether a 12-character string is an ISIN with a valid check digit. */
export function isValidIsin(isin: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(isin)) return false;
  return isinCheckDigit(isin.slice(0, 11)) === Number(isin[11]);
}
