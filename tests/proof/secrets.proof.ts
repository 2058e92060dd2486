/**
 * Secrets: one full session on the composed app (a PKCE login, reads of every view, an
 * order placed and cancelled, a support bundle, logout; then the app-secret login with its
 * appIdHash, and again), with every secret value it handled collected as a canary: access
 * tokens, the app secret, auth codes, PKCE verifiers, appIdHashes, and the account's PAN
 * and e-mail. Afterwards the data folder (settings, order journal files, logs, budget, and
 * every support bundle unzipped entry by entry, since its deflated bytes hide any canary
 * from a raw search), every log line, and everything sent to the renderer (channel answers
 * and events) are searched for each canary. PAN and e-mail leave the main process only
 * masked, in the `portfolio.profile` answer (the profile view). Before trusting a clean result
 * the search is shown a canary planted in a deflated entry, and must find it. Run per broker
 * dialect: the access tokens are JWTs, so the `hsm_key` claim (v3's data-socket key) and the
 * token's payload segment are canaries too, and any JWT-shaped text at all is a finding.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maskEmail, maskPan } from '../../shared/format/mask';
import { startComposedApp } from '../integration/app/composed-app';
import { strToU8, zipSync } from 'fflate';
import { inProcessDemo } from '../support/in-process-demo';
import { expandArchives, placesHolding } from './support/canary-search';
import { atLeast, zeroGoal, type ProofContext, type ProofSection } from './types';
import { BrokerDialectId } from '../../shared/broker/dialect';
import { hsmKeyOf } from '../../shared/broker/v3/access-token';

/** Proven on every broker dialect: each logs in, trades and exports its own way. */
export const dialects = BrokerDialectId.options;

/** Any JWT-shaped text (a token, whoever's): none may leave the vault. */
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

