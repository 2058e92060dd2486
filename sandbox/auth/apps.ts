/**
 * Registered apps and their permission templates. The sandbox starts with one app per template
 * so a developer can see 403 (-373) happen, and `--app` adds more. Redirect URIs must match
 * exactly, except that a loopback `http://127.0.0.1:<port>/path` redirect matches any port,
 * as RFC 8252 requires for native apps that bind an ephemeral port.
 */
import { createHash } from 'node:crypto';
import type { PermissionLevel } from '../http/types';

/** The three permission templates of the spec. */
export type Template = 'basic' | 'transactions' | 'orders';

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

/** The default loopback redirect (any port matches). */
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

const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

/** Whether a redirect URI sent by a client matches the registered one (RFC 8252 loopback rule). */
export function redirectMatches(registered: string, sent: string): boolean {
  if (registered === sent) return true;
  let a: URL;
  let b: URL;
  try {
    a = new URL(registered);
    b = new URL(sent);
  } catch {
    return false;
  }
  return (
    a.protocol === 'http:' &&
    b.protocol === 'http:' &&
    LOOPBACK.has(a.hostname) &&
    a.hostname === b.hostname &&
    a.pathname === b.pathname &&
    a.search === b.search &&
    b.hash === ''
  );
}

/** The appIdHash the validate call must carry: lowercase hex SHA-256 of `<app_id>:<secret>`. */
export function appIdHash(app: AppSpec): string {
  return createHash('sha256').update(`${app.app_id}:${app.secret}`).digest('hex');
}
