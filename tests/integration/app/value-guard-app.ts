/**
 * The composed app the order-value tests (commodity, currency) share: createAppCore in Demo
 * on API v3 over HTTP with the real symbol runtime, the trader's own ₹5 lakh order-value
 * limit saved the way the Settings screen saves it, one market segment open, and the sandbox's
 * own request log so a refusal can be checked as "nothing reached the broker".
 */
import assert from 'node:assert/strict';
import type { Instrument } from '../../../shared/broker/instrument';
import type { ExchangeCode, SegmentCode } from '../../../shared/broker/enums';
import { DEFAULT_FAT_FINGER_LIMITS } from '../../../shared/settings/fat-finger-limits';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { startDemoSandbox } from '../safety/composed-app';
import { startComposedApp, type ComposedApp } from './composed-app';

/** Anything that would place, modify or cancel an order, a multi-leg order or a GTT on API v3. */
const SENDS = /^(POST|PATCH|PUT|DELETE) \/api\/v3\/(orders|multileg|gtt)/;

/** The app, its sandbox, and what reached the broker's order routes so far. */
export interface ValueGuardApp {
  app: ComposedApp;
  sandbox: SandboxHandle;
  /** Every order, multi-leg or GTT request the sandbox has received, oldest first. */
  sends(): string[];
  /** The nearest-expiry future of an underlying in the sandbox's master. */
  nearestFuture(underlying: string): Instrument;
  close(): Promise<void>;
}

/** Starts the app logged in on v3 with a ₹5 lakh order-value limit and `market` open. */
export async function startValueGuardApp(market: {
  exchange: ExchangeCode;
  segment: SegmentCode;
}): Promise<ValueGuardApp> {
  const requests: string[] = [];
  const sandbox = await startDemoSandbox(undefined, (line) => requests.push(line));
  const app = await startComposedApp({
    login: false,
    deps: { demoProcess: inProcessDemo(sandbox) },
  });
  await app.call('settings.updatePreferences', { patch: { demoBroker: 'fyers-v3' } });
  const s = await app.call('session.login', {});
  assert.equal(s.status, 'active', JSON.stringify(s.lastError));
  await app.core.symbols.ready();
  await app.call('settings.updatePreferences', {
    patch: {
      fatFinger: { ...DEFAULT_FAT_FINGER_LIMITS, maxOrderValue: 5_00_000, maxLtpDistancePct: 10 },
    },
  });
  await app.control('market', { ...market, status: 'OPEN' });
  return {
    app,
    sandbox,
    sends: () => requests.filter((l) => SENDS.test(l)),
    nearestFuture(underlying) {
      const futs = sandbox.instruments
        .filter((i) => i.exchange === market.exchange && i.segment === market.segment)
        .filter((i) => i.underlying === underlying && i.optionType === 'XX')
        .filter((i) => i.ticker.endsWith('FUT'))
        .sort((a, b) => (a.expiry ?? 0) - (b.expiry ?? 0));
      assert.ok(futs[0], `a ${underlying} future in the master`);
      return futs[0];
    },
    async close() {
      await app.close();
      await sandbox.close();
    },
  };
}
