/**
 * Auth and diagnostics costs: a full login round trip against the sandbox (loopback listener
 * up, authorize, redirect captured, code exchanged, token stored) for both flows, and the
 * price of one redacted log line, since every log call in the main process pays it.
 */
import { percentile, type BenchContext, type BenchSection } from './types';
import { startLoginRig } from '../integration/auth/login-harness';
import { createLogger } from '../../electron/core/diagnostics/logger';
import { SecretRegistry } from '../../electron/core/diagnostics/redact';

async function loginTimes(withSecret: boolean, n: number): Promise<number[]> {
  const rig = await startLoginRig({ withSecret });
  try {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const s = await rig.session.login();
      if (s.status !== 'active') throw new Error(`login failed: ${JSON.stringify(s.lastError)}`);
      times.push(performance.now() - t0);
    }
    return times;
  } finally {
    await rig.close();
  }
}

function redactedLineMicros(n: number): number[] {
  const registry = new SecretRegistry();
  registry.add('eyJhbGciOiJIUzI1NiJ9.payload-of-a-token.signature');
  registry.add('APPSECRET01');
  let sink = 0;
  const log = createLogger({ sinks: [{ write: (l) => (sink += l.length) }], registry });
  const samples: number[] = [];
  const batch = 100;
  for (let b = 0; b < n / batch; b++) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) {
      log.info('order placed', {
        id: `26010500000${i}`,
        symbol: 'NSE:SBIN-EQ',
        qty: 10,
        url: 'http://127.0.0.1:1/api/v2/orders?id=1',
        status: 6,
      });
    }
    samples.push(((performance.now() - t0) * 1000) / batch);
  }
  if (sink === 0) throw new Error('nothing logged');
  return samples;
}

/** The section `npm run bench` prints. */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const n = ctx.quick ? 5 : 40;
  ctx.log(`auth: ${n} PKCE and ${n} app-secret logins against the sandbox`);
  const pkce = await loginTimes(false, n);
  const secret = await loginTimes(true, n);
  const lines = redactedLineMicros(ctx.quick ? 2_000 : 50_000);
  const row = (name: string, s: number[]) => [name, s.length, percentile(s, 50), percentile(s, 99)];
  return {
    title: 'Auth and diagnostics',
    tables: [
      {
        title:
          'Login round trip against the sandbox (ms): listener, authorize, redirect, exchange, vault',
        columns: ['flow', 'n', 'p50 ms', 'p99 ms'],
        rows: [row('PKCE S256', pkce), row('app secret (appIdHash)', secret)],
      },
      {
        title: 'One structured log line with redaction (µs, batches of 100)',
        columns: ['what', 'batches', 'p50 µs', 'p99 µs'],
        rows: [row('logger.info + redaction', lines)],
      },
    ],
    json: {
      loginPkceMs: { p50: percentile(pkce, 50), p99: percentile(pkce, 99), n: pkce.length },
      loginAppSecretMs: {
        p50: percentile(secret, 50),
        p99: percentile(secret, 99),
        n: secret.length,
      },
      logLineMicros: { p50: percentile(lines, 50), p99: percentile(lines, 99) },
    },
  };
}
