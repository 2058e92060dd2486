/**
 * HTML of the sandbox's depository (the page a real CDSL form would open): the hand-off form
 * the index call returns, the TPIN + OTP page, and the completion page with the transaction id.
 */
import { escapeHtml } from '../http/envelope';
import { page } from '../auth/login-page';
import type { EdisRequest } from './store';

/** Depository participant id shown in the hand-off form (a sandbox value). */
export const SANDBOX_DP_ID = '12088700';

/** The TransDtls of a request's hand-off form (opaque base64), also for leak tests. */
export function transDtlsOf(r: EdisRequest): string {
  return r.transDtls;
}

/**
 * The HTML form string of the index response; it posts the hidden inputs to the depository
 * at `depositoryUrl` (its own origin, not the broker's).
 */
export function handOffForm(depositoryUrl: string, r: EdisRequest): string {
  const trans = transDtlsOf(r);
  const input = (n: string, v: string) =>
    `<input type="hidden" name="${n}" value="${escapeHtml(v)}">`;
  return (
    `<form method="POST" action="${escapeHtml(depositoryUrl)}/edis/depository" id="edis-form" name="frmDIS">` +
    input('DPId', SANDBOX_DP_ID) +
    input('ReqId', r.reqId) +
    input('Version', '1.1') +
    input('TransDtls', trans) +
    `<noscript><button type="submit">Continue to the depository</button></noscript></form>` +
    `<script>document.getElementById('edis-form').submit();</script>`
  );
}

/** The page asking for TPIN and OTP. */
export function tpinPage(r: EdisRequest, error?: string): string {
  const rows = r.records
    .map((x) => `<li><code>${escapeHtml(x.isin)}</code> quantity ${x.qty}</li>`)
    .join('');
  const err = error ? `<p class="err" role="alert" id="edis-error">${escapeHtml(error)}</p>` : '';
  return page(
    'Sandbox depository: authorize sale',
    `<h1>Authorize sale of demat shares</h1><p class="sub">Request ${escapeHtml(r.reqId)}</p><ul>${rows}</ul>${err}
<form method="POST" action="/edis/depository/authorize" id="edis-auth-form"><input type="hidden" name="ReqId" value="${escapeHtml(r.reqId)}">
<label for="tpin">TPIN</label><input id="tpin" name="tpin" type="password" inputmode="numeric" required>
<label for="otp">OTP</label><input id="otp" name="otp" inputmode="numeric" required>
<button type="submit" id="edis-submit">Authorize</button></form>
<p class="hint">Sandbox depository: use the TPIN and OTP from docs/sandbox.md.</p>`,
  );
}

/** The page shown after the depository's decision. */
export function resultPage(r: EdisRequest): string {
  if (r.status === 'SUCCESS') {
    return page(
      'Sandbox depository: authorized',
      `<h1>Authorization successful</h1><p>Transaction id: <b id="edis-transaction-id">${escapeHtml(r.transactionId)}</b></p><p class="hint">You can close this window and return to the app.</p>`,
    );
  }
  return page(
    'Sandbox depository: failed',
    `<h1>Authorization failed</h1><p class="err" id="edis-error">${escapeHtml(r.reason)}</p><p>Transaction id: <b id="edis-transaction-id">${escapeHtml(r.transactionId)}</b></p>`,
  );
}

/** Page for an unknown or malformed request. */
export function badRequestPage(message: string): string {
  return page(
    'Sandbox depository: error',
    `<h1>Cannot continue</h1><p class="err" id="edis-error">${escapeHtml(message)}</p>`,
  );
}
