/**
 * A DepositoryWindowPort fake that does what the Electron depository window does, over HTTP:
 * posts the hand-off form, shows the depository's pages to a "trader" who types TPIN and OTP
 * into them, and reports completion by URL or page title. Used by the eDIS flow tests on the
 * broker client and on the composed app.
 */
import assert from 'node:assert/strict';
import { parseAttributes } from '../../electron/core/edis/depository-form';
import type {
  DepositoryOutcome,
  DepositorySubmission,
  DepositoryWindowPort,
} from '../../electron/core/edis/depository-window-port';

/** What the trader types on the depository page (never through our app). */
export interface TraderInput {
  tpin: string;
  otp: string;
  /** Close the window instead of typing. */
  giveUp?: boolean;
}

function titleOf(html: string): string {
  return /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
}

/**
 * An HTTP "window": follows the depository pages like the Electron window would, typing each
 * `trader` input into the page's form; `actions` are the origins it posted the hand-off to.
 */
export function httpDepositoryWindow(
  trader: TraderInput[],
): DepositoryWindowPort & { pages: string[]; posted: string[]; actions: string[] } {
  const pages: string[] = [];
  const posted: string[] = [];
  const actions: string[] = [];
  return {
    pages,
    posted,
    actions,
    open(sub: DepositorySubmission) {
      actions.push(new URL(sub.form.action).origin);
      let closed = false;
      const run = async (): Promise<DepositoryOutcome> => {
        let url = sub.form.action;
        posted.push(sub.encodedBody);
        let res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: sub.encodedBody,
          redirect: 'manual',
        });
        for (let step = 0; step < 10; step++) {
          if (res.status >= 300 && res.status < 400) {
            url = new URL(res.headers.get('location') ?? '', url).href;
            await res.text();
            if (sub.isCompletion(url)) return { kind: 'completed', url };
            res = await fetch(url, { redirect: 'manual' });
            continue;
          }
          const html = await res.text();
          const title = titleOf(html);
          pages.push(title);
          if (sub.isCompletion(url) || sub.isCompletionTitle?.(title))
            return { kind: 'completed', url };
          const input = trader.shift();
          if (!input || input.giveUp || closed) return { kind: 'closed' };
          // The trader fills the page's form: its hidden fields plus TPIN and OTP.
          const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
          assert.ok(form, `no form on depository page "${title}"`);
          const action = new URL(parseAttributes(form[1] ?? '').get('action') ?? url, url).href;
          const body = new URLSearchParams();
          for (const m of (form[2] ?? '').matchAll(/<input\b([^>]*)>/gi)) {
            const a = parseAttributes(m[1] ?? '');
            const name = a.get('name');
            if (!name) continue;
            if (name === 'tpin') body.set(name, input.tpin);
            else if (name === 'otp') body.set(name, input.otp);
            else if (a.get('type') === 'hidden') body.set(name, a.get('value') ?? '');
          }
          url = action;
          res = await fetch(action, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: body.toString(),
            redirect: 'manual',
          });
        }
        return { kind: 'closed' };
      };
      return {
        result: run(),
        close: () => {
          closed = true;
        },
      };
    },
  };
}
