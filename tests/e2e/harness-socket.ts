/**
 * A client of the harness's own IPC socket, speaking its envelope (hello with the launch
 * secret, then calls by id) as the page does: for tests and benches that seed state through
 * the app's channels without driving the UI, such as a watch list of 250 symbols.
 */
import WebSocket from 'ws';

/** Makes the calls in order over one connection and returns their data; a refusal throws. */
export async function callHarness<T>(
  harnessUrl: string,
  calls: { channel: string; input: unknown }[],
): Promise<T[]> {
  const url = new URL(harnessUrl);
  const secret = url.hash.replace('#secret=', '');
  const socket = new WebSocket(`ws://${url.host}/ipc`, { origin: url.origin });
  const results = new Map<number, (r: unknown) => void>();
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (raw: Buffer) => {
      const msg = JSON.parse(String(raw)) as { type: string; id?: number; result?: unknown };
      if (msg.type === 'ready') resolve();
      if (msg.type === 'result') results.get(msg.id!)?.(msg.result);
    });
  });
  await new Promise((r) => socket.once('open', r));
  socket.send(JSON.stringify({ type: 'hello', secret, href: `${url.origin}/`, top: true }));
  await ready;
  const out: T[] = [];
  let id = 0;
  try {
    for (const c of calls) {
      const mine = ++id;
      const answer = new Promise<unknown>((r) => results.set(mine, r));
      socket.send(JSON.stringify({ type: 'call', id: mine, channel: c.channel, input: c.input }));
      const r = (await answer) as { ok: boolean; data: T; error?: { message: string } };
      if (!r.ok) throw new Error(`${c.channel}: ${r.error?.message}`);
      out.push(r.data);
    }
  } finally {
    socket.close();
  }
  return out;
}
