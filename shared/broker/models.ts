import { z } from 'zod';
import {
  MarketPhase,
  OrderStatus,
  OrderType,
  POSITION_FLAT,
  Side,
  type ProductType,
} from './enums';

/**
 * The clean models of every broker resource, as zod schemas with their types.
 *
 * The wire format has spelling variants, numeric strings, letters in number fields and three
 * date formats (spec; gaps.md). The client's normalizers turn all of that into these shapes,
 * and nothing else in the app ever sees the wire format. They double as IPC output schemas,
 * so they hold only JSON values: numbers, strings, booleans, null, and ISO UTC timestamps.
 */

const Iso = z.string().describe('ISO 8601 UTC timestamp');
const Day = z.string().describe('calendar date YYYY-MM-DD');
const OrderStatusCode = z.union([
  z.literal(OrderStatus.Canceled),
  z.literal(OrderStatus.Traded),
  z.literal(OrderStatus.Transit),
  z.literal(OrderStatus.Rejected),
  z.literal(OrderStatus.Pending),
  z.literal(OrderStatus.Expired),
]);
/** An order type code on the wire (Limit, Market, Stop, StopLimit): the one schema every boundary uses. */
export const OrderTypeCode = z.union([
  z.literal(OrderType.Limit),
  z.literal(OrderType.Market),
  z.literal(OrderType.Stop),
  z.literal(OrderType.StopLimit),
]);
/** Buy or sell on the wire: the one schema every boundary uses. */
export const SideCode = z.union([z.literal(Side.Buy), z.literal(Side.Sell)]);
/** A product type: the one schema every boundary uses. */
export const ProductTypeS = z.enum([
  'CNC',
  'INTRADAY',
  'MARGIN',
  'CO',
  'BO',
]) satisfies z.ZodType<ProductType>;
const ValidityS = z.enum(['DAY', 'IOC']);

/** The account holder, for the profile screen and the title bar. */
export const Profile = z.object({
  name: z.string(),
  displayName: z.string(),
  clientId: z.string(),
  imageUrl: z.string(),
  email: z.string(),
  pan: z.string(),
  passwordChangedAt: Iso.nullable(),
  passwordExpiryDays: z.number().nullable(),
  /**
   * The account has DDPI (or a POA): sells of demat shares need no eDIS authorization, so a
   * sell GTT goes through when it triggers. Null when the broker does not say (v2).
   */
  ddpi: z.boolean().nullable(),
});
export type Profile = z.infer<typeof Profile>;

/**
 * One ledger line of the funds view. `key` is stable across the duplicate id 3 rows the
 * broker sends; amounts are null when the broker put a letter where the number belongs.
 */
export const FundLine = z.object({
  id: z.number(),
  key: z.string(),
  title: z.string(),
  equity: z.number().nullable(),
  commodity: z.number().nullable(),
});
export type FundLine = z.infer<typeof FundLine>;

/** The funds view: all ledger lines plus the figures the order ticket needs without searching. */
export const Funds = z.object({
  lines: z.array(FundLine),
  availableBalance: z.object({ equity: z.number().nullable(), commodity: z.number().nullable() }),
  utilizedAmount: z.object({ equity: z.number().nullable(), commodity: z.number().nullable() }),
});
export type Funds = z.infer<typeof Funds>;

/** One demat holding. */
export const Holding = z.object({
  id: z.number(),
  symbol: z.string(),
  holdingType: z.string(),
  qty: z.number(),
  remainingQty: z.number(),
  costPrice: z.number(),
  marketValue: z.number(),
  ltp: z.number(),
  pl: z.number(),
  token: z.string(),
  exchange: z.number(),
});
export type Holding = z.infer<typeof Holding>;

/** Holdings with the broker's totals. */
export const Holdings = z.object({
  holdings: z.array(Holding),
  overall: z.object({
    count: z.number(),
    investment: z.number(),
    currentValue: z.number(),
    pl: z.number(),
    plPercent: z.number(),
  }),
});
export type Holdings = z.infer<typeof Holdings>;

