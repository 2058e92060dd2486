import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  formatInr,
  formatInrCompact,
  formatIndianNumber,
  groupIndianDigits,
  formatIstDateTime,
  formatIstTime,
  istDayKey,
  istParts,
  nextIstMidnight,
  parseIstDate,
  parseIstDateTime,
} from '../../../shared/format';

test('money uses lakh/crore grouping with two decimals', () => {
  assert.equal(formatInr(12345678.5), '₹1,23,45,678.50');
  assert.equal(formatInr(100000), '₹1,00,000.00');
  assert.equal(formatInr(999), '₹999.00');
  assert.equal(formatInr(0), '₹0.00');
  assert.equal(formatInr(-1500.256), '-₹1,500.26');
  assert.equal(
    formatInr(1.005),
    '₹1.01',
    'rounds the decimal the trader sees, not the binary float',
  );
  assert.equal(formatInr(0.004), '₹0.00');
  assert.equal(formatInr(-0.001), '₹0.00', 'no negative zero');
  assert.equal(formatInr(250.5, { plusSign: true }), '+₹250.50');
  assert.equal(formatInr(Number.NaN), '—');
  assert.equal(formatIndianNumber(1234567), '12,34,567');
  assert.equal(formatInr(99.999), '₹100.00');
  assert.equal(formatInr(12, { decimals: 0, symbol: false }), '12');
});

test('compact money switches to lakh and crore', () => {
  assert.equal(formatInrCompact(12_345_678), '₹1.23 Cr');
  assert.equal(formatInrCompact(4_560_000), '₹45.60 L');
  assert.equal(formatInrCompact(-250_000), '-₹2.50 L');
  assert.equal(formatInrCompact(99_999), '₹99,999.00');
});

test('Indian grouping matches Intl en-IN for any integer', () => {
  const nf = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
  fc.assert(
    fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
      assert.equal(groupIndianDigits(String(n)), nf.format(n));
    }),
  );
});

test('all three broker date-time formats parse as IST', () => {
  const expected = '2026-11-21T03:45:02.000Z'; // 09:15:02 IST
  assert.equal(parseIstDateTime('21-Nov-2026 09:15:02'), expected);
  assert.equal(parseIstDateTime('21-NOV-2026 09:15:02'), expected);
  assert.equal(parseIstDateTime('21-11-2026 09:15:02'), expected);
  assert.equal(parseIstDateTime('21/11/2026 09:15:02'), expected);
  assert.equal(parseIstDateTime(' 21-11-2026 09:15 '), '2026-11-21T03:45:00.000Z');
  assert.equal(
    parseIstDateTime('01-Jan-2026 00:10:00'),
    '2025-12-31T18:40:00.000Z',
    'crosses the UTC day backwards',
  );
  assert.equal(
    parseIstDateTime('21/11/2026'),
    '2026-11-20T18:30:00.000Z',
    'a bare date is IST midnight',
  );
});

test('impossible or foreign dates are refused, not turned into NaN', () => {
  for (const bad of [
    '31-02-2026 10:00:00',
    '21-Foo-2026 09:15:02',
    '2026-11-21T09:15:02Z',
    '',
    'L',
    '21-11-2026 25:00:00',
    '21-11/2026',
  ]) {
    assert.equal(parseIstDateTime(bad), undefined, bad);
  }
  assert.equal(parseIstDate('05/12/2026'), '2026-12-05');
  assert.equal(parseIstDate('05/12/2026 10:00:00'), undefined);
  assert.equal(parseIstDate('30/02/2026'), undefined);
});

test('IST formatting and day boundaries', () => {
  const t = Date.parse('2026-11-20T18:29:59.000Z'); // 23:59:59 IST
  assert.equal(formatIstTime(t), '23:59:59');
  assert.equal(formatIstDateTime(t), '20 Nov 2026, 23:59:59 IST');
  assert.equal(istDayKey(t), '2026-11-20');
  assert.equal(istDayKey(t + 1000), '2026-11-21');
  assert.equal(nextIstMidnight(t), t + 1000);
  assert.equal(nextIstMidnight(t + 1000), t + 1000 + 86_400_000);
  assert.equal(formatIstTime('not a date'), '—');
});

test('property: any instant printed as broker text parses back to the same second', () => {
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  const p2 = (n: number) => String(n).padStart(2, '0');
  fc.assert(
    fc.property(
      fc.integer({ min: 946684800, max: 4102444800 }),
      fc.integer({ min: 0, max: 2 }),
      (sec, shape) => {
        const p = istParts(sec * 1000);
        const date =
          shape === 0
            ? `${p2(p.day)}-${months[p.month - 1]}-${p.year}`
            : shape === 1
              ? `${p2(p.day)}-${p2(p.month)}-${p.year}`
              : `${p2(p.day)}/${p2(p.month)}/${p.year}`;
        const text = `${date} ${p2(p.hour)}:${p2(p.minute)}:${p2(p.second)}`;
        assert.equal(parseIstDateTime(text), new Date(sec * 1000).toISOString());
      },
    ),
  );
});