/** Runs the proof. */
export async function run(ctx: ProofContext): Promise<ProofSection> {
  const sessions = ctx.size === 'fast' ? 1 : 3;
  const captured = {
    'auth code': [] as string[],
    verifier: [] as string[],
    appIdHash: [] as string[],
  };
  const realFetch = globalThis.fetch;
  // Watch the token exchange, the one request that carries the code and its proof.
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('validate-authcode') && typeof init?.body === 'string') {
      const b = JSON.parse(init.body) as Record<string, string>;
      if (b.code) captured['auth code'].push(b.code);
      if (b.code_verifier) captured.verifier.push(b.code_verifier);
      if (b.appIdHash) captured.appIdHash.push(b.appIdHash);
    }
    return realFetch(input, init);
  }) as typeof fetch;

  const dataDir = await mkdtemp(join(tmpdir(), 'tickdesk-secrets-'));
  // A canary of its own for the Demo app's secret (Demo registers a random one otherwise).
  const appSecret = 'CANARYAPPSECRET7Q';
  const tokens: string[] = [];
  const sent: { channel: string; text: string }[] = [];
  let pan = '';
  let email = '';
  let logLines: string[];
  let events: string[];
  try {
    const app = await startComposedApp({
      login: false,
      dataDir,
      deps: { demo: { testControls: true }, demoProcess: inProcessDemo({ appSecret }) },
      dialect: ctx.dialect,
    });
    const call = async (channel: string, input?: unknown) => {
      const r = await app.dispatch(channel, input);
      sent.push({ channel, text: JSON.stringify(r) });
      if (!r.ok) ctx.log(`${channel}: ${r.error.kind} ${r.error.message}`);
      return r.ok ? (r.data as Record<string, unknown>) : null;
    };
    await app.control('market', { exchange: 10, segment: 10, status: 'OPEN' });
    for (let s = 0; s < sessions; s++) {
      for (const method of ['pkce', 'app-secret'] as const) {
        await call('settings.setAppSecret', {
          accountId: 'demo',
          secret: method === 'app-secret' ? appSecret : null,
        });
        const state = await call('session.login', {});
        if (state?.status !== 'active') throw new Error(`login (${method}) did not complete`);
        if (app.core.settings.activeAccount()?.broker !== ctx.dialect)
          throw new Error(`the session runs ${app.core.settings.activeAccount()?.broker}`);
        const token = (await app.core.vault.getToken('demo'))?.token;
        if (token) tokens.push(token);
        await app.core.symbols.ready();
        // The broker's own answer: the canaries, as only the main process ever sees them.
        const raw = await app.core.broker.getProfile();
        pan = raw.pan;
        email = raw.email;
        for (const ch of [
          'app.info',
          'session.state',
          'settings.get',
          'budget.state',
          'portfolio.profile',
          'portfolio.funds',
          'portfolio.holdings',
          'portfolio.positions',
          'portfolio.orders',
          'portfolio.trades',
          'portfolio.marketStatus',
          'edis.details',
          'symbols.status',
          'orders.intents',
        ])
          await call(ch);
        await call('symbols.search', { query: 'sbin', limit: 5 });
        const placed = await call('orders.place', {
          draft: {
            symbol: 'NSE:SBIN-EQ',
            qty: 1,
            type: 1,
            side: 1,
            productType: 'INTRADAY',
            limitPrice: 1,
          },
          confirmGuards: true,
        });
        if (typeof placed?.orderId === 'string')
          await call('orders.cancel', { id: placed.orderId });
        await call('diagnostics.report', {
          level: 'error',
          message: 'renderer failure for the proof',
        });
        await call('diagnostics.exportBundle');
        await app.core.orders.idle();
        await call('session.logout');
      }
    }
    await app.close();
    logLines = app.logLines;
    events = app.events.map((e) => JSON.stringify(e));
  } finally {
    globalThis.fetch = realFetch;
  }

  const files = await Promise.all(
    (await filesUnder(dataDir)).map(async (f) => ({
      name: f.slice(dataDir.length + 1),
      bytes: await readFile(f),
    })),
  );
  await rm(dataDir, { recursive: true, force: true });
  const blobs = expandArchives(files);
  const bundleEntries = blobs.filter((b) => b.name.startsWith('support/') && b.name.includes('!'));
  const bundlesUnzipped = new Set(bundleEntries.map((b) => b.name.split('!')[0])).size;
  const journalFiles = files.filter((f) => f.name.startsWith('journal/'));
  // The search must be able to fail: a canary deflated into a bundle-like entry is found.
  const planted = 'PLANTEDCANARY4Y7K';
  const plantedJwt = `eyJhbGciOiJIUzI1NiJ9.eyJoc21fa2V5IjoiUExBTlRFRCJ9.${planted}`;
  const plantedZip = zipSync(
    { 'settings.json': strToU8(`{"x":"${planted}","y":"${plantedJwt}"}`) },
    { level: 6 },
  );
  const plantedFound = placesHolding(
    planted,
    expandArchives([{ name: 'p.zip', bytes: plantedZip }]),
  );

  const canaries: Record<string, string[]> = {
    'access token': tokens,
    // The JWT's claims segment alone (it encodes hsm_key), and the data-socket key itself.
    'access token payload': tokens.map((t) => t.split('.')[1] ?? '').filter((p) => p.length > 0),
    hsm_key: tokens.map((t) => hsmKeyOf(t)).filter((k): k is string => k !== undefined),
    'app secret': [appSecret],
    'auth code': captured['auth code'],
    'PKCE verifier': captured.verifier,
    appIdHash: captured.appIdHash,
    PAN: pan ? [pan] : [],
    'e-mail': email ? [email] : [],
  };
  // The profile answer shows them masked (and so proves the search reads that answer).
  const profileText = sent.find((x) => x.channel === 'portfolio.profile')?.text ?? '';
  if (
    !pan ||
    !email ||
    !profileText.includes(maskPan(pan)) ||
    !profileText.includes(maskEmail(email))
  )
    throw new Error('the profile answer did not show the masked PAN and e-mail');
  const leaks: string[] = [];
  const figures = [];
  for (const [kind, values] of Object.entries(canaries)) {
    const found = new Set<string>();
    for (const v of values) {
      for (const where of placesHolding(v, blobs)) found.add(`file ${where}`);
      if (logLines.some((l) => l.includes(v))) found.add('log lines');
      for (const e of events) if (e.includes(v)) found.add(`event ${e.slice(0, 40)}`);
      for (const x of sent) if (x.text.includes(v)) found.add(`channel ${x.channel}`);
    }
    for (const where of found) leaks.push(`${kind} in ${where}`);
    figures.push(zeroGoal(`places holding the ${kind}`, found.size));
  }
  // The token shape itself, whoever's token it is.
  const shaped = new Set<string>();
  const jwtIn = (text: string) => (text.match(JWT_SHAPE) ?? []).length > 0;
  for (const b of blobs)
    if (jwtIn(Buffer.from(b.bytes).toString('latin1'))) shaped.add(`file ${b.name}`);
  if (logLines.some(jwtIn)) shaped.add('log lines');
  const plantedShape = expandArchives([{ name: 'p.zip', bytes: plantedZip }]).filter((b) =>
    jwtIn(Buffer.from(b.bytes).toString('latin1')),
  ).length;
  figures.push(
    atLeast('planted JWT in a deflated entry found by shape (search can fail)', plantedShape, 1),
  );
  for (const e of events) if (jwtIn(e)) shaped.add(`event ${e.slice(0, 40)}`);
  for (const x of sent) if (jwtIn(x.text)) shaped.add(`channel ${x.channel}`);
  for (const where of shaped) leaks.push(`JWT-shaped text in ${where}`);
  figures.push(zeroGoal('places holding JWT-shaped text', shaped.size));
  for (const l of leaks) ctx.log(l);
  const kindsCaptured = Object.values(canaries).filter((v) => v.length > 0).length;
  return {
    title: 'Secrets',
    figures: [
      atLeast(
        'canary kinds captured from the session',
        kindsCaptured,
        Object.keys(canaries).length,
      ),
      atLeast('planted canary in a deflated entry found (search can fail)', plantedFound.length, 1),
      atLeast(
        'support bundles unzipped and searched entry by entry',
        bundlesUnzipped,
        sessions * 2,
      ),
      atLeast('order journal files searched', journalFiles.length, 1),
      ...figures,
    ],
    notes: [
      `Demo on ${ctx.dialect}: ${sessions * 2} logins (PKCE and app secret), ${sent.length} channel answers, ${events.length} events, ${logLines.length} log lines, ${files.length} files in the data folder searched (${journalFiles.length} journal files, ${bundleEntries.length} entries unzipped from ${bundlesUnzipped} support bundles)`,
      'PAN and e-mail cross IPC only masked, in the portfolio.profile answer',
    ],
    json: { leaks },
  };
}