/** One row of the order book (also the answer to "order by id"). */
export const Order = z.object({
  id: z.string(),
  exchangeOrderId: z.string(),
  symbol: z.string(),
  qty: z.number(),
  remainingQty: z.number(),
  filledQty: z.number(),
  status: OrderStatusCode,
  slNo: z.number(),
  message: z.string(),
  segment: z.number(),
  exchange: z.number(),
  instrument: z.number().nullable(),
  limitPrice: z.number(),
  stopPrice: z.number(),
  productType: ProductTypeS,
  type: OrderTypeCode,
  side: SideCode,
  disclosedQty: z.number(),
  disclosedQtyRemaining: z.number().nullable(),
  validity: ValidityS,
  placedAt: Iso.nullable(),
  parentId: z.string().nullable(),
  tradedPrice: z.number(),
  source: z.string(),
  token: z.string(),
  offline: z.boolean(),
  ltp: z.number().nullable(),
  /**
   * The order's tag when the broker gives one. An order a GTT placed carries
   * `<leg>:GTT<tag>` on v3 (`placedByGtt`, shared/broker/gtt.ts; docs/broker-v3.md "GTT").
   */
  tag: z.string().optional(),
});
export type Order = z.infer<typeof Order>;

/** One net position of the current trading day. */
export const Position = z.object({
  id: z.string(),
  symbol: z.string(),
  productType: ProductTypeS,
  side: z.union([SideCode, z.literal(POSITION_FLAT)]),
  netQty: z.number(),
  qty: z.number(),
  buyQty: z.number(),
  sellQty: z.number(),
  buyAvg: z.number(),
  sellAvg: z.number(),
  netAvg: z.number(),
  buyValue: z.number().nullable(),
  sellValue: z.number().nullable(),
  realizedPl: z.number(),
  unrealizedPl: z.number(),
  pl: z.number(),
  crossCurrency: z.boolean(),
  rbiRefRate: z.number(),
  commodityMultiplier: z.number(),
  segment: z.number(),
  exchange: z.number(),
  slNo: z.number(),
  ltp: z.number(),
  token: z.string(),
});
export type Position = z.infer<typeof Position>;

/** Positions with the broker's totals. */
export const Positions = z.object({
  positions: z.array(Position),
  overall: z.object({
    count: z.number(),
    openCount: z.number(),
    plTotal: z.number(),
    plRealized: z.number(),
    plUnrealized: z.number(),
  }),
});
export type Positions = z.infer<typeof Positions>;

/** One fill in the trade book. */
export const Trade = z.object({
  id: z.string(),
  symbol: z.string(),
  tradedAt: Iso.nullable(),
  orderId: z.string(),
  tradeNumber: z.string(),
  exchangeOrderNo: z.string(),
  price: z.number(),
  value: z.number(),
  qty: z.number(),
  side: SideCode,
  productType: z.string(),
  orderType: z.number().nullable(),
  segment: z.number(),
  exchange: z.number(),
  token: z.string(),
});
export type Trade = z.infer<typeof Trade>;

/** Whether one exchange segment is open. */
export const MarketStatus = z.object({
  exchange: z.number(),
  segment: z.number(),
  marketType: z.string(),
  /** The broker's status text, upper-cased (open-ended: see `marketPhaseOf`). */
  status: z.string(),
  phase: z.enum([
    MarketPhase.Open,
    MarketPhase.PreOpen,
    MarketPhase.PostClose,
    MarketPhase.Closed,
    MarketPhase.Unknown,
  ]),
});
export type MarketStatus = z.infer<typeof MarketStatus>;

/** The broker's answer to one order action (place, modify, cancel). */
export const OrderAck = z.object({
  id: z.string(),
  code: z.number(),
  message: z.string(),
  /** Code 201: sent to the exchange with no acknowledgement yet; the order book decides. */
  unacknowledged: z.boolean(),
});
export type OrderAck = z.infer<typeof OrderAck>;

/** The broker's typed failure, in the JSON form that crosses IPC and lands in the journal. */
export const BrokerFailure = z.object({
  kind: z.enum([
    'broker',
    'timeout',
    'network',
    'malformed',
    'redirect',
    'insecure',
    'not-logged-in',
    'aborted',
    'invalid-input',
    'day-block-risk',
  ]),
  code: z.number(),
  httpStatus: z.number().nullable(),
  brokerMessage: z.string(),
  explanation: z.string(),
  action: z.enum(['login', 'fix-field', 'wait', 'check-state', 'report', 'retry-later', 'none']),
  ambiguous: z.boolean(),
  retryAfterMs: z.number().nullable(),
});
export type BrokerFailure = z.infer<typeof BrokerFailure>;

