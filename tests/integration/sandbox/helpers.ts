/**
 * Helpers for the sandbox conformance tests: start a sandbox, log in over real HTTP (auto
 * approve + appIdHash), and call endpoints with the Authorization header. Shared so each test
 * file reads as a list of API facts rather than plumbing.
 */
import { createHash } from 'node:crypto';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../sandbox/index';
import type { ProductType, SideCode } from '../../../shared/broker/enums';
import { DEFAULT_BROKERAGE } from '../../../shared/charges/brokerage';
import { CHARGE_RATES } from '../../../shared/charges/charge-rates';
import { estimateCharges } from '../../../shared/charges/estimate-charges';

/** A started sandbox plus a logged-in caller. */
export interface Session {
  sb: SandboxHandle;
  appId: string;
  token: string;
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }>;
  control(path: string, body?: unknown): Promise<Record<string, unknown>>;
}

/** Monday 23 Nov 2026 10:00 IST: markets open. */
export const MARKET_OPEN = new Date('2026-11-23T10:00:00+05:30');

/**
 * Limits high enough that a frozen clock (every request in the same second) does not trip them;
 * the limits test uses the spec's real numbers.
 */
export const RELAXED_LIMITS = { perSecond: 100_000, perMinute: 1_000_000, perDay: 10_000_000 };

/** Logs in through generate-authcode (auto-approve) and validate-authcode; returns the access token. */
export async function login(
  sb: SandboxHandle,
  template: 'basic' | 'transactions' | 'orders' = 'orders',
): Promise<{ appId: string; token: string }> {
  const app = sb.apps.find((a) => a.template === template)!;
  const u = new URL('/api/v2/generate-authcode', sb.url);
  u.search = new URLSearchParams({
    client_id: app.app_id,
    redirect_uri: app.redirect_uri,
    response_type: 'code',
    state: 'st8',
  }).toString();
  const r = await fetch(u, { redirect: 'manual' });
  if (r.status !== 302)
    throw new Error(`generate-authcode answered ${r.status} (is autoApprove on?)`);
  const code = new URL(r.headers.get('location')!).searchParams.get('auth_code')!;
  const v = await fetch(new URL('/api/v2/validate-authcode', sb.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      appIdHash: createHash('sha256').update(`${app.app_id}:${app.secret}`).digest('hex'),
      code,
    }),
  });
  const j = (await v.json()) as { access_token: string };
  return { appId: app.app_id, token: j.access_token };
}

/** Starts a deterministic sandbox (frozen clock at MARKET_OPEN, no background ticks, controls on) and logs in. */
export async function session(
  opts: SandboxOptions = {},
  template: 'basic' | 'transactions' | 'orders' = 'orders',
): Promise<Session> {
  const sb = await startSandbox({
    now: MARKET_OPEN,
    freezeClock: true,
    tickMs: 0,
    testControls: true,
    autoApprove: true,
    limits: RELAXED_LIMITS,
    ...opts,
  });
  const { appId, token } = await login(sb, template);
  const call: Session['call'] = async (method, path, body, headers = {}) => {
    const r = await fetch(new URL(path, sb.url), {
      method,
      headers: {
        authorization: `${appId}:${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await r.text();
    return {
      status: r.status,
      json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: r.headers,
    };
  };
  const control: Session['control'] = async (path, body = {}) => {
    const r = await fetch(new URL(`/__sandbox/${path}`, sb.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const j = (await r.json()) as Record<string, unknown>;
    if (r.status !== 200) throw new Error(`control ${path} failed: ${JSON.stringify(j)}`);
    return j;
  };
  return { sb, appId, token, call, control };
}

/** A market order body with defaults. */
export function order(o: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    symbol: 'NSE:SBIN-EQ',
    qty: 10,
    type: 2,
    side: 1,
    productType: 'INTRADAY',
    limitPrice: 0,
    stopPrice: 0,
    disclosedQty: 0,
    validity: 'DAY',
    offlineOrder: 'False',
    stopLoss: 0,
    takeProfit: 0,
    ...o,
  };
}

/**
 * The day's charges of a v2 order book under the sandbox's documented model (cash
 * instruments: the app's rate table and default brokerage, per filled order at its traded
 * price), computed independently of the sandbox's own sum.
 */
export function cashCharges(orderBook: Record<string, unknown>[]): number {
  let sum = 0;
  for (const o of orderBook) {
    const qty = Number(o.filledQty);
    if (!(qty > 0)) continue;
    const est = estimateCharges(
      {
        exchange: Number(o.exchange),
        segment: Number(o.segment),
        kind: 'cash',
        productType: o.productType as ProductType,
        side: Number(o.side) as SideCode,
        qty,
        price: Number(o.tradedPrice),
      },
      CHARGE_RATES,
      DEFAULT_BROKERAGE,
    );
    if (!est.ok) throw new Error(est.reason);
    sum += est.total;
  }
  return Math.round(sum * 100) / 100;
}
