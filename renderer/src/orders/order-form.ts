import type { ProductType } from '../../../shared/broker/enums';
import type { PrecheckViolation } from '../../../shared/broker/models';
import { lotMultiple, roundToTick } from '../../../shared/broker/rules';
import { orderValueAt } from '../../../shared/broker/order-value';
import type { OrderDraftInput } from '../../../shared/ipc/channels/orders';
import type { SymbolInfo } from '../../../shared/ipc/channels/symbols';
import {
  ORDER_TYPES,
  OrderType,
  Segment,
  Side,
  orderTypeLabel,
} from '../../../shared/broker/enums';

import type { TicketDraft } from '../../../shared/ipc/channels/drafts';

/**
 * The order ticket as the trader typed it (its one home is shared/ipc/channels/drafts.ts,
 * since the main process keeps it across a renderer crash). Numbers stay text so a
 * half-typed "812." or a mistyped "8l2" is kept exactly as typed through errors, expiry,
 * reconnects and reloads; they are parsed only when sent or pre-checked.
 */
export type { TicketDraft };

/** Marks a "Required." problem, which the ticket shows only once the trader tries to send. */
export const REQUIRED = 'ticket-required';

/** The ticket fields a violation can point at. */
export type TicketField = Exclude<keyof TicketDraft, 'side'> | 'side' | 'order';

/** A fresh ticket: buy, limit, intraday, day validity. */
export function emptyDraft(): TicketDraft {
  return {
    symbol: null,
    side: Side.Buy,
    qty: '',
    type: OrderType.Limit,
    productType: 'INTRADAY',
    limitPrice: '',
    stopPrice: '',
    validity: 'DAY',
    disclosedQty: '',
    stopLoss: '',
    takeProfit: '',
    offlineOrder: false,
  };
}

/** The order type labels' home is shared (the journal's summaries use them too). */
export { ORDER_TYPES, orderTypeLabel };

/**
 * Products the broker accepts for a segment (spec: CNC equity only, MARGIN derivatives
 * only, INTRADAY everywhere, CO/BO as order kinds). The ticket offers only these.
 */
export function productsFor(segment: number | undefined): ProductType[] {
  if (segment === undefined) return ['CNC', 'INTRADAY', 'MARGIN', 'CO', 'BO'];
  return segment === Segment.CapitalMarket
    ? ['CNC', 'INTRADAY', 'CO', 'BO']
    : ['INTRADAY', 'MARGIN', 'CO', 'BO'];
}

/** Order types a product allows (spec rule 6: a cover order is market or limit). */
export function typesFor(product: ProductType): typeof ORDER_TYPES {
  return product === 'CO'
    ? ORDER_TYPES.filter((t) => t.code === OrderType.Limit || t.code === OrderType.Market)
    : ORDER_TYPES;
}

/** Which inputs the current draft needs, so the ticket shows only those. */
export function fieldsFor(d: TicketDraft) {
  const equity = d.symbol ? d.symbol.segment === Segment.CapitalMarket : true;
  const bracket = d.productType === 'CO' || d.productType === 'BO';
  return {
    limitPrice: d.type === OrderType.Limit || d.type === OrderType.StopLimit,
    stopPrice: d.type === OrderType.Stop || d.type === OrderType.StopLimit,
    stopLoss: bracket,
    takeProfit: d.productType === 'BO',
    disclosedQty: equity && !bracket,
    validity: !bracket,
  };
}

/** The quantity step: the lot for equity derivatives, 1 elsewhere (spec placement rule 9). */
export function qtyStep(symbol: SymbolInfo | null): number {
  if (!symbol) return 1;
  return lotMultiple(symbol);
}

/**
 * Units per typed quantity: the ticket takes F&O quantities in lots (what a trader counts:
 * "2 lots" of NIFTY, not "150"), so the draft's qty is in lots wherever the broker wants
 * lot multiples, and in shares or contracts elsewhere. A quantity left over from one
 * instrument can then never be off another's lot grid.
 */
export function unitsPerQty(symbol: SymbolInfo | null): number {
  return qtyStep(symbol);
}

/** True when the ticket's quantity is typed in lots (equity derivatives). */
export function qtyInLots(symbol: SymbolInfo | null): boolean {
  return unitsPerQty(symbol) > 1;
}

/** The units (shares, contracts) a typed quantity stands for, or null while it is not a number. */
export function draftUnits(d: Pick<TicketDraft, 'qty' | 'symbol'>): number | null {
  const n = parseNumber(d.qty);
  return n === null ? null : n * unitsPerQty(d.symbol);
}