/** One item of a multi place / modify / cancel answer: each order succeeds or fails alone. */
export const MultiItemResult = z.object({
  index: z.number(),
  httpStatus: z.number(),
  ok: z.boolean(),
  ack: OrderAck.nullable(),
  error: BrokerFailure.nullable(),
});
export type MultiItemResult = z.infer<typeof MultiItemResult>;

/** Exit of one or all positions. */
export const PositionExitAck = z.object({ code: z.number(), message: z.string() });
export type PositionExitAck = z.infer<typeof PositionExitAck>;

/** Convert of a position between product types. */
export const ConvertAck = z.object({
  code: z.number(),
  message: z.string(),
  positionDetails: z.number().nullable(),
});
export type ConvertAck = z.infer<typeof ConvertAck>;

/** One eDIS authorization record of the details history. */
export const EdisDetail = z.object({
  clientId: z.string(),
  isin: z.string(),
  qty: z.number(),
  qtyUtilized: z.number(),
  enteredAt: Iso.nullable(),
  startDate: Day.nullable(),
  endDate: Day.nullable(),
  days: z.number(),
  source: z.string(),
  status: z.string(),
  reason: z.string(),
  internalTxnId: z.string(),
  dpTxnId: z.string(),
  errCode: z.string(),
  errorCount: z.string(),
  transactionId: z.string(),
});
export type EdisDetail = z.infer<typeof EdisDetail>;

/** The depository hand-off form returned by the eDIS index call (HTML to post in its own window). */
export const EdisForm = z.object({ html: z.string() });
export type EdisForm = z.infer<typeof EdisForm>;

/** Outcome counts of an eDIS authorization. */
export const EdisInquiry = z.object({ failedCount: z.number(), successCount: z.number() });
export type EdisInquiry = z.infer<typeof EdisInquiry>;

/** The empty answer of the TPIN request (the TPIN itself goes to the trader by SMS). */
export const TpinAck = z.object({ code: z.number(), message: z.string() });
export type TpinAck = z.infer<typeof TpinAck>;

/** The order and position actions the order service performs. */
export const OrderAction = z.enum([
  'place',
  'modify',
  'cancel',
  'exit-position',
  'exit-all',
  'convert',
]);
export type OrderAction = z.infer<typeof OrderAction>;

/**
 * Where one order action stands. `unconfirmed` means the request may or may not have been
 * carried out (timeout, reset, 5xx, code 201) and the app is reading the order book to find
 * out; only `confirmed-not-done` and `failed` let the trader send it again.
 */
export const IntentStatus = z.enum([
  'blocked',
  'sending',
  'done',
  'failed',
  'unconfirmed',
  'confirmed-done',
  'confirmed-not-done',
]);
export type IntentStatus = z.infer<typeof IntentStatus>;

/** One problem found before sending: a broker rule (with its code) or a fat-finger guard. */
export const PrecheckViolation = z.object({
  field: z.string(),
  message: z.string(),
  code: z.number().nullable(),
  guard: z.string().nullable(),
  /**
   * Only on a CNC sell refused for want of a depository authorization (field 'edis'): how
   * many more demat shares to authorize, so the ticket can offer exactly that (eDIS).
   */
  authorizeQty: z.number().int().positive().optional(),
});
export type PrecheckViolation = z.infer<typeof PrecheckViolation>;

/** The UI's view of one order action, pushed on every change. */
export const OrderIntent = z.object({
  intentId: z.string(),
  batchId: z.string().nullable(),
  action: OrderAction,
  status: IntentStatus,
  summary: z.string(),
  orderId: z.string().nullable(),
  createdAt: Iso,
  updatedAt: Iso,
  error: BrokerFailure.nullable(),
  violations: z.array(PrecheckViolation),
  note: z.string(),
  resendAllowed: z.boolean(),
});
export type OrderIntent = z.infer<typeof OrderIntent>;
