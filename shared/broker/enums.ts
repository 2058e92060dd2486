/**
 * Numeric and string codes of the brokerage API (spec "Resources" and gaps.md).
 *
 * The wire format speaks in bare numbers (status 6, side -1, exchange 10). Naming them once
 * here means the sandbox, the client and the renderer cannot disagree about what `6` means,
 * and a typo in a code becomes a type error instead of a silent mismatch.
 */

/** Order status codes; 3 is "not used currently" in the spec and deliberately absent. */
export const OrderStatus = {
  Canceled: 1,
  Traded: 2,
  Transit: 4,
  Rejected: 5,
  Pending: 6,
  Expired: 7,
} as const;
/** One of the order status codes the broker can report. */
export type OrderStatusCode = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Order type codes as sent on placement and reported in the order book. */
export const OrderType = {
  Limit: 1,
  Market: 2,
  Stop: 3,
  StopLimit: 4,
} as const;
/** One of the order type codes (1 Limit, 2 Market, 3 SL-M, 4 SL-L). */
export type OrderTypeCode = (typeof OrderType)[keyof typeof OrderType];

/**
 * Order types in trader-facing words, in ticket order. One table for the ticket, the order
 * book, the CSV export, baskets and the journal's summaries, so a type never reads two ways.
 */
export const ORDER_TYPES: readonly { code: OrderTypeCode; label: string }[] = [
  { code: OrderType.Limit, label: 'Limit' },
  { code: OrderType.Market, label: 'Market' },
  { code: OrderType.Stop, label: 'SL-M' },
  { code: OrderType.StopLimit, label: 'SL-L' },
];

/** Short label of an order type code for tables and summaries; unknown codes as numbers. */
export function orderTypeLabel(code: number): string {
  return ORDER_TYPES.find((t) => t.code === code)?.label ?? String(code);
}

/** Side codes: the API encodes buy/sell as +1/-1 rather than strings. */
export const Side = {
  Buy: 1,
  Sell: -1,
} as const;
/** A position's side when its net quantity is zero (the broker sends 0). */
export const POSITION_FLAT = 0;

/** 1 for buy, -1 for sell. */
export type SideCode = (typeof Side)[keyof typeof Side];

/** Product types, in the spelling the API uses on the wire. */
export const ProductType = {
  CNC: 'CNC',
  INTRADAY: 'INTRADAY',
  MARGIN: 'MARGIN',
  CO: 'CO',
  BO: 'BO',
} as const;
/** One of the product type strings. */
export type ProductType = (typeof ProductType)[keyof typeof ProductType];
/** All product types, for validation loops and pickers. */
export const PRODUCT_TYPES: readonly ProductType[] = ['CNC', 'INTRADAY', 'MARGIN', 'CO', 'BO'];

/** Order validity: good for the day, or immediate-or-cancel. */
export const Validity = {
  DAY: 'DAY',
  IOC: 'IOC',
} as const;
/** 'DAY' or 'IOC'. */
export type Validity = (typeof Validity)[keyof typeof Validity];
/** All validities, for validation loops and pickers. */
export const VALIDITIES: readonly Validity[] = ['DAY', 'IOC'];

/** Exchange codes (gaps.md: 10 NSE, 11 MCX, 12 BSE). */
export const Exchange = {
  NSE: 10,
  MCX: 11,
  BSE: 12,
} as const;
/** One of the exchange codes. */
export type ExchangeCode = (typeof Exchange)[keyof typeof Exchange];

/** Segment codes (gaps.md: 10 capital market, 11 equity derivatives, 12 currency, 20 commodity). */
export const Segment = {
  CapitalMarket: 10,
  EquityDerivatives: 11,
  Currency: 12,
  Commodity: 20,
} as const;
/** One of the segment codes. */
export type SegmentCode = (typeof Segment)[keyof typeof Segment];

/**
 * Market status strings the sandbox reports. The spec names OPEN and CLOSE; public clients of
 * the live API also report PREOPEN and POSTCLOSE_START/POSTCLOSE_CLOSED (inferred, see
 * docs/sandbox.md), which the sandbox sends in the cash market's pre-open and closing session.
 */
export type MarketStatusValue =
  'OPEN' | 'CLOSE' | 'PREOPEN' | 'POSTCLOSE_START' | 'POSTCLOSE_CLOSED';

/**
 * The phase of a market as the app shows it. The broker's status text is open-ended (new
 * values appear in releases), so the app reads it into one of these and keeps the text.
 */
