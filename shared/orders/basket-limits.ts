/**
 * The sizes a basket may have, shared by the IPC contract, the settings schema, the core
 * and the basket screen, so each refuses the same thing with the same words.
 */

/** Most orders in one basket (sent as requests of at most 10, the broker's multi limit). */
export const MAX_BASKET_ORDERS = 50;
/** Most baskets kept by name in the settings document. */
export const MAX_SAVED_BASKETS = 20;
/** Longest basket name. */
export const MAX_BASKET_NAME = 40;
