/**
 * The broker's numeric codes are named once, in shared/broker/enums.ts. Two defects of
 * issue 8 came from the same code written as a bare number in many places; this test bites
 * when an order status, order type or side is compared or assigned as a bare number again
 * in the app, the renderer, the sandbox or the shared code.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const BARE = [
  { what: 'order status', re: /\.status\s*(===|!==|=)\s*[1-7]\b(?!\s*\*)/ },
  { what: 'order status', re: /^\s*status:\s*[1-7],/ },
  { what: 'order type', re: /(\.|\b)type\s*(===|!==)\s*[1-4]\b/ },
  { what: 'side', re: /\.side\s*(===|!==)\s*-?1\b/ },
  { what: 'status list', re: /\[\s*[1-7](\s*,\s*[1-7])+\s*\]\.includes\(/ },
];

function sources(): string[] {
  return execFileSync('git', ['ls-files', 'electron', 'renderer/src', 'sandbox', 'shared'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|svelte)$/.test(f) && f !== 'shared/broker/enums.ts');
}

test('no order status, order type or side is written as a bare number', () => {
  const hits: string[] = [];
  for (const file of sources()) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/httpStatus|res\.status|\.status\(|statusCode|r\.status/.test(line)) return;
        for (const b of BARE)
          if (b.re.test(line)) hits.push(`${file}:${i + 1} (${b.what}): ${line.trim()}`);
      });
  }
  assert.deepEqual(hits, [], 'use the names in shared/broker/enums.ts');
});

test('the check bites on a bare status', () => {
  assert.ok(BARE[0]!.re.test('if (o.status === 6) return;'));
  assert.ok(BARE[2]!.re.test('const limit = d.type === 1;'));
  assert.ok(!BARE[0]!.re.test('if (o.status === OrderStatus.Pending) return;'));
});
