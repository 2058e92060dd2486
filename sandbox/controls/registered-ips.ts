/**
 * The static IPs registered for the API app (SEBI's 2026 retail algo framework: the broker
 * accepts order actions only from an IP registered for the app). Unset (the default) means
 * "no rule", so Demo mode and every other test trade as before; set, an order action from
 * any other address is refused for good with `ErrorCode.StaticIpNotRegistered`.
 *
 * Inferred (docs/broker-v3.md, "The 2026 rules"): the code, the HTTP status (403) and the
 * wording are the sandbox's; the broker's own answer is not in its SDK or public docs. Reads
 * are not order actions and stay allowed, as the rule is about orders.
 */
import { ErrorCode } from '../../shared/broker/errors';
import { isIP } from 'node:net';
import { BrokerFailure } from '../failure';
import type { Route } from '../http/types';

/** The operations that are order actions (the routes' `operation` names, in every dialect). */
export const ORDER_ACTION_OPERATIONS: readonly string[] = [
  'Order Placement',
  'Order Modification',
  'Order Cancellation',
  'Exit Positions',
  'Convert Positions',
];

/** Most addresses the control accepts (the broker lets an app register a primary and a backup). */
export const MAX_REGISTERED_IPS = 10;

/** Whether a route carries an order action the IP rule applies to. */
export function isOrderAction(route: Pick<Route, 'access' | 'operation'>): boolean {
  return route.access === 'user' && ORDER_ACTION_OPERATIONS.includes(route.operation ?? '');
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is 127.0.0.1. */
function normalise(ip: string): string {
  const v = ip.trim().toLowerCase();
  return v.startsWith('::ffff:') && isIP(v.slice(7)) === 4 ? v.slice(7) : v;
}

/** The registered addresses and the check of one request's peer against them. */
export class RegisteredIps {
  private ips: Set<string> | null = null;

  /**
   * Replaces the list; `null` removes the rule. Throws a plain message for a value that is
   * not a list of IP addresses (what the control and the CLI flag answer with).
   */
  set(value: unknown): void {
    if (value === null) {
      this.ips = null;
      return;
    }
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_REGISTERED_IPS)
      throw new Error(`ips must be null or a list of 1..${MAX_REGISTERED_IPS} IP addresses`);
    const next = new Set<string>();
    for (const ip of value) {
      if (typeof ip !== 'string' || isIP(ip.trim()) === 0)
        throw new Error(`${String(ip)} is not an IP address`);
      next.add(normalise(ip));
    }
    this.ips = next;
  }

  /** The registered list, or null when no rule is set. */
  list(): string[] | null {
    return this.ips ? [...this.ips] : null;
  }

  /** Throws the refusal when an order action comes from an unregistered peer. */
  check(route: Pick<Route, 'access' | 'operation'>, peer: string | undefined): void {
    if (!this.ips || !isOrderAction(route)) return;
    const from = normalise(peer ?? '');
    if (this.ips.has(from)) return;
    throw new BrokerFailure(
      ErrorCode.StaticIpNotRegistered,
      `Orders are accepted only from the static IP addresses registered for this app; ${from || 'this address'} is not one of them.`,
    );
  }
}
