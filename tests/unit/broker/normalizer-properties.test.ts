/**
 * Property tests: whatever mix of the spec's variants an order or position row uses
 * (spellings, numbers as text, ids as numbers, date formats), the normalizer yields the
 * same clean values and a row the IPC schema accepts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { normalizeOrder } from '../../../electron/core/broker/normalize/orders';
import { normalizePosition } from '../../../electron/core/broker/normalize/positions';
import { Order, Position } from '../../../shared/broker/models';
import { istParts } from '../../../shared/format/ist';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n: number) => String(n).padStart(2, '0');

test('order rows: any mix of variants normalizes to the same clean order', () => {
  fc.assert(
    fc.property(
      fc.record({
        id: fc.integer({ min: 1, max: 2 ** 40 }),
        qty: fc.integer({ min: 1, max: 100_000 }),
        filled: fc.integer({ min: 0, max: 100 }),
        price: fc.integer({ min: 1, max: 10_000_000 }).map((t) => t / 20),
        status: fc.constantFrom(1, 2, 4, 5, 6, 7),
        type: fc.constantFrom(1, 2, 3, 4),
        side: fc.constantFrom(1, -1),
        product: fc.constantFrom('CNC', 'INTRADAY', 'MARGIN', 'CO', 'BO'),
        sec: fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
        disclosed: fc.integer({ min: 0, max: 50 }),
      }),
      fc.record({
        idAsNumber: fc.boolean(),
        tokenKey: fc.constantFrom('svctoken', 'svcToken'),
        dqKey: fc.constantFrom('disclosedQty', 'discloseQty'),
        dateShape: fc.constantFrom(0, 1, 2),
        lowerProduct: fc.boolean(),
        offlineText: fc.constantFrom('False', 'false', 'FALSE'),
      }),
      fc.tuple(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean()),
      (v, shape, asText) => {
        const p = istParts(v.sec * 1000);
        const date =
          shape.dateShape === 0
            ? `${p2(p.day)}-${MONTHS[p.month - 1]}-${p.year}`
            : shape.dateShape === 1
              ? `${p2(p.day)}-${p2(p.month)}-${p.year}`
              : `${p2(p.day)}/${p2(p.month)}/${p.year}`;
        const t = (n: number, i: number) => (asText[i] ? String(n) : n);
        const raw: Record<string, unknown> = {
          id: shape.idAsNumber ? v.id : String(v.id),
          symbol: 'NSE:SBIN-EQ',
          qty: t(v.qty, 0),
          filledQty: t(v.filled, 1),
          remainingQuantity: v.qty - Math.min(v.qty, v.filled),
          status: t(v.status, 2),
          type: v.type,
          side: t(v.side, 3),
          productType: shape.lowerProduct ? v.product.toLowerCase() : v.product,
          limitPrice: String(v.price),
          stopPrice: 0,
          [shape.dqKey]: v.disclosed,
          [shape.tokenKey]: 10100000003045,
          orderValidity: 'DAY',
          orderDateTime: `${date} ${p2(p.hour)}:${p2(p.minute)}:${p2(p.second)}`,
          offlineOrder: shape.offlineText,
          segment: '10',
          exchange: 10,
        };
        const o = Order.parse(normalizeOrder(raw));
        assert.equal(o.id, String(v.id));
        assert.equal(o.qty, v.qty);
        assert.equal(o.filledQty, v.filled);
        assert.equal(o.status, v.status);
        assert.equal(o.side, v.side);
        assert.equal(o.productType, v.product);
        assert.equal(o.limitPrice, v.price);
        assert.equal(o.disclosedQty, v.disclosed);
        assert.equal(o.token, '10100000003045');
        assert.equal(o.placedAt, new Date(v.sec * 1000).toISOString());
        assert.equal(o.offline, false);
        assert.equal(o.segment, 10);
      },
    ),
  );
});

test('position rows: numbers as text and either token spelling give the same clean position', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -10_000, max: 10_000 }),
      fc.integer({ min: -1_000_000, max: 1_000_000 }).map((x) => x / 100),
      fc.boolean(),
      fc.constantFrom('svctoken', 'svcToken'),
      fc.constantFrom('Y', 'N'),
      (netQty, pl, text, tokenKey, cross) => {
        const w = (n: number) => (text ? String(n) : n);
        const pos = Position.parse(
          normalizePosition({
            id: 'NSE:SBIN-EQ-INTRADAY',
            symbol: 'NSE:SBIN-EQ',
            productType: 'INTRADAY',
            netQty: w(netQty),
            qty: w(Math.abs(netQty)),
            side: netQty >= 0 ? 1 : -1,
            pl: w(pl),
            crossCurrency: cross,
            [tokenKey]: text ? '123' : 123,
          }),
        );
        assert.equal(pos.netQty, netQty);
        assert.equal(pos.qty, Math.abs(netQty));
        assert.equal(pos.pl, pl);
        assert.equal(pos.side, netQty === 0 ? 0 : netQty > 0 ? 1 : -1);
        assert.equal(pos.crossCurrency, cross === 'Y');
        assert.equal(pos.token, '123');
      },
    ),
  );
});
