/**
 * The browser harness as `npm run harness` starts it (its own process): frames that break
 * the rules before the secret check (over 1 MiB, invalid UTF-8, not JSON, binary, not the
 * envelope) close only the socket that sent them, with the right close code; the harness
 * keeps running and a normal client then logs in with the secret and gets an answer.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { WebSocket } from 'ws';
import { HARNESS_MAX_FRAME_BYTES, HarnessClose } from '../../../shared/ipc/harness-envelope';
import { spawnHarness } from '../../e2e/spawn-harness';

let harness: Awaited<ReturnType<typeof spawnHarness<{ url: string }>>>;
let origin = '';
let secret = '';

before(async () => {
  // No renderer build needed: this test speaks to the socket only.
  harness = await spawnHarness<{ url: string }>([
    '--renderer',
    mkdtempSync(join(tmpdir(), 'tickdesk-no-renderer-')),
  ]);
  const url = new URL(harness.ready.url);
  origin = url.origin;
  secret = new URLSearchParams(url.hash.slice(1)).get('secret') ?? '';
  assert.ok(secret, 'the harness URL carries its secret');
});
after(() => harness?.stop());

/** Opens a socket from the harness's own origin (anything else is refused at upgrade). */
async function connect(): Promise<WebSocket> {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/ipc`, { origin });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}

function closed(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

const badFrames: { name: string; send(ws: WebSocket): void; code: number }[] = [
  {
    name: 'a frame over 1 MiB',
    send: (ws) => ws.send('x'.repeat(HARNESS_MAX_FRAME_BYTES + 1)),
    code: 1009,
  },
  {
    name: 'a text frame that is not UTF-8',
    send: (ws) => ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false }),
    code: 1007,
  },
  { name: 'text that is not JSON', send: (ws) => ws.send('{hello'), code: HarnessClose.malformed },
  {
    name: 'a binary frame',
    send: (ws) => ws.send(Buffer.from('{"type":"hello"}'), { binary: true }),
    code: HarnessClose.malformed,
  },
  {
    name: 'JSON outside the envelope',
    send: (ws) => ws.send(JSON.stringify({ type: 'hello', secret: 42 })),
    code: HarnessClose.malformed,
  },
  {
    name: 'a hello with the wrong secret',
    send: (ws) =>
      ws.send(JSON.stringify({ type: 'hello', secret: 'guess', href: origin, top: true })),
    code: HarnessClose.forbidden,
  },
];

test('each bad frame closes only its socket, then a normal client still works', async () => {
  for (const bad of badFrames) {
    const ws = await connect();
    const code = closed(ws);
    bad.send(ws);
    assert.equal(await code, bad.code, bad.name);
  }

  const ws = await connect();
  type Frame = { type: string; id?: number; result?: { ok: boolean; data?: unknown } };
  const next = (type: string) =>
    new Promise<Frame>((resolve) => {
      const onMessage = (data: Buffer) => {
        const msg = JSON.parse(String(data)) as Frame;
        if (msg.type !== type) return;
        ws.off('message', onMessage);
        resolve(msg);
      };
      ws.on('message', onMessage);
    });
  const ready = next('ready');
  ws.send(JSON.stringify({ type: 'hello', secret, href: `${origin}/`, top: true }));
  await ready;
  const answer = next('result');
  ws.send(JSON.stringify({ type: 'call', id: 7, channel: 'app.info' }));
  const result = await answer;
  assert.equal(result.id, 7);
  assert.equal(result.result?.ok, true, JSON.stringify(result.result));
  assert.equal((result.result?.data as { host: string }).host, 'harness');
  ws.close();
});
