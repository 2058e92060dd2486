/**
 * The v3 multi-leg order vocabulary (docs/broker-v3.md, "Multi-leg orders"): the path, the
 * request's fields and the leg counts of the official SDK's `place_multileg_order`
 * (`fyers-api-v3` 1.9.0, `config.js` `multileg_orders_sync`) and the broker's published
 * sample. One home, so the sandbox and the app cannot disagree about a name.
 */

/** POST under the v3 base (SDK `multileg_orders_sync`). */
export const V3_MULTILEG_PATH = '/multileg/orders/sync';

/** `orderType`: how many legs (fact: the sample sends "3L"; "2L" by the same rule). */
export const V3MultiLegType = { TwoLegs: '2L', ThreeLegs: '3L' } as const;
/** One multi-leg order type. */
export type V3MultiLegType = (typeof V3MultiLegType)[keyof typeof V3MultiLegType];

/** The leg count of each `orderType`. */
export const V3_MULTILEG_LEGS: Readonly<Record<V3MultiLegType, number>> = {
  [V3MultiLegType.TwoLegs]: 2,
  [V3MultiLegType.ThreeLegs]: 3,
};

/** The legs' keys in `legs`, in order (fact: `leg1`, `leg2`, `leg3`). */
export const V3_LEG_KEYS = ['leg1', 'leg2', 'leg3'] as const;

/** One leg (fact: the sample's fields). */
export interface V3MultiLegLeg {
  symbol: string;
  qty: number;
  /** 1 buy, -1 sell. */
  side: number;
  /** The order type code (the sample sends 1, limit). */
  type: number;
  limitPrice: number;
}

/**
 * The request (fact: the sample). `validity` is IOC in the sample: *inferred*, the
 * exchange's multi-leg orders are immediate-or-cancel, so the sandbox accepts IOC only.
 */
export interface V3MultiLegRequest {
  orderTag?: string;
  productType: string;
  offlineOrder: boolean;
  orderType: V3MultiLegType;
  validity: string;
  legs: Partial<Record<(typeof V3_LEG_KEYS)[number], V3MultiLegLeg>>;
}