export const MarketPhase = {
  Open: 'open',
  PreOpen: 'pre-open',
  PostClose: 'post-close',
  Closed: 'closed',
  Unknown: 'unknown',
} as const;
/** One of the market phases. */
export type MarketPhaseValue = (typeof MarketPhase)[keyof typeof MarketPhase];

/**
 * Known status texts and their phase. OPEN/CLOSE are the spec's; the rest are reported by
 * public clients of the live API (CLOSED, PREOPEN, PREOPEN_CLOSED, POSTCLOSE_START,
 * POSTCLOSE_CLOSED) and are inferences, not the spec.
 */
const PHASE_OF_STATUS: Readonly<Record<string, MarketPhaseValue>> = {
  OPEN: MarketPhase.Open,
  CLOSE: MarketPhase.Closed,
  CLOSED: MarketPhase.Closed,
  PREOPEN: MarketPhase.PreOpen,
  PREOPEN_CLOSED: MarketPhase.PreOpen,
  POSTCLOSE_START: MarketPhase.PostClose,
  POSTCLOSE_CLOSED: MarketPhase.PostClose,
};

/**
 * Whether orders in this phase go as after-market orders: every known phase but the continuous
 * session (the sandbox, like the spec, takes regular orders only while OPEN). Unknown is not
 * closed: an unfamiliar status must not flip the ticket's after-market switch.
 */
export function isClosedPhase(phase: MarketPhaseValue): boolean {
  return phase !== MarketPhase.Open && phase !== MarketPhase.Unknown;
}

/** The phase of a status text (any case, any spacing); an unfamiliar text is `unknown`. */
export function marketPhaseOf(status: string): MarketPhaseValue {
  return PHASE_OF_STATUS[status.trim().toUpperCase()] ?? MarketPhase.Unknown;
}

/** Success codes other than 200 that order actions return (gaps.md). */
export const OrderSuccessCode = {
  /** Placed or modified. */
  Placed: 1101,
  /** Cancelled. */
  Cancelled: 1103,
  /** Sent to the exchange, no acknowledgement yet: check the order book before acting again. */
  SentNoAck: 201,
} as const;

const ORDER_STATUS_SET = new Set<number>(Object.values(OrderStatus));
const ORDER_TYPE_SET = new Set<number>(Object.values(OrderType));
const EXCHANGE_SET = new Set<number>(Object.values(Exchange));
const SEGMENT_SET = new Set<number>(Object.values(Segment));

/** Narrows an untrusted number (from JSON) to an order status code. */
export function isOrderStatus(v: unknown): v is OrderStatusCode {
  return typeof v === 'number' && ORDER_STATUS_SET.has(v);
}
/** Narrows an untrusted number (from JSON) to an order type code. */
export function isOrderType(v: unknown): v is OrderTypeCode {
  return typeof v === 'number' && ORDER_TYPE_SET.has(v);
}
/** Narrows an untrusted number (from JSON) to a side code. */
export function isSide(v: unknown): v is SideCode {
  return v === 1 || v === -1;
}
/** Narrows an untrusted string (from JSON) to a product type. */
export function isProductType(v: unknown): v is ProductType {
  return typeof v === 'string' && (PRODUCT_TYPES as readonly string[]).includes(v);
}
/** Narrows an untrusted string (from JSON) to a validity. */
export function isValidity(v: unknown): v is Validity {
  return v === 'DAY' || v === 'IOC';
}
/** Narrows an untrusted number (from JSON) to an exchange code. */
export function isExchange(v: unknown): v is ExchangeCode {
  return typeof v === 'number' && EXCHANGE_SET.has(v);
}
/** Narrows an untrusted number (from JSON) to a segment code. */
export function isSegment(v: unknown): v is SegmentCode {
  return typeof v === 'number' && SEGMENT_SET.has(v);
}

/** Order statuses after which nothing more can happen to the order. */
export const TERMINAL_ORDER_STATUSES: readonly OrderStatusCode[] = [
  OrderStatus.Canceled,
  OrderStatus.Traded,
  OrderStatus.Rejected,
  OrderStatus.Expired,
];

/** True when nothing more can happen to an order with this status. */
export function isTerminalStatus(code: number): boolean {
  return (TERMINAL_ORDER_STATUSES as readonly number[]).includes(code);
}

/** A status in words for notes and messages: "status 6" means nothing to a trader. */
export function orderStatusName(code: number): string {
  const name = Object.entries(OrderStatus).find(([, v]) => v === code)?.[0];
  return name ? name.toLowerCase() : `status ${code}`;
}
