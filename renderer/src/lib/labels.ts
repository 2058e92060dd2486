import { OrderStatus, Side } from '../../../shared/broker/enums';

const EXCHANGES: Record<number, string> = { 10: 'NSE', 11: 'MCX', 12: 'BSE' };
const SEGMENTS: Record<number, string> = { 10: 'Cash', 11: 'F&O', 12: 'Currency', 20: 'Commodity' };
const ORDER_STATUS: Record<number, string> = {
  [OrderStatus.Canceled]: 'Cancelled',
  [OrderStatus.Traded]: 'Traded',
  [OrderStatus.Transit]: 'Transit',
  [OrderStatus.Rejected]: 'Rejected',
  [OrderStatus.Pending]: 'Pending',
  [OrderStatus.Expired]: 'Expired',
};

/** Exchange code to its name (10 NSE, 11 MCX, 12 BSE), for badges. */
export function exchangeLabel(code: number): string {
  return EXCHANGES[code] ?? String(code);
}

/** Segment code to a short name, for badges. */
export function segmentLabel(code: number): string {
  return SEGMENTS[code] ?? String(code);
}

/** Order status code to its word (spec "States"), for the order book. */
export function orderStatusLabel(code: number): string {
  return ORDER_STATUS[code] ?? `Status ${code}`;
}

/** 'Buy' / 'Sell' for side codes. */
export function sideLabel(side: number): string {
  return side === Side.Buy ? 'Buy' : side === Side.Sell ? 'Sell' : '—';
}
