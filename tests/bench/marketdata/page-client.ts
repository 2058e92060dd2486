/**
 * The bench's stand-in for the renderer page, in its own process (as the renderer is): a
 * real WebSocket client of the harness transport (electron/ipc/harness/ws-transport.ts) that
 * says hello with the per-launch secret as the page does, then parses every pushed event
 * as the page's transport does (JSON.parse of the whole frame) and, for each quote in
 * `marketdata.ticks`, records now minus the send time the tick source stamped into the
 * volume field (Date.now() mod 1e9, same machine clock). Args: wsUrl origin secret.
 * Prints `{"ready": true}` once the hello is accepted. IPC: 'reset' clears the counts,
 * 'report' answers `{latencies, messages, quotes}` and clears them.
 */
import WebSocket from 'ws';

const [url, origin, secret] = process.argv.slice(2) as [string, string, string];
let latencies: number[] = [];
let messages = 0;
let quotes = 0;

const socket = new WebSocket(url, { origin });
socket.on('open', () =>
  socket.send(JSON.stringify({ type: 'hello', secret, href: `${origin}/`, top: true })),
);
socket.on('message', (raw: Buffer) => {
  const msg = JSON.parse(raw.toString('utf8')) as {
    type: string;
    name?: string;
    payload?: { quotes: { volume: number | null }[] };
  };
  if (msg.type === 'ready') {
    process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
    return;
  }
  if (msg.type !== 'event' || msg.name !== 'marketdata.ticks') return;
  messages++;
  const now = Date.now() % 1e9;
  for (const q of msg.payload!.quotes) {
    quotes++;
    if (q.volume === null) continue;
    let d = now - q.volume;
    if (d < 0) d += 1e9;
    latencies.push(d);
  }
});
socket.on('close', () => process.exit(0));

process.on('message', (m: unknown) => {
  if (m === 'report') process.send!({ latencies, messages, quotes });
  latencies = [];
  messages = 0;
  quotes = 0;
});
process.on('disconnect', () => process.exit(0));
