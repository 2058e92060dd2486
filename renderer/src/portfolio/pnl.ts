import { formatInr } from '../../../shared/format';

/** A P&L figure with its sign ('+₹1,250.00'), for every P&L column. */
export function formatPl(value: number): string {
  return formatInr(value, { plusSign: true });
}

/** The CSS class of a P&L figure: green gain, red loss, plain flat. */
export function plClass(value: number): string {
  return value > 0 ? 'gain' : value < 0 ? 'loss' : '';
}

/** Whether a position's product can be converted (spec: CNC, CO and BO cannot). */
export function convertible(productType: string): boolean {
  return productType === 'INTRADAY' || productType === 'MARGIN';
}
