/**
 * The v3 GTT calls' wire vocabulary (docs/broker-v3.md, "GTT"): paths from the official SDK's
 * config (`gtt_orders_sync`, `gtt_orders`), and the GTT book's status and kind codes and the
 * success codes from the broker's published API reference. Written once so the sandbox (which
 * answers them) and the app's v3 dialect (which reads them) cannot disagree about a code.
 */
import type { GttStatus } from '../gtt';

/** Place (POST), modify (PATCH) and cancel (DELETE) one GTT, under the v3 trading base. */
export const V3_GTT_SYNC_PATH = '/gtt/orders/sync';
/** The GTT book (GET), under the v3 trading base. */
export const V3_GTT_BOOK_PATH = '/gtt/orders';

/** `ord_status` of a GTT book row (API reference: 3 is "for future use"). */
export const GttWireStatus = {
  Cancelled: 1,
  Triggered: 2,
  Transit: 4,
  Rejected: 5,
  Pending: 6,
} as const;

/** `gtt_oco_ind`: a single-trigger GTT or an OCO. */
export const GttOcoInd = { Single: 1, Oco: 2 } as const;

/** `code` of a successful GTT action. */
export const GttAckCode = { Placed: 1101, Modified: 1102, Cancelled: 1103 } as const;

/**
 * `report_type` the sandbox gives an expired GTT (ord_status stays Cancelled). Inferred: the
 * reference lists no expired status; its sample report types are "CANCELLED" and "PLACED".
 */
export const GTT_REPORT_EXPIRED = 'EXPIRED';

/** A GTT book row's status in the domain's words. Unknown codes read as `transit` (not yet known). */
export function gttStatusOf(ordStatus: number, reportType: string): GttStatus {
  switch (ordStatus) {
    case GttWireStatus.Cancelled:
      return reportType.toUpperCase() === GTT_REPORT_EXPIRED ? 'expired' : 'cancelled';
    case GttWireStatus.Triggered:
      return 'triggered';
    case GttWireStatus.Rejected:
      return 'rejected';
    case GttWireStatus.Pending:
      return 'active';
    default:
      return 'transit';
  }
}
