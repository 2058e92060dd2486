/**
 * Published trading hours per segment (IST), for the market view's "Hours" column and its
 * pre-open label. The spec's market-status call says only OPEN or CLOSE (the live API says
 * more); these hours say when each session runs and whether a closed cash market is in its
 * pre-open call auction.
 * Display only: orders are decided by the broker, never by this table. Holidays are not
 * known here; the broker's status is.
 */
import { MarketPhase, Segment, marketPhaseOf } from '../../../shared/broker/enums';
import { istParts } from '../../../shared/format/ist';

/** One segment's day, in minutes after midnight IST. */
export interface SessionHours {
  open: number;
  close: number;
  /** The pre-open call auction (cash markets only). */
  preOpen: { from: number; to: number } | null;
  /** Minutes before the close the broker squares off intraday positions (gaps.md). */
  squareOffBefore: number;
}

const HOURS: Record<number, SessionHours> = {
  [Segment.CapitalMarket]: {
    open: 9 * 60 + 15,
    close: 15 * 60 + 30,
    preOpen: { from: 9 * 60, to: 9 * 60 + 8 },
    squareOffBefore: 10,
  },
  [Segment.EquityDerivatives]: {
    open: 9 * 60 + 15,
    close: 15 * 60 + 30,
    preOpen: null,
    squareOffBefore: 5,
  },
  [Segment.Currency]: { open: 9 * 60, close: 17 * 60, preOpen: null, squareOffBefore: 15 },
  [Segment.Commodity]: { open: 9 * 60, close: 23 * 60 + 30, preOpen: null, squareOffBefore: 25 },
};

/** The segment's published hours, or null for a segment this table does not know. */
export function sessionHours(segment: number): SessionHours | null {
  return HOURS[segment] ?? null;
}

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** '09:15–15:30 (pre-open 09:00–09:08)'. */
export function hoursText(h: SessionHours): string {
  const pre = h.preOpen ? ` (pre-open ${hhmm(h.preOpen.from)}–${hhmm(h.preOpen.to)})` : '';
  return `${hhmm(h.open)}–${hhmm(h.close)}${pre}`;
}

/** '15:20': when the broker starts squaring off intraday positions. */
export function squareOffText(h: SessionHours): string {
  return hhmm(h.close - h.squareOffBefore);
}

/**
 * What to call a segment now. The broker's phase decides (Open, Pre-open, Post-close); a
 * plain CLOSE inside the pre-open window of a weekday is "Pre-open", since the v2 status has
 * no word for it; a status nobody has documented shows as the broker's own text.
 */
export function statusLabel(status: string, segment: number, nowMs: number): string {
  switch (marketPhaseOf(status)) {
    case MarketPhase.Open:
      return 'Open';
    case MarketPhase.PreOpen:
      return 'Pre-open';
    case MarketPhase.PostClose:
      return 'Post-close';
    case MarketPhase.Unknown:
      return status ? `${status} (unfamiliar status)` : 'Not reported';
    case MarketPhase.Closed:
      break;
  }
  const h = sessionHours(segment);
  if (!h?.preOpen) return 'Closed';
  const p = istParts(nowMs);
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  const minute = p.hour * 60 + p.minute;
  return weekday >= 1 && weekday <= 5 && minute >= h.preOpen.from && minute < h.preOpen.to
    ? 'Pre-open'
    : 'Closed';
}
