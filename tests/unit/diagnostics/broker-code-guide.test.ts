import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { BROKER_ERRORS, ErrorCode } from '../../../shared/broker/errors';
import { SocketCloseCode } from '../../../shared/marketdata/socket-protocol';
import {
  codeGuideMarkdown,
  codeGuideTable,
  guideFor,
  socketCloseGuideMarkdown,
  SOCKET_CLOSE_GUIDE,
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

test('docs/support.md lists every socket close code the app knows, as the guide says', () => {
  const doc = readFileSync(new URL('../../../docs/support.md', import.meta.url), 'utf8');
  const m = /<!-- socket-close-codes:start -->\n([\s\S]*?)\n<!-- socket-close-codes:end -->/.exec(
    doc,
  );
  assert.ok(m, 'docs/support.md has the socket-close-codes markers');
  assert.equal(m[1], socketCloseGuideMarkdown());
  const guided = new Set(SOCKET_CLOSE_GUIDE.map((g) => g.code));
  for (const code of Object.values(SocketCloseCode)) assert.ok(guided.has(code), `${code}`);
});

test('-203 (exchange not available) has its own entry, and -352 advice covers both meanings', () => {
  assert.equal(BROKER_ERRORS[ErrorCode.ExchangeUnavailable]?.http, 500);
  assert.ok(codeGuideTable().some((g) => g.code === -203));
  const fix = guideFor(ErrorCode.InvalidAppId, 'broker')?.fix ?? '';
  assert.match(fix, /no open position/);
  assert.match(fix, /app id/);
});
