/**
 * The words of a fired price alert, for the toast and the OS notification: which symbol,
 * which condition, at what price, and the trader's own note. No field names, no paths.
 */
import { describeCondition, isChangeCondition } from '../../../../shared/alerts/price-alert';
import type { PriceAlertFired } from './price-alert-holder';

/** Title and body of a fired price alert. */
export function priceAlertText(f: PriceAlertFired): { title: string; body: string } {
  const { alert, ltp, changePct } = f;
  const price = `₹${ltp.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
  const change =
    changePct === null ? '' : ` (${changePct > 0 ? '+' : ''}${changePct.toFixed(2)}% on the day)`;
  const now = isChangeCondition(alert.condition)
    ? `it is at ${price}${change}`
    : `the last price is ${price}${change}`;
  const again = alert.repeat
    ? ` It can fire again after ${alert.cooldownMinutes} min.`
    : ' It will not fire again until you resume it.';
  const note = alert.note ? ` Note: ${alert.note}` : '';
  return {
    title: `Price alert: ${alert.symbol}`,
    body: `${describeCondition(alert)}: ${now}.${again}${note}`,
  };
}
