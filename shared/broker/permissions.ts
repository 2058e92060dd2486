/**
 * What each broker permission template allows (spec Authentication 7), as the flags the UI
 * uses to show or hide actions.
 *
 * The broker answers -373 (HTTP 403) to anything outside the template; offering only what
 * the app may do avoids putting a trader in front of a button that can only fail. Shared so
 * the main process (what may be done now) and the renderer (which screens exist) agree.
 */
import { z } from 'zod';

/** The broker's three permission templates (spec Authentication 7); every schema that carries one reads it here. */
export const PermissionTemplate = z.enum(['basic', 'transactions', 'orders']);
/** One of the three templates. */
export type PermissionTemplate = z.infer<typeof PermissionTemplate>;

/** Flags the renderer reads to decide which screens and buttons to offer. */
export interface Capabilities {
  viewProfile: boolean;
  /** Orders, positions, trades, holdings, funds and market status (Transactions Info). */
  viewAccount: boolean;
  placeOrders: boolean;
  modifyOrders: boolean;
  cancelOrders: boolean;
  exitPositions: boolean;
  convertPositions: boolean;
  /**
   * eDIS (TPIN, authorize holdings for sale). The spec's templates do not list it; it only
   * serves selling, so it is offered with Order Placement (*inferred*).
   */
  edis: boolean;
}

const RANK: Record<PermissionTemplate, number> = { basic: 0, transactions: 1, orders: 2 };

/** The capability flags of a template; templates are cumulative (orders ⊃ transactions ⊃ basic). */
export function capabilitiesFor(template: PermissionTemplate | null): Capabilities {
  const rank = template === null ? -1 : RANK[template];
  const orders = rank >= 2;
  return {
    viewProfile: rank >= 0,
    viewAccount: rank >= 1,
    placeOrders: orders,
    modifyOrders: orders,
    cancelOrders: orders,
    exitPositions: orders,
    convertPositions: orders,
    edis: orders,
  };
}

/** No capabilities at all: what a logged-out or expired session offers. */
export const NO_CAPABILITIES: Capabilities = capabilitiesFor(null);
