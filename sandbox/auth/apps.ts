/**
 * Registered apps and their permission templates. The sandbox starts with one app per template
 * so a developer can see 403 (-373) happen, and `--app` adds more. A redirect URI must equal
 * the registered one byte for byte, as the spec says; with the `loopbackAnyPort` option a
 * loopback `http://127.0.0.1:<port>/path` redirect matches on any port (RFC 8252 §7.3), for
 * native apps that bind an ephemeral port.
 */
import { createHash } from 'node:crypto';
import type { PermissionLevel } from '../http/types';
import type { PermissionTemplate } from '../../shared/broker/permissions';

/** The three permission templates of the spec (one home in shared/). */
export type Template = PermissionTemplate;

/** One registered app. */
export interface AppSpec {
  app_id: string;
  secret: string;
  redirect_uri: string;
  template: Template;
}

/** Permission level each template grants. */
export const TEMPLATE_LEVEL: Record<Template, PermissionLevel> = {
  basic: 0,
  transactions: 1,
  orders: 2,
};
/** The spec's names of the templates, for messages. */
export const TEMPLATE_NAME: Record<Template, string> = {
  basic: 'Basic',
  transactions: 'Transactions Info',
  orders: 'Order Placement',
};

/** The default apps' loopback redirect (other ports match only with `loopbackAnyPort`). */
export const DEFAULT_REDIRECT = 'http://127.0.0.1:17878/callback';

/** Deterministic default apps for a seed: one per template. */
export function defaultApps(seed: number): AppSpec[] {
  const secret = (name: string) =>
    createHash('sha256')
      .update(`sandbox-secret:${seed}:${name}`)
      .digest('hex')
      .slice(0, 10)
      .toUpperCase();
  return [
    {
      app_id: 'SBXBASIC01-100',
      secret: secret('basic'),
      redirect_uri: DEFAULT_REDIRECT,
      template: 'basic',
    },
    {
      app_id: 'SBXTRANS01-100',
      secret: secret('transactions'),
      redirect_uri: DEFAULT_REDIRECT,
      template: 'transactions',
    },
    {
      app_id: 'SBXORDER01-100',
      secret: secret('orders'),
      redirect_uri: DEFAULT_REDIRECT,
      template: 'orders',
    },
  ];
}

/** Parses `ID:SECRET:REDIRECT:TEMPLATE` (the redirect itself contains colons). */
export function parseAppFlag(v: string): AppSpec {
  const parts = v.split(':');
  if (parts.length < 4) throw new Error(`--app must be ID:SECRET:REDIRECT:TEMPLATE, got ${v}`);
  const app_id = parts[0] ?? '';
  const secret = parts[1] ?? '';
  const template = parts[parts.length - 1] as Template;
  const redirect_uri = parts.slice(2, -1).join(':');
  if (!app_id || !secret) throw new Error('--app needs a non-empty ID and SECRET');
  if (!(template in TEMPLATE_LEVEL))
    throw new Error(`--app TEMPLATE must be basic, transactions or orders, got ${template}`);
  try {
    new URL(redirect_uri);
  } catch {
    throw new Error(`--app REDIRECT must be an absolute URL, got ${redirect_uri}`);
  }
  return { app_id, secret, redirect_uri, template };
}

/**
 * Whether a redirect URI sent by a client matches the registered one: the exact string, or,
 * with `loopbackAnyPort`, the same loopback URI on another port (RFC 8252 §7.3). Nothing is
 * normalised: a trailing `/`, the host's case or a query makes a different URI.
 */
export function redirectMatches(
  registered: string,
  sent: string,
  opts: { loopbackAnyPort?: boolean } = {},
): boolean {
  if (registered === sent) return true;
  if (!opts.loopbackAnyPort) return false;
  return withoutLoopbackPort(registered) === withoutLoopbackPort(sent) && isLoopback(sent);
}

/** The URI's text with the port of an http loopback authority taken out; null if not loopback. */
function withoutLoopbackPort(uri: string): string | null {
  const m = /^http:\/\/(127\.0\.0\.1|\[::1\])(?::\d{1,5})?([/?#].*)?$/.exec(uri);
  return m ? `http://${m[1]}${m[2] ?? ''}` : null;
}

function isLoopback(uri: string): boolean {
  return withoutLoopbackPort(uri) !== null;
}

/** The appIdHash the validate call must carry: lowercase hex SHA-256 of `<app_id>:<secret>`. */
export function appIdHash(app: AppSpec): string {
  return createHash('sha256').update(`${app.app_id}:${app.secret}`).digest('hex');
}
