/**
 * The wire body of a multi-leg order (docs/broker-v3.md "Multi-leg orders"): the legs share
 * the first leg's product, go immediate-or-cancel as the exchange's multi-leg orders do, and
 * are keyed leg1…leg3. Names from shared/broker/v3/multileg-wire.ts, the sandbox's home too.
 */
import {
  V3_LEG_KEYS,
  V3MultiLegType,
  type V3MultiLegLeg,
  type V3MultiLegRequest,
} from '../../../shared/broker/v3/multileg-wire';
import { BrokerError } from './broker-error';
import type { PlaceOrderInput } from './order-requests';

/** Fewest and most legs of one multi-leg order. */
export const MULTILEG_MIN_LEGS = 2;
/** Most legs of one multi-leg order. */
export const MULTILEG_MAX_LEGS = 3;

/** The request for 2 or 3 legs; throws an invalid-input BrokerError for any other count. */
export function multiLegBody(legs: readonly PlaceOrderInput[]): V3MultiLegRequest {
  if (legs.length < MULTILEG_MIN_LEGS || legs.length > MULTILEG_MAX_LEGS)
    throw BrokerError.invalidInput(
      'legs',
      `A multi-leg order has ${MULTILEG_MIN_LEGS} or ${MULTILEG_MAX_LEGS} legs (got ${legs.length}).`,
    );
  const first = legs[0]!;
  const out: V3MultiLegRequest['legs'] = {};
  legs.forEach((l, k) => {
    const leg: V3MultiLegLeg = {
      symbol: l.symbol,
      qty: l.qty,
      side: l.side,
      type: l.type,
      limitPrice: l.limitPrice,
    };
    out[V3_LEG_KEYS[k]!] = leg;
  });
  return {
    productType: first.productType,
    offlineOrder: false,
    orderType: legs.length === 2 ? V3MultiLegType.TwoLegs : V3MultiLegType.ThreeLegs,
    validity: 'IOC',
    legs: out,
  };
}
