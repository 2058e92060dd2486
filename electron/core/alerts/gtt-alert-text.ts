/**
 * The words of a GTT-triggered alert (issue 21 #1): which GTT (its id and what it was), which
 * leg fired, and that its order is now in the order book like any other; or, when the broker
 * rejected the order the GTT placed, why and what to do (an unauthorized CNC sell: eDIS).
 */
import type { Gtt } from '../../../shared/broker/gtt';
import { Side } from '../../../shared/broker/enums';
import { rupees } from '../../../shared/broker/rules';
import { isEdisRefusal } from '../../../shared/broker/demat-sell';

/** Title and body of the alert for a triggered GTT. */
export function gttAlertText(g: Gtt): { title: string; body: string } {
  const side = g.side === Side.Buy ? 'Buy' : 'Sell';
  // The broker's note names the leg ("target leg", "stop leg") when it says which fired.
  const leg = /stop leg/i.test(g.message) ? g.leg2 : g.leg1;
  const which = g.kind === 'oco' ? (/stop leg/i.test(g.message) ? 'stop' : 'target') : null;
  const at = leg ? ` at ${rupees(leg.limitPrice)}` : '';
  const order = /order (\S+) placed/i.exec(g.message)?.[1];
  if (g.status === 'rejected') return rejectedText(g, side, leg?.qty ?? null);
  return {
    title: `GTT ${g.id} triggered: ${side} ${leg?.qty ?? ''} ${g.symbol}`.replace(/\s+/g, ' '),
    body:
      `${g.kind === 'oco' ? `The OCO's ${which} leg` : 'The GTT'} (trigger ${rupees(leg?.triggerPrice ?? 0)}) fired: a limit ${side.toLowerCase()} order${at} went to the exchange` +
      (order ? ` (order ${order})` : '') +
      (g.kind === 'oco' ? '; the other leg is cancelled.' : '.'),
  };
}

/** A GTT that fired but whose order the broker refused: the reason, and what the trader can do. */
function rejectedText(g: Gtt, side: string, qty: number | null): { title: string; body: string } {
  const title = `GTT ${g.id} triggered, its order was rejected: ${side} ${qty ?? ''} ${g.symbol}`;
  const reason = g.message.replace(/^.*?rejected:\s*/i, '').trim() || g.message;
  const body = isEdisRefusal(g.message)
    ? 'The broker rejected the sell: the demat shares were not authorized for sale that day (eDIS). ' +
      'Authorize them on the eDIS screen and place the sell again, and set a new GTT if you still want one. ' +
      'With DDPI on your account, sell GTTs go through without a daily authorization.'
    : `The broker rejected the order it placed: ${reason} The GTT is finished: set a new one if you still want it.`;
  return { title: title.replace(/\s+/g, ' '), body };
}
