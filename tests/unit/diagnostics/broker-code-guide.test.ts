import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { BROKER_ERRORS } from '../../../shared/broker/errors';
import {
  codeGuideMarkdown,
  codeGuideTable,
  guideFor,
} from '../../../electron/core/diagnostics/broker-code-guide';

test('docs/support.md lists exactly the code guide the bundle summary uses', () => {
  const doc = readFileSync(new URL('../../../docs/support.md', import.meta.url), 'utf8');
  const m = /<!-- broker-codes:start -->\n([\s\S]*?)\n<!-- broker-codes:end -->/.exec(doc);
  assert.ok(m, 'docs/support.md has the broker-codes markers');
  assert.equal(
    m[1],
    codeGuideMarkdown(),
    'docs/support.md is out of date: paste codeGuideMarkdown() (electron/core/diagnostics/broker-code-guide.ts) between the markers',
  );
});

test('every broker code has a meaning and a fix; unknown codes and transport failures too', () => {
  const codes = new Set(codeGuideTable().map((g) => g.code));
  for (const code of Object.keys(BROKER_ERRORS).map(Number)) assert.ok(codes.has(code), `${code}`);
  for (const g of codeGuideTable()) assert.ok(g.meaning && g.fix, `${g.code}`);
  assert.match(guideFor(-392, 'broker')?.meaning ?? '', /tick size/);
  assert.match(guideFor(-9999, 'broker')?.fix ?? '', /developers/);
  assert.equal(guideFor(null, 'timeout')?.code, 'timeout');
  assert.equal(guideFor(201)?.code, 201);
  assert.equal(guideFor(null, null), null);
});