function parseNumber(text: string): number | null {
  const t = text.replace(/,/g, '').trim();
  if (t === '' || !/^\d*\.?\d*$/.test(t) || t === '.') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Steps a quantity text by whole lots, snapping an off-lot value to the lot grid first. */
export function stepQty(text: string, dir: 1 | -1, step: number): string {
  return String(Math.max(step, nextOnGrid(parseNumber(text) ?? 0, dir, step) * step));
}

/** Steps a price text by one tick, landing on the tick grid (float-safe). */
export function stepPrice(text: string, dir: 1 | -1, tick: number): string {
  const t = tick > 0 ? tick : 0.05;
  const next = roundToTick(Math.max(0, nextOnGrid(parseNumber(text) ?? 0, dir, t) * t), t);
  return formatPlain(next, t);
}

/** The next grid index above (or below) a value; an off-grid value goes to the nearest grid point that way. */
function nextOnGrid(n: number, dir: 1 | -1, step: number): number {
  const units = n / step;
  return dir > 0 ? Math.floor(units + 1e-9) + 1 : Math.ceil(units - 1e-9) - 1;
}

/** A price as the ticket's price inputs spell it, rounded onto the tick grid (depth levels, LTP). */
export function priceText(n: number, tick: number): string {
  const t = tick > 0 ? tick : 0.05;
  return formatPlain(roundToTick(n, t), t);
}

function formatPlain(n: number, tick: number): string {
  const s = String(tick);
  const decimals = s.includes('.') ? s.length - s.indexOf('.') - 1 : 0;
  return n.toFixed(Math.max(decimals, 2));
}

/**
 * Turns the typed draft into the channel's input. Text that is not a number becomes a
 * local violation on its field (and no input), so the trader sees it at once without a
 * round trip; fields the order type does not use are sent as 0 as the spec requires.
 */
export function toOrderInput(d: TicketDraft): {
  input: OrderDraftInput | null;
  problems: PrecheckViolation[];
} {
  const problems: PrecheckViolation[] = [];
  const need = fieldsFor(d);
  const problem = (field: TicketField, message: string) =>
    problems.push({ field, message, code: null, guard: 'ticket' });
  const num = (field: keyof TicketDraft, used: boolean, required: boolean): number => {
    if (!used) return 0;
    const text = String(d[field] ?? '');
    if (text.trim() === '') {
      if (required) problems.push({ field, message: 'Required.', code: null, guard: REQUIRED });
      return 0;
    }
    const n = parseNumber(text);
    if (n === null) {
      problem(field, `“${text}” is not a number.`);
      return 0;
    }
    return n;
  };
  if (!d.symbol)
    problems.push({ field: 'symbol', message: 'Pick a symbol.', code: null, guard: REQUIRED });
  const typed = num('qty', true, true);
  if (typed > 0 && !Number.isInteger(typed))
    problem(
      'qty',
      qtyInLots(d.symbol) ? 'Lots must be a whole number.' : 'Quantity must be a whole number.',
    );
  const input: OrderDraftInput = {
    symbol: d.symbol?.ticker ?? '',
    qty: typed * unitsPerQty(d.symbol),
    type: d.type,
    side: d.side,
    productType: d.productType,
    limitPrice: num('limitPrice', need.limitPrice, true),
    stopPrice: num('stopPrice', need.stopPrice, true),
    disclosedQty: num('disclosedQty', need.disclosedQty, false),
    validity: need.validity ? d.validity : 'DAY',
    offlineOrder: d.offlineOrder,
    stopLoss: num('stopLoss', need.stopLoss, true),
    takeProfit: num('takeProfit', need.takeProfit, true),
  };
  if (input.disclosedQty && !Number.isInteger(input.disclosedQty))
    problem('disclosedQty', 'Disclosed quantity must be a whole number.');
  return { input: problems.length ? null : input, problems };
}

/**
 * The draft's value at its limit price (or trigger), for the large-order confirmation:
 * qty × price × the contract's multiplier (order-value.ts; null when a commodity's is unknown).
 */
export function draftValue(
  input: OrderDraftInput,
  symbol: Pick<SymbolInfo, 'segment' | 'contractMultiplier'> | null | undefined,
): number | null {
  const price = input.limitPrice || input.stopPrice || 0;
  return symbol ? orderValueAt(input.qty, price, symbol) : null;
}

/** Orders at or above this value ask for confirmation (₹10 lakh). */
export const LARGE_ORDER_VALUE = 10_00_000;
