/**
 * The bench's price source, in its own process so the main process's CPU share counts only
 * the app's side. A broker-like socket (gaps.md): answers "ping" with "pong", and once
 * symbols are subscribed streams packets at the asked rate, each carrying its send time
 * (Date.now() mod 1e9, in the volume field) so the receiver can measure latency.
 * Prints `{"port": n}` on stdout when listening. Args: ticksPerSecond.
 */
import { once } from 'node:events';
import { WebSocketServer } from 'ws';
import { encodePacket } from '../../support/marketdata-frames';

const rate = Number(process.argv[2] ?? 2000);
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
await once(wss, 'listening');
process.stdout.write(JSON.stringify({ port: (wss.address() as { port: number }).port }) + '\n');

const STEP_MS = 5;
wss.on('connection', (ws) => {
  let tokens: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  let sent = 0;
  const started = Date.now();
  ws.on('message', (data) => {
    const msg: unknown = JSON.parse(String(data));
    if (msg === 'ping') return ws.send('pong');
    const m = msg as { T?: string; TLIST?: string[]; SUB_T?: number };
    if (m.T !== 'SUB_DATA' || m.SUB_T !== 1) return;
    tokens = (m.TLIST ?? []).map((s) => 1000 + Number(s.replace(/\D/g, '')));
    if (timer) return;
    timer = setInterval(() => {
      // Catch up to the rate by wall time, so a late timer does not lower it.
      const due = Math.floor(((Date.now() - started) * rate) / 1000) - sent;
      if (due <= 0 || tokens.length === 0) return;
      const parts: Uint8Array[] = [];
      const now = Math.floor(Date.now() / 1000);
      for (let i = 0; i < due; i++) {
        const token = tokens[(sent + i) % tokens.length]!;
        parts.push(
          encodePacket({
            token,
            time: now,
            ltp: 100 + ((sent + i) % 1000) / 20,
            high: 0,
            low: 0,
            prevClose: 100,
            bid: 99.5,
            ask: 150.5,
            volume: Date.now() % 1e9,
          }),
        );
      }
      sent += due;
      ws.send(Buffer.concat(parts), { binary: true });
    }, STEP_MS);
  });
  ws.on('close', () => clearInterval(timer));
});
process.on('disconnect', () => process.exit(0));
