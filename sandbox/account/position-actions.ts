/**
 * Exit and convert, the two position actions of the spec. Exits flatten with a market order
 * that meets the book like any other (the engine's `flatten`: a walk of the depth now, what it
 * cannot take over the next steps); conversion moves open quantity between products under the spec's convert rules.
 */
import type { ProductType } from '../../shared/broker/enums';
import { isProductType, Side, Segment } from '../../shared/broker/enums';
import { ErrorCode } from '../../shared/broker/errors';
import { lotMultiple } from '../../shared/broker/rules';
import { fail } from '../failure';
import type { MatchingEngine } from '../orders/engine';
import { asObject } from '../orders/parse';
import type { SandboxState } from '../state';
import { positionId } from './position-ledger';

/** Exit and convert over a SandboxState. */
export class PositionActions {
  constructor(
    private readonly s: SandboxState,
    private readonly engine: MatchingEngine,
  ) {}

  /** DELETE /api/v2/positions: one position by id, or all open positions for `{}`. */
  exit(body: unknown): { message: string } {
    const b = body === undefined || body === null ? {} : asObject(body);
    if (b.id !== undefined && b.id !== null && b.id !== '') {
      if (typeof b.id !== 'string')
        fail(
          ErrorCode.InvalidParameters,
          'id must be a string position id like NSE:SBIN-EQ-INTRADAY',
        );
      const acc =
        this.s.positions.get(b.id) ??
        fail(ErrorCode.InvalidPositionId, `Invalid position id ${b.id}`);
      if (acc.buyQty - acc.sellQty === 0)
        fail(ErrorCode.PositionQtyZero, `Position ${b.id} has zero open quantity`);
      this.requireOpenMarket(acc.instrument);
      this.engine.flatten(acc, 'EXIT', 'Position exited by user');
      return { message: `Position ${b.id} exited` };
    }
    const open = this.s.positions.list().filter((a) => a.buyQty - a.sellQty !== 0);
    if (open.length === 0) fail(ErrorCode.InvalidAppId, 'No position to exit');
    for (const a of open) this.requireOpenMarket(a.instrument);
    for (const a of open) this.engine.flatten(a, 'EXIT', 'Position exited by user');
    return { message: `All ${open.length} open positions exited` };
  }

  private requireOpenMarket(i: Parameters<MatchingEngine['marketOpen']>[0]): void {
    if (!this.engine.marketOpen(i))
      fail(
        ErrorCode.OrderRejected,
        `The market for ${i.ticker} is closed; positions can be exited only while it is open`,
      );
  }

  /** PUT /api/v2/positions: move open quantity from one product to another. */
  convert(body: unknown): { message: string; positionDetails: number } {
    const b = asObject(body);
    for (const k of ['symbol', 'positionSide', 'convertQty', 'convertFrom', 'convertTo']) {
      if (b[k] === undefined || b[k] === null || b[k] === '')
        fail(ErrorCode.InvalidParameters, `${k} is required`);
    }
    if (typeof b.symbol !== 'string') fail(ErrorCode.InvalidParameters, 'symbol must be a string');
    const i =
      this.s.index.byTicker(b.symbol) ??
      fail(ErrorCode.InvalidSymbol, `Invalid symbol ${b.symbol}`);
    const side = b.positionSide;
    if (side !== Side.Buy && side !== Side.Sell)
      fail(ErrorCode.InvalidParameters, 'positionSide must be 1 (long) or -1 (short)');
    const from = b.convertFrom;
    const to = b.convertTo;
    if (!isProductType(from))
      fail(
        ErrorCode.InvalidParameters,
        `convertFrom must be a product type, got ${JSON.stringify(from)}`,
      );
    if (!isProductType(to))
      fail(
        ErrorCode.InvalidParameters,
        `convertTo must be a product type, got ${JSON.stringify(to)}`,
      );
    const noConvert: ProductType[] = ['CNC', 'CO', 'BO'];
    if (noConvert.includes(from))
      fail(
        ErrorCode.InvalidParameters,
        `convertFrom ${from}: ${from} positions cannot be converted to another product`,
      );
    if (to === 'CO' || to === 'BO')
      fail(ErrorCode.InvalidParameters, `convertTo ${to}: nothing can be converted into ${to}`);
    if (from === to) fail(ErrorCode.InvalidParameters, 'convertTo must differ from convertFrom');
    if (to === 'CNC' && i.segment !== Segment.CapitalMarket)
      fail(ErrorCode.InvalidParameters, 'convertTo CNC is allowed only for equity');
    if (to === 'MARGIN' && i.segment === Segment.CapitalMarket)
      fail(ErrorCode.InvalidParameters, 'convertTo MARGIN is allowed only for derivatives');
    const qty = b.convertQty;
    if (typeof qty !== 'number' || !Number.isInteger(qty) || qty <= 0)
      fail(ErrorCode.InvalidParameters, 'convertQty must be a whole number greater than 0');
    const lot = lotMultiple(i);
    if (qty % lot !== 0)
      fail(ErrorCode.InvalidParameters, `convertQty ${qty} not a multiple of lot size ${lot}`);
    const acc = this.s.positions.get(positionId(i, from));
    const net = acc ? acc.buyQty - acc.sellQty : 0;
    if (!acc || net === 0)
      fail(ErrorCode.NoOpenPositions, `No open ${from} position in ${i.ticker} to convert`);
    if (Math.sign(net) !== side)
      fail(
        ErrorCode.InvalidParameters,
        `positionSide ${side} does not match the ${net > 0 ? 'long' : 'short'} ${from} position`,
      );
    if (qty > Math.abs(net))
      fail(
        ErrorCode.InvalidParameters,
        `convertQty ${qty} is more than the open quantity ${Math.abs(net)}`,
      );
    if (to === 'CNC' && side === Side.Sell)
      fail(ErrorCode.InvalidParameters, 'a short position cannot be converted to CNC');
    this.s.positions.convert(i, from, to, side, qty);
    const ledger = i.segment === Segment.Commodity ? 'commodity' : 'equity';
    if (this.s.funds()[ledger].available < 0) {
      this.s.positions.convert(i, to, from, side, qty);
      fail(
        ErrorCode.OrderRejected,
        `Insufficient funds to convert ${qty} ${i.ticker} from ${from} to ${to}`,
      );
    }
    return { message: `Position converted from ${from} to ${to}`, positionDetails: 1 };
  }
}
