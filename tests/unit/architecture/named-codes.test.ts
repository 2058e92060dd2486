/**
 * The broker's numeric codes are named once, in shared/broker/enums.ts. Two defects of
 * issue 8 came from the same code written as a bare number in many places; this test bites
 * when an order status, order type, side or broker error code is compared or assigned as a
 * bare number again in the app, the renderer, the sandbox or the shared code.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const BARE = [
  { what: 'order status', re: /\.status\s*(===|!==|=)\s*[1-7]\b(?!\s*\*)/ },
  { what: 'order status', re: /^\s*status:\s*[1-7],/ },
  { what: 'order type', re: /(\.|\b)type\s*(===|!==)\s*[1-4]\b/ },
  { what: 'side', re: /\b[sS]ide\s*(===|!==|==|!=)\s*-?1\b/ },
  { what: 'side', re: /\b-?1\s*(===|!==)\s*\w*[sS]ide\b/ },
  { what: 'code list', re: /\[\s*[1-7](\s*,\s*[1-7])+\s*\]/ },
  { what: 'side or type literal', re: /^\s*(side|type|[a-z]*Side|orderType):\s*-?[1-4],/ },
  { what: 'side type', re: /\b\w*[sS]ide\??:\s*-?1\s*\|\s*-?1\b/ },
  { what: 'order type union', re: /\b(type|orderType)\??:\s*[1-4](\s*\|\s*[1-4])+\b/ },
  { what: 'side from a sign', re: /\b\w*[sS]ide\w*\s*(:|=(?!=))[^=].*\?\s*-?1\s*:\s*-?1\b/ },
  // Exchange and segment codes (Exchange.NSE, Segment.CapitalMarket, …).
  {
    what: 'exchange or segment code',
    re: /\b(segment|exchange|seg|ex)\s*(===|!==|==|!=)\s*(1[0-9]|20)\b/,
  },
  { what: 'exchange and segment pair', re: /\bexchange:\s*1[0-9],\s*segment:\s*(1[0-9]|20)\b/ },
  { what: 'exchange or segment union', re: /\b(segment|exchange)\??:\s*(1[0-9]|20)\s*\|/ },
  // Broker error codes (negative, named in shared/broker/errors.ts as ErrorCode).
  { what: 'broker error code', re: /\bcode\s*(:|===|!==|==|!=)\s*-\d{1,3}\b/ },
  { what: 'broker error code', re: /(===|!==)\s*-\d{2,3}\b/ },
  { what: 'broker error code', re: /\?\s*\w+(\.\w+)*\s*:\s*-\d{2,3}\s*,?$/ },
  { what: 'side schema', re: /z\.literal\(-1\)/ },
  { what: 'broker error code', re: /\bE\(\s*-\d{1,3}\b|^\s*\[-\d{2,3}\]:/ },
];
/** A line that lists small numbers which are not order codes says so, and why. */
const NOT_A_CODE = /named-codes: not an order code/;

/** The named-code violations in one file's text, as `file:line (what): code`. */
function bareCodes(file: string, text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (NOT_A_CODE.test(line)) return;
    const b = BARE.find((x) => x.re.test(line));
    if (b) hits.push(`${file}:${i + 1} (${b.what}): ${line.trim()}`);
  });
  return hits;
}

function sources(): string[] {
  return execFileSync('git', ['ls-files', 'electron', 'renderer/src', 'sandbox', 'shared'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|svelte)$/.test(f) && f !== 'shared/broker/enums.ts');
}

test('no order status, order type, side or broker error code is written as a bare number', () => {
  const hits = sources().flatMap((file) => bareCodes(file, readFileSync(file, 'utf8')));
  assert.deepEqual(hits, [], 'use the names in shared/broker/enums.ts and ErrorCode');
});

test('the check bites on a bare status', () => {
  assert.ok(BARE[0]!.re.test('if (o.status === 6) return;'));
  assert.ok(BARE[2]!.re.test('const limit = d.type === 1;'));
  assert.ok(!BARE[0]!.re.test('if (o.status === OrderStatus.Pending) return;'));
});

test('the check bites on each form a bare code has been written in (planted samples)', () => {
  const planted = [
    'if (side === 1) buy();',
    "return side === -1 ? 'Sell' : 'Buy';",
    'if (o.side !== -1) return;',
    'const SideCode = z.union([z.literal(1), z.literal(-1)]);',
    '      E(-392, 400, "tick size", "A price is not a multiple of the tick size.", "fix-field"),',
    'const PENDING = new Set([4, 6]);',
    'const STATUSES = [1, 2, 4, 5, 6, 7] as const;',
    '    side: 1,',
    '    type: 1,',
    'function f(side: 1 | -1) {}',
    '    type: 1 | 3,',
    'const exitSide = p.netQty > 0 ? -1 : 1;',
    '      positionSide: p.netQty >= 0 ? 1 : -1,',
    '        if (err instanceof BrokerError && err.code === -51) return null;',
    '  if (code !== -50 && code !== -392) return null;',
    '    out.push({ field, message, code: -50, guard: null });',
    "          typeof env.code === 'number' ? env.code : -353,",
    '  return segment === 10 ? a : b;',
    '  const equity = d.symbol ? d.symbol.segment === 10 : true;',
    "  if (ex !== 10 && ex !== 11 && ex !== 12) return 'unknown exchange';",
    '  NSE_CM: { exchange: 10, segment: 10 },',
    '  segment: 10 | 11 | 12 | 20,',
  ];
  for (const line of planted)
    assert.equal(bareCodes('planted.ts', line).length, 1, `not caught: ${line}`);
  const named = [
    'if (side === Side.Buy) buy();',
    'const PENDING = new Set<number>([OrderStatus.Transit, OrderStatus.Pending]);',
    'const exitSide = p.netQty > 0 ? Side.Sell : Side.Buy;',
    'const DEBT = new Set([2, 5]); // named-codes: not an order code (instrument types)',
    'if (res.status === 200) return;',
    'if (httpStatus === HttpStatus.TooManyRequests) wait();',
    'if (err.code === ErrorCode.InvalidOrderId) return null;',
    'const last = list.slice(-50);',
    '  exchange: 16,',
    '  if (i.segment === Segment.CapitalMarket) return 0.2;',
  ];
  for (const line of named) assert.deepEqual(bareCodes('named.ts', line), [], line);
});

test('the theme choice has one home (shared/settings/theme.ts)', () => {
  const declared = sources().filter((file) =>
    /'system'\s*[,|]\s*'light'\s*[,|]\s*'dark'/.test(readFileSync(file, 'utf8')),
  );
  assert.deepEqual(declared, ['shared/settings/theme.ts']);
});
