/**
 * The broker's two checks on a CNC (delivery) sell, as ONE pure function: the sell must not
 * be more than the shares there are to sell, and the part that comes out of the demat
 * account must be authorized for sale today (eDIS, with the TPIN at the depository).
 *
 * Why shared: the sandbox refuses with it (it is the broker), the order service pre-checks
 * every ticket and basket order with it before anything is sent, so a CNC sell of
 * unauthorized holdings is stopped in the app, with the authorization offered, instead of
 * being sent and refused (issue 17 #3). Nothing here names an API path or an API field.
 */
import { ErrorCode } from './errors';
import type { PrecheckViolation } from './models';

/** What a CNC sell of one company's shares (one ISIN) may draw on, as the broker counts it. */
export interface DematStock {
  /** Demat shares held and not yet sold today (the holding's remaining quantity). */
  held: number;
  /** Shares bought today under CNC, net: sold without eDIS, since they are not in demat yet. */
  boughtToday: number;
  /** The unfilled part of open CNC sells of the same shares. */
  pendingSells: number;
  /**
   * Demat quantity authorized for sale today (eDIS) and not yet used by other sells; null when
   * it is not known (the authorization history could not be read): then only the broker checks.
   */
  authorized: number | null;
}

/**
 * One refused CNC sell is a `PrecheckViolation` (the ticket's one shape of a problem found
 * before sending): field 'qty' or 'edis', the code the broker sends (-99), a message in
 * words, no guard, and for the eDIS refusal how many more demat shares to authorize.
 */

/** The result of `checkDematSell`: what the sell takes from demat, and what is wrong. */
export interface DematSellCheck {
  /** Shares of this sell that come out of the demat account (and so need eDIS). */
  fromDemat: number;
  violations: PrecheckViolation[];
}

const shares = (n: number) => `${n} share${n === 1 ? '' : 's'}`;

/**
 * Checks a CNC sell of `qty` shares of `name` (a ticker, for the message) against its stock.
 * Shares bought today are sold first (no eDIS needed); the rest come from demat.
 */
export function checkDematSell(qty: number, stock: DematStock, name: string): DematSellCheck {
  const held = Math.max(0, stock.held);
  const bought = Math.max(0, stock.boughtToday);
  const pending = Math.max(0, stock.pendingSells);
  const sellable = held + bought - pending;
  const violations: PrecheckViolation[] = [];
  if (qty > sellable) {
    const parts = [`${held} in demat`];
    if (bought > 0) parts.push(`${bought} bought today`);
    if (pending > 0) parts.push(`${pending} already in open sell orders`);
    violations.push({
      code: ErrorCode.OrderRejected,
      field: 'qty',
      guard: null,
      message: `You can sell at most ${shares(Math.max(0, sellable))} of ${name} as delivery (CNC): ${parts.join(', ')}.`,
    });
    return { fromDemat: 0, violations };
  }
  const fromDemat = Math.max(0, qty - Math.max(0, bought - pending));
  const authorized = stock.authorized === null ? null : Math.max(0, stock.authorized);
  if (fromDemat > 0 && authorized !== null && fromDemat > authorized) {
    violations.push({
      code: ErrorCode.OrderRejected,
      field: 'edis',
      guard: null,
      message:
        authorized === 0
          ? `Selling ${shares(fromDemat)} of ${name} from your demat account needs a depository authorization (eDIS) today, and none is given yet. Authorize them first.`
          : `Selling ${shares(fromDemat)} of ${name} from your demat account needs a depository authorization (eDIS); only ${shares(authorized)} ${authorized === 1 ? 'is' : 'are'} authorized today. Authorize ${fromDemat - authorized} more first.`,
      authorizeQty: fromDemat - authorized,
    });
  }
  return { fromDemat, violations };
}

/**
 * Whether a broker's reason for refusing a sell is the missing depository authorization
 * (eDIS / CDSL TPIN), as opposed to too few shares or funds: the GTT alert then says what to
 * do. Our own words (`checkDematSell`, which the sandbox answers with) and the words brokers
 * are reported to use ("DP not authorised", "TPIN not authorised": Zerodha's help pages) are
 * recognized; other brokers' exact texts are not published (docs/broker-v3.md, GTT).
 */
export function isEdisRefusal(reason: string): boolean {
  return /\beDIS\b|\bTPIN\b|depository authori[sz]ation|\bDP not authori[sz]ed|demat (debit )?authori[sz]ation/i.test(
    reason,
  );
}
