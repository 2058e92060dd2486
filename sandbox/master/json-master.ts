/**
 * The broker's JSON symbol master (`<FILE>_sym_master.json`) for one file's rows: an object
 * keyed by ticker, each row with the fields public clients read from the live files
 * (docs/broker-v3.md, "Symbol masters"). The app reads `qtyMultiplier` from the commodity
 * files to value an order before any position exists, so the sandbox serves the multiplier
 * its own positions, P&L and margin use (market/contract-multipliers.ts): one figure, one home.
 */
import type { Instrument } from '../../shared/broker/instrument';
import { plScale } from '../market/contract-multipliers';

/** The JSON text of one master file (rows in file order). */
export function toJsonMaster(rows: readonly Instrument[]): string {
  const doc: Record<string, unknown> = {};
  for (const r of rows) {
    doc[r.ticker] = {
      fyToken: r.token,
      symTicker: r.ticker,
      symDetails: r.name,
      exSymName: r.ticker.slice(r.ticker.indexOf(':') + 1),
      exSymbol: r.underlying,
      underSym: r.underlying,
      underFyTok: r.underlyingToken,
      exchange: r.exchange,
      segment: r.segment,
      exToken: r.scripCode,
      exInstType: r.instrumentType,
      minLotSize: r.lotSize,
      tickSize: r.tickSize,
      isin: r.isin,
      tradingSession: r.session,
      lastUpdate: r.lastUpdate,
      expiryDate: r.expiry === null ? '' : String(r.expiry),
      strikePrice: r.strike,
      optType: r.optionType,
      qtyMultiplier: plScale(r).multiplier,
    };
  }
  return JSON.stringify(doc);
}
