/**
 * Turns untrusted JSON order bodies into typed drafts. Missing or mistyped fields are answered
 * with the code of that field (or -50) and a message that names it, before any rule runs, so
 * the rules function only ever sees well-typed values.
 */
import type { OrderDraft } from '../../shared/broker/rules';
import { ErrorCode } from '../../shared/broker/errors';
import { fail } from '../failure';

type Body = Record<string, unknown>;

/** Ensures a request body is a JSON object. */
export function asObject(body: unknown, what = 'request body'): Body {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    fail(ErrorCode.InvalidParameters, `${what} must be a JSON object`);
  return body as Body;
}

/** Ensures a request body is an array of at most 10 items (the multi-request limit). */
export function asBatch(body: unknown): unknown[] {
  if (!Array.isArray(body))
    fail(ErrorCode.InvalidParameters, 'request body must be a JSON array of orders');
  if (body.length === 0)
    fail(ErrorCode.InvalidParameters, 'request body must hold at least one order');
  if (body.length > 10)
    fail(ErrorCode.InvalidParameters, `at most 10 orders per multi request, got ${body.length}`);
  return body;
}

function num(b: Body, key: string, code: number, required: boolean): number {
  const v = b[key];
  if (v === undefined || v === null) {
    if (required) fail(ErrorCode.InvalidParameters, `${key} is required`);
    return 0;
  }
  if (typeof v !== 'number' || !Number.isFinite(v))
    fail(code, `${key} must be a number, got ${JSON.stringify(v)}`);
  return v;
}

/** Parses the spec's offlineOrder string ("True"/"False", any case) or a boolean. */
export function parseOffline(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  return fail(
    ErrorCode.InvalidOfflineFlag,
    `offlineOrder must be "True" or "False", got ${JSON.stringify(v)}`,
  );
}

/** Parses a single-order body (POST /api/v2/orders) into a draft. */
export function parseOrderBody(body: unknown): OrderDraft {
  const b = asObject(body, 'order');
  if (typeof b.symbol !== 'string' || b.symbol === '')
    fail(ErrorCode.InvalidParameters, 'symbol is required');
  const validity = b.validity;
  if (validity === undefined) fail(ErrorCode.InvalidParameters, 'validity is required');
  const productType = b.productType;
  if (productType === undefined) fail(ErrorCode.InvalidParameters, 'productType is required');
  return {
    symbol: b.symbol,
    qty: num(b, 'qty', ErrorCode.InvalidQty, true),
    type: num(b, 'type', ErrorCode.InvalidOrderType, true) as OrderDraft['type'],
    side: num(b, 'side', ErrorCode.InvalidSide, true) as OrderDraft['side'],
    productType: productType as OrderDraft['productType'],
    limitPrice: num(b, 'limitPrice', ErrorCode.InvalidLimitPrice, false),
    stopPrice: num(b, 'stopPrice', ErrorCode.InvalidStopPrice, false),
    disclosedQty: num(b, 'disclosedQty', ErrorCode.InvalidDisclosedQty, false),
    validity: validity as OrderDraft['validity'],
    offlineOrder: parseOffline(b.offlineOrder),
    stopLoss: num(b, 'stopLoss', ErrorCode.InvalidStopLoss, false),
    takeProfit: num(b, 'takeProfit', ErrorCode.InvalidTakeProfit, false),
  };
}

/** The fields a modify request may change; absent means "keep". */
export interface ModifyRequest {
  id: string;
  limitPrice?: number;
  stopPrice?: number;
  qty?: number;
  type?: number;
}

/**
 * Parses a modify body. The spec names the trigger `stopLoss` here and `stopPrice` everywhere
 * else; either is accepted, and both when they carry the same value. Two different values are
 * refused: nothing says which one the real broker honours (docs/sandbox.md), so a client that
 * sent them apart would meet a guess, and no test could see it.
 */
export function parseModifyBody(body: unknown): ModifyRequest {
  const b = asObject(body, 'modify request');
  if (typeof b.id !== 'string' || b.id === '') fail(ErrorCode.InvalidParameters, 'id is required');
  const opt = (key: string, code: number): number | undefined =>
    b[key] === undefined || b[key] === null ? undefined : num(b, key, code, true);
  const out: ModifyRequest = { id: b.id };
  const lp = opt('limitPrice', ErrorCode.InvalidLimitPrice);
  const stopPrice = opt('stopPrice', ErrorCode.InvalidStopPrice);
  const stopLoss = opt('stopLoss', ErrorCode.InvalidStopPrice);
  if (stopPrice !== undefined && stopLoss !== undefined && stopPrice !== stopLoss)
    fail(
      ErrorCode.InvalidStopPrice,
      `stopPrice and stopLoss disagree (${stopPrice} and ${stopLoss}): send one trigger price`,
    );
  const sp = stopPrice ?? stopLoss;
  const q = opt('qty', ErrorCode.InvalidQty);
  const t = opt('type', ErrorCode.InvalidOrderType);
  if (lp !== undefined) out.limitPrice = lp;
  if (sp !== undefined) out.stopPrice = sp;
  if (q !== undefined) out.qty = q;
  if (t !== undefined) out.type = t;
  return out;
}

/** Parses a cancel body: just the order id. */
export function parseIdBody(body: unknown, what = 'cancel request'): string {
  const b = asObject(body, what);
  if (typeof b.id !== 'string' || b.id === '') fail(ErrorCode.InvalidParameters, 'id is required');
  return b.id;
}
