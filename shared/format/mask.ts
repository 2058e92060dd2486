/**
 * Masks for the two personal details the profile view shows: the PAN and the e-mail
 * address. The main process masks them before they cross IPC, so the renderer (and any
 * screenshot, support bundle or log of it) never holds them whole. Enough stays to let the
 * trader recognise their own: the PAN's last four characters, the e-mail's first letter
 * and domain.
 */

/** 'ABCDE1234F' → '••••••234F'; short or empty input is masked whole. */
export function maskPan(pan: string): string {
  const p = pan.trim();
  if (p.length <= 4) return '•'.repeat(p.length);
  return `${'•'.repeat(p.length - 4)}${p.slice(-4)}`;
}

/** 'ravi.k@example.com' → 'r•••@example.com'; text without an @ is masked whole. */
export function maskEmail(email: string): string {
  const e = email.trim();
  const at = e.lastIndexOf('@');
  if (at <= 0) return '•'.repeat(Math.min(e.length, 8));
  return `${e[0]}•••${e.slice(at)}`;
}
