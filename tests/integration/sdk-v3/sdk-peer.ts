/**
 * The official v3 SDK (npm fyers-api-v3 1.9.0, unmodified) pointed at a fresh deterministic
 * sandbox and logged in, for the SDK peer tests: its config module's addresses are set to the
 * sandbox, and `call` runs one SDK method, resolving a refused call to the broker's answer.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxHandle } from '../../../sandbox/index';
import { MARKET_OPEN, RELAXED_LIMITS } from '../sandbox/helpers';

/** An SDK answer (or the error body of a refused call). */
export type Answer = Record<string, unknown> & { s?: string; code?: number; message?: string };
interface FyersModel {
  setAppId(id: string): void;
  setRedirectUrl(url: string): void;
  setAccessToken(token: string): void;
  generateAuthCode(): string;
  generate_access_token(req: { auth_code: string; secret_key: string }): Promise<Answer>;
  [call: string]: unknown;
}

const require = createRequire(import.meta.url);
const config = (require('fyers-api-v3/config/config.js') as { Config: Record<string, string> })
  .Config;
const { fyersModel } = require('fyers-api-v3') as {
  fyersModel: new (p: { path: string; enableLogging: boolean }) => FyersModel;
};

/** A running sandbox with the SDK logged in to it. */
export interface SdkPeer {
  sb: SandboxHandle;
  /** Runs one SDK method; a refused call resolves to the answer the broker sent. */
  call(name: string, req?: unknown): Promise<Answer>;
  /** POSTs a sandbox test control. */
  control(path: string, body?: unknown): Promise<void>;
  /** Logs in again (after a 06:00 rollover, when tokens die). */
  logIn(): Promise<void>;
  /** The access token of the last login (a JWT carrying `hsm_key`). */
  accessToken(): string;
  close(): Promise<void>;
}

/** Starts the sandbox (frozen clock at MARKET_OPEN, no background ticks) and logs the SDK in. */
export async function startSdkPeer(): Promise<SdkPeer> {
  const sb = await startSandbox({
    now: MARKET_OPEN,
    freezeClock: true,
    tickMs: 0,
    testControls: true,
    autoApprove: true,
    limits: RELAXED_LIMITS,
  });
  // The SDK reads its addresses from its config module at each call: point them here.
  config.SYNC_API = sb.v3.apiBase;
  config.data_Api1 = sb.v3.dataUrl;
  // Only the PKCE token exchange uses `API` (the v2 base); the peer logs in with appIdHash.
  config.API = `${sb.url}/api/v2`;
  const logDir = await mkdtemp(join(tmpdir(), 'tickdesk-sdkv3-peer-'));
  const fyers = new fyersModel({ path: logDir, enableLogging: false });
  const app = sb.apps.find((a) => a.template === 'orders')!;
  fyers.setAppId(app.app_id);
  fyers.setRedirectUrl(app.redirect_uri);
  let accessToken = '';
  // The SDK's own login: generate-authcode, then validate-authcode with appIdHash.
  async function logIn(): Promise<void> {
    const loginUrl = fyers.generateAuthCode();
    assert.ok(loginUrl.startsWith(`${sb.v3.apiBase}/generate-authcode?`), loginUrl);
    const page = await fetch(loginUrl, { redirect: 'manual' });
    assert.equal(page.status, 302, 'the auto-approving login page redirects with the code');
    const authCode = new URL(page.headers.get('location')!).searchParams.get('auth_code')!;
    const tok = await fyers.generate_access_token({ auth_code: authCode, secret_key: app.secret });
    assert.equal(tok.s, 'ok', JSON.stringify(tok));
    accessToken = String(tok.access_token);
    fyers.setAccessToken(accessToken);
  }
  await logIn();
  return {
    sb,
    logIn,
    accessToken: () => accessToken,
    async call(name, req) {
      const fn = fyers[name] as ((r?: unknown) => Promise<Answer>) | undefined;
      assert.ok(typeof fn === 'function', `the SDK has no ${name}`);
      try {
        return await fn(req);
      } catch (err) {
        const e = err as { response?: { data?: Answer } } & Answer;
        return e.response?.data ?? e;
      }
    },
    async control(path, body = {}) {
      const r = await fetch(`${sb.url}/__sandbox/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(r.status, 200, `control ${path}: ${await r.text()}`);
    },
    async close() {
      await sb.close();
      await rm(logDir, { recursive: true, force: true });
    },
  };
}
