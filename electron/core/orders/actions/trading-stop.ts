/**
 * The order path's one check of a trading stop (the kill switch, or a daily limit that
 * acted): while one is in force, every new order, basket, modification and conversion from
 * this app is refused with a typed error in plain words, before anything is journaled or
 * sent. Cancels and exits still go: they only take risk off. The stop is Tickdesk's own
 * (the broker has no switch in this dialect): the broker's own terminal still trades.
 */
import { formatIstDateTime } from '../../../../shared/format/ist';
import { AppError } from '../../../../shared/ipc/errors';
import { TRADING_STOPPED, type TradingBlock } from '../../../../shared/risk/risk-limits';

/** Where the order service learns whether trading is stopped now (null: it is not). */
export type TradingStopSource = () => TradingBlock | null;

const WHY: Record<TradingBlock['reason'], string> = {
  'kill-switch': 'the kill switch was used',
  'loss-limit': 'the daily loss limit was reached',
  'profit-target': 'the daily profit target was reached',
};

/** The refusal's words: why, until when, and that the broker's own terminal is not stopped. */
export function stopMessage(b: TradingBlock): string {
  return (
    `Trading is stopped in Tickdesk until ${formatIstDateTime(b.until)}: ${WHY[b.reason]}. ` +
    'Cancels and exits still work. The stop is Tickdesk’s own; the broker’s terminal still trades.'
  );
}

/** Throws the refusal when trading is stopped; returns quietly otherwise. */
export function refuseWhileStopped(stopped: TradingStopSource | undefined): void {
  const b = stopped?.();
  if (b) throw new AppError(TRADING_STOPPED, stopMessage(b), { action: 'none' });
}
