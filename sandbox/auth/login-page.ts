/**
 * HTML of the sandbox's login and error pages. A real login page in a real browser is what the
 * app's login window has to cope with, so the sandbox serves one: a form with client id,
 * password and PIN, and errors that say exactly what was wrong.
 */
import { escapeHtml } from '../http/envelope';

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0}main{max-width:380px;margin:8vh auto;background:#fff;padding:28px;border-radius:10px;box-shadow:0 2px 12px #0002}h1{font-size:20px;margin:0 0 4px}p.sub{color:#555;margin:0 0 18px;font-size:13px}label{display:block;font-size:13px;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:9px;font-size:15px;border:1px solid #bbb;border-radius:6px}button{margin-top:18px;width:100%;padding:10px;font-size:15px;background:#1a5fd0;color:#fff;border:0;border-radius:6px}.err{background:#fde8e8;color:#8a1414;border:1px solid #f5b5b5;padding:10px;border-radius:6px;font-size:14px}.hint{color:#666;font-size:12px;margin-top:14px}`;

/** Wraps content in the sandbox page chrome. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The login form; `hidden` carries the authorize parameters through the POST. */
export function loginPage(opts: {
  appId: string;
  hidden: Record<string, string>;
  error?: string;
  svcId?: string;
}): string {
  const hidden = Object.entries(opts.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const err = opts.error
    ? `<p class="err" role="alert" id="login-error">${escapeHtml(opts.error)}</p>`
    : '';
  return page(
    'Sandbox broker login',
    `<h1>Sandbox broker login</h1><p class="sub">App <b>${escapeHtml(opts.appId)}</b> asks to use your account.</p>${err}
<form method="POST" action="/api/v2/login" id="login-form">${hidden}
<label for="svc_id">Client ID</label><input id="svc_id" name="svc_id" autocomplete="username" value="${escapeHtml(opts.svcId ?? '')}" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<label for="pin">PIN</label><input id="pin" name="pin" type="password" inputmode="numeric" maxlength="4" required>
<button type="submit" id="login-submit">Log in</button></form>
<p class="hint">This is the local sandbox broker; see docs/sandbox.md for the demo credentials.</p>`,
  );
}

/** A page for requests that cannot be redirected (unknown app, wrong redirect URI). */
export function errorPage(code: number, message: string): string {
  return page(
    'Sandbox broker: login error',
    `<h1>Login cannot continue</h1><p class="err" role="alert" id="login-error">${escapeHtml(message)} (code ${code})</p><p class="hint">The app sent an invalid login request. Nothing was shared with it.</p>`,
  );
}
