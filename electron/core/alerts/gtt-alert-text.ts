/**
 * The words of a GTT-triggered alert (issue 21 #1): which GTT (its id and what it was), which
 * leg fired, and that its order is now in the order book like any other.
 */
import type { Gtt } from '../../../shared/broker/gtt';
import { Side } from '../../../shared/broker/enums';
import { rupees } from '../../../shared/broker/rules';

/** Title and body of the alert for a triggered GTT. */
export function gttAlertText(g: Gtt): { title: string; body: string } {
  const side = g.side === Side.Buy ? 'Buy' : 'Sell';
  // The broker's note names the leg ("target leg", "stop leg") when it says which fired.
  const leg = /stop leg/i.test(g.message) ? g.leg2 : g.leg1;
  const which = g.kind === 'oco' ? (/stop leg/i.test(g.message) ? 'stop' : 'target') : null;
  const at = leg ? ` at ${rupees(leg.limitPrice)}` : '';
  const order = /order (\S+) placed/i.exec(g.message)?.[1];
  return {
    title: `GTT ${g.id} triggered: ${side} ${leg?.qty ?? ''} ${g.symbol}`.replace(/\s+/g, ' '),
    body:
      `${g.kind === 'oco' ? `The OCO's ${which} leg` : 'The GTT'} (trigger ${rupees(leg?.triggerPrice ?? 0)}) fired: a limit ${side.toLowerCase()} order${at} went to the exchange` +
      (order ? ` (order ${order})` : '') +
      (g.kind === 'oco' ? '; the other leg is cancelled.' : '.'),
  };
}
