/**
 * Integration-test helper: starts the sandbox broker and logs in over real HTTP with the
 * PKCE flow and autoApprove (no login form), then builds the client stack on top. The real
 * login service belongs to the auth module; this is the smallest flow that yields a token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { startSandbox } from '../../../sandbox/index';
import type { SandboxHandle, SandboxOptions } from '../../../sandbox/index';
import { createHttpTransport } from '../../../electron/core/broker/http-transport';
import type {
  Credentials,
  HttpTransportOptions,
} from '../../../electron/core/broker/http-transport';
import { createBrokerClient } from '../../../electron/core/broker/broker-client';
import { createRequestScheduler } from '../../../electron/core/limiter/request-scheduler';
import type { RequestSchedulerOptions } from '../../../electron/core/limiter/request-scheduler';

/** Logs in with PKCE S256 against a sandbox started with autoApprove. */
export async function loginPkce(
  sb: SandboxHandle,
  template: 'basic' | 'transactions' | 'orders' = 'orders',
): Promise<Credentials> {
  const app = sb.apps.find((a) => a.template === template);
  if (!app) throw new Error(`no ${template} app in the sandbox`);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const url = new URL('/api/v2/generate-authcode', sb.url);
  url.search = new URLSearchParams({
    client_id: app.app_id,
    redirect_uri: app.redirect_uri,
    response_type: 'code',
    state,
    code_challenge: challenge,
  }).toString();
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  await res.body?.cancel();
  if (!location) throw new Error(`generate-authcode answered ${res.status} without a redirect`);
  const back = new URL(location);
  if (back.searchParams.get('state') !== state) throw new Error('state mismatch');
  const code = back.searchParams.get('auth_code');
  if (!code) throw new Error('no auth_code in the redirect');
  const v = await fetch(new URL('/api/v2/validate-authcode', sb.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', code_verifier: verifier, code }),
  });
  const body = (await v.json()) as { s: string; access_token?: string; message?: string };
  if (body.s !== 'ok' || !body.access_token)
    throw new Error(`validate-authcode failed: ${body.message}`);
  return { appId: app.app_id, accessToken: body.access_token };
}

/** A sandbox, a logged-in client stack on it, and a test-control helper. */
export async function startSession(
  opts: {
    sandbox?: SandboxOptions;
    template?: 'basic' | 'transactions' | 'orders';
    transport?: Partial<HttpTransportOptions>;
    scheduler?: RequestSchedulerOptions;
  } = {},
) {
  const sb = await startSandbox({
    autoApprove: true,
    testControls: true,
    master: 'fixture',
    tickMs: 0,
    ...opts.sandbox,
  });
  const creds = await loginPkce(sb, opts.template);
  const scheduler = createRequestScheduler(opts.scheduler);
  const transport = createHttpTransport({
    baseUrl: sb.url,
    credentials: () => creds,
    timeoutMs: 5000,
    ...opts.transport,
  });
  const broker = createBrokerClient({ transport, scheduler });
  async function control(path: string, body: unknown): Promise<unknown> {
    const r = await fetch(new URL(`/__sandbox/${path}`, sb.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await r.json()) as unknown;
    if (!r.ok) throw new Error(`control ${path} failed: ${JSON.stringify(json)}`);
    return json;
  }
  return {
    sb,
    creds,
    scheduler,
    transport,
    broker,
    control,
    async close() {
      scheduler.dispose();
      await sb.close();
    },
  };
}
