/**
 * Exchange freeze quantities: the most units one order may carry for a contract
 * (gaps.md). Larger orders must be split, so the order ticket needs this beside tick and
 * lot size. Only the documented values are listed; an underlying that is absent has no
 * known limit and the client's own fat-finger caps apply.
 */
const FREEZE_QTY: Readonly<Record<string, number>> = {
  NIFTY: 1800,
  FINNIFTY: 1800,
  MIDCPNIFTY: 2800,
};

/** Freeze quantity (units) for a derivative on `underlying`, if known. */
export function freezeQuantity(underlying: string, isDerivative: boolean): number | undefined {
  return isDerivative ? FREEZE_QTY[underlying.toUpperCase()] : undefined;
}
