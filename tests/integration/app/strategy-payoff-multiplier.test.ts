/**
 * The strategy payoff and its ₹ Greeks count a leg in rupees per point of its price: lots ×
 * lot size × the contract's multiplier (issue 20). An MCX CRUDEOIL option lot is 100 barrels
 * priced per barrel, a USDINR option lot USD 1,000 priced per dollar: counted as lots × lot
 * size alone, their payoff was 100× and 1000× low. The legs are built from what the composed
 * app's symbol runtime says of each contract (createAppCore in Demo on API v3, the real
 * symbol runtime reading the sandbox's symbol masters over HTTP), through the same function
 * the payoff screen uses (shared/options/payoff.ts `legQty`).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Instrument } from '../../../shared/broker/instrument';
import { Side } from '../../../shared/broker/enums';
import { legQty, payoffAtExpiry } from '../../../shared/options/payoff';
import type { SandboxHandle } from '../../../sandbox/index';
import { inProcessDemo } from '../../support/in-process-demo';
import { startDemoSandbox } from '../safety/composed-app';
import { startComposedApp, type ComposedApp } from './composed-app';

describe('strategy payoff of commodity and currency options (composed app)', () => {
  let app: ComposedApp;
  let sandbox: SandboxHandle;

  before(async () => {
    sandbox = await startDemoSandbox();
    app = await startComposedApp({ login: false, deps: { demoProcess: inProcessDemo(sandbox) } });
    await app.call('settings.updatePreferences', { patch: { demoBroker: 'fyers-v3' } });
    const s = await app.call('session.login', {});
    assert.equal(s.status, 'active', JSON.stringify(s.lastError));
    await app.core.symbols.ready();
  });
  after(async () => {
    await app?.close();
    await sandbox?.close();
  });

  /** The nearest call of an underlying in the sandbox's master. */
  const aCall = (underlying: string): Instrument => {
    const calls = sandbox.instruments
      .filter((i) => i.underlying === underlying && i.optionType === 'CE' && i.strike > 0)
      .sort((a, b) => (a.expiry ?? 0) - (b.expiry ?? 0));
    assert.ok(calls[0], `a ${underlying} call in the master`);
    return calls[0];
  };

  /** P&L at expiry of one bought lot at a premium of 50 (in its price unit), 150 above the strike. */
  const oneLotAt150 = async (underlying: string, premium: number, move: number) => {
    const call = aCall(underlying);
    const info = await app.call('symbols.get', { ticker: call.ticker });
    assert.ok(info, call.ticker);
    const qty = legQty(Side.Buy, 1, info);
    assert.ok(qty !== null, `a known size for ${call.ticker}`);
    const leg = {
      kind: 'option' as const,
      right: 'CE' as const,
      strike: call.strike,
      qty,
      premium,
    };
    return { pl: payoffAtExpiry([{ ...leg, vol: null, years: 0 }], call.strike + move), info };
  };

  it('one CRUDEOIL call lot (100 barrels) bought at ₹50 pays ₹10,000 with crude ₹150 above the strike', async () => {
    const { pl } = await oneLotAt150('CRUDEOIL', 50, 150);
    assert.equal(Math.round(pl), 100 * (150 - 50));
  });

  it('one USDINR call lot (USD 1,000) bought at ₹0.50 pays ₹1,000 with the dollar ₹1.50 above the strike', async () => {
    const { pl } = await oneLotAt150('USDINR', 0.5, 1.5);
    assert.equal(Math.round(pl), 1000 * (1.5 - 0.5));
  });

  it('a NIFTY call lot counts its lot size, as before', async () => {
    const { pl, info } = await oneLotAt150('NIFTY', 50, 150);
    assert.ok(info.lotSize > 1, `NIFTY lot size ${info.lotSize}`);
    assert.equal(Math.round(pl), info.lotSize * (150 - 50));
  });
});
