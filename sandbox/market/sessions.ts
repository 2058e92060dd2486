/**
 * Market sessions per exchange segment, by the IST clock and the exchanges' holiday calendar
 * (shared/broker/exchange-holidays.ts), and the status the market-status endpoint reports. Order matching, after-market orders, DAY expiry and intraday square-off all ask
 * this one module whether a segment is open, so a test that closes a market through the
 * controls sees every behaviour follow.
 */
import type { ExchangeCode, MarketStatusValue, SegmentCode } from '../../shared/broker/enums';
import { istParts } from '../time/ist';
import { Segment, Exchange } from '../../shared/broker/enums';
import { tradingWindow } from '../../shared/broker/exchange-holidays';

// The session times' one home is shared (the app's updater policy reads them too).
import { SESSION_TIMES, type SessionTimes } from '../../shared/broker/session-times';
export { SESSION_TIMES, type SessionTimes };

/** The exchange-segment pairs the broker lists (one per symbol master file). */
export const MARKETS: readonly { exchange: ExchangeCode; segment: SegmentCode }[] = [
  { exchange: Exchange.NSE, segment: Segment.CapitalMarket },
  { exchange: Exchange.NSE, segment: Segment.EquityDerivatives },
  { exchange: Exchange.NSE, segment: Segment.Currency },
  { exchange: Exchange.NSE, segment: Segment.Commodity },
  { exchange: Exchange.BSE, segment: Segment.CapitalMarket },
  { exchange: Exchange.BSE, segment: Segment.EquityDerivatives },
  { exchange: Exchange.MCX, segment: Segment.Commodity },
];

/** Override set through the test controls; AUTO means "follow the clock". */
export type MarketOverride = MarketStatusValue | 'AUTO';

/** Every override the market control accepts. */
export const MARKET_OVERRIDES: readonly MarketOverride[] = [
  'OPEN',
  'CLOSE',
  'PREOPEN',
  'POSTCLOSE_START',
  'POSTCLOSE_CLOSED',
  'AUTO',
];

/**
 * The cash market's sessions around the continuous one (NSE/BSE): the pre-open call auction
 * 09:00-09:08 and the closing session 15:40-16:00. The live API reports them as PREOPEN and
 * POSTCLOSE_START, and POSTCLOSE_CLOSED for the rest of that evening (public clients of the
 * live API; inferred, not in the spec: docs/sandbox.md).
 */
export const CASH_EXTRA_SESSIONS = {
  preOpen: { from: 9 * 60, to: 9 * 60 + 8 },
  postClose: { from: 15 * 60 + 40, to: 16 * 60 },
} as const;

/**
 * The segment's continuous session on the IST day of `nowMs`, in minutes of the day, or null
 * when the exchange does not trade that day (a weekend or a full holiday of the exchange's
 * calendar, shared/broker/exchange-holidays.ts). MCX's half holidays cut it at 17:00.
 */
export function sessionOn(
  exchange: ExchangeCode,
  segment: SegmentCode,
  nowMs: number,
): { open: number; close: number } | null {
  const w = tradingWindow(exchange, istParts(nowMs));
  if (!w) return null;
  const t = SESSION_TIMES[segment];
  const open = Math.max(t.open, w.from);
  const close = Math.min(t.close, w.to);
  return open < close ? { open, close } : null;
}

/**
 * Status by the clock and the exchange calendar: OPEN in the day's session, the cash
 * market's pre-open and closing sessions around it, CLOSE otherwise. On a holiday nothing
 * opens; the cash market's evening still reads POSTCLOSE_CLOSED, as a public client of the
 * live API saw on a holiday (inferred: docs/sandbox.md).
 */
export function scheduledStatus(
  exchange: ExchangeCode,
  segment: SegmentCode,
  nowMs: number,
): MarketStatusValue {
  const p = istParts(nowMs);
  if (p.weekday === 0 || p.weekday === 6) return 'CLOSE';
  const m = p.minuteOfDay + p.second / 60;
  const session = sessionOn(exchange, segment, nowMs);
  if (session && m >= session.open && m < session.close) return 'OPEN';
  if (segment !== Segment.CapitalMarket) return 'CLOSE';
  const { preOpen, postClose } = CASH_EXTRA_SESSIONS;
  if (m >= postClose.to) return 'POSTCLOSE_CLOSED';
  if (!session) return 'CLOSE';
  if (m >= preOpen.from && m < preOpen.to) return 'PREOPEN';
  if (m >= postClose.from && m < postClose.to) return 'POSTCLOSE_START';
  return 'CLOSE';
}

/** Whether the clock says we are inside the square-off window before the day's close. */
export function inSquareOffWindow(
  exchange: ExchangeCode,
  segment: SegmentCode,
  nowMs: number,
): boolean {
  const session = sessionOn(exchange, segment, nowMs);
  if (!session) return false;
  const m = istParts(nowMs).minuteOfDay;
  const lead = SESSION_TIMES[segment].squareOffBefore;
  return m >= session.close - lead && m < session.close;
}

/** Holds the per-market overrides and answers "is this market open now?". */
export class SessionBoard {
  private overrides = new Map<string, MarketOverride>();

  /** Sets OPEN, CLOSE or AUTO for one exchange-segment pair. */
  setOverride(exchange: ExchangeCode, segment: SegmentCode, status: MarketOverride): void {
    if (status === 'AUTO') this.overrides.delete(`${exchange}:${segment}`);
    else this.overrides.set(`${exchange}:${segment}`, status);
  }

  /** Whether a test has pinned this market. */
  isOverridden(exchange: ExchangeCode, segment: SegmentCode): boolean {
    return this.overrides.has(`${exchange}:${segment}`);
  }

  /** Current status: the override if any, else the scheduled status. */
  status(exchange: ExchangeCode, segment: SegmentCode, nowMs: number): MarketStatusValue {
    const o = this.overrides.get(`${exchange}:${segment}`);
    if (o !== undefined && o !== 'AUTO') return o;
    return scheduledStatus(exchange, segment, nowMs);
  }

  /** Clears every override (test reset). */
  clear(): void {
    this.overrides.clear();
  }
}
