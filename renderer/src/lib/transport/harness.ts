import { buildApi, type Api, type Transport } from '../../../../shared/ipc/api-shape';
import { channelNames, eventNames } from '../../../../shared/ipc/contract';
import type { IpcResult } from '../../../../shared/ipc/errors';
import {
  HarnessServerMessage,
  type HarnessClientMessage,
} from '../../../../shared/ipc/harness-envelope';

/** One server frame read through the shared envelope; null (and ignored) when it is not one. */
function readFrame(data: unknown): HarnessServerMessage | null {
  try {
    const parsed = HarnessServerMessage.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The browser harness's transport: the same api shape as the Electron preload, carried
 * over a WebSocket to the harness on 127.0.0.1. The per-launch secret comes from the URL
 * fragment and is removed from the address bar at once.
 */
export async function harnessApi(): Promise<Api> {
  const secret = new URLSearchParams(location.hash.slice(1)).get('secret');
  if (!secret) throw new Error('This page needs the harness URL with its #secret=… fragment.');
  history.replaceState(null, '', location.pathname + location.search);

  const socket = new WebSocket(`ws://${location.host}/ipc`);
  const pending = new Map<number, (r: IpcResult<unknown>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;

  const send = (msg: HarnessClientMessage) => socket.send(JSON.stringify(msg));
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () =>
      send({ type: 'hello', secret, href: location.href, top: window.top === window }),
    );
    socket.addEventListener(
      'close',
      () => reject(new Error('The harness closed the connection.')),
      { once: true },
    );
    socket.addEventListener('message', function onReady(ev) {
      if (readFrame(ev.data)?.type === 'ready') {
        socket.removeEventListener('message', onReady);
        resolve();
      }
    });
  });

  socket.addEventListener('message', (ev) => {
    const msg = readFrame(ev.data);
    if (!msg) return;
    if (msg.type === 'result') {
      pending.get(msg.id)?.(msg.result as IpcResult<unknown>);
      pending.delete(msg.id);
    } else if (msg.type === 'event') {
      for (const listener of listeners.get(msg.name) ?? []) listener(msg.payload);
    }
  });
  socket.addEventListener('close', () => {
    for (const resolve of pending.values()) {
      resolve({
        ok: false,
        error: {
          kind: 'disconnected',
          message: 'Lost the connection to Tickdesk.',
          action: 'retry-later',
        },
      });
    }
    pending.clear();
  });

  const transport: Transport = {
    call(channel, input) {
      return new Promise((resolve) => {
        if (socket.readyState !== WebSocket.OPEN) {
          resolve({
            ok: false,
            error: {
              kind: 'disconnected',
              message: 'Lost the connection to Tickdesk.',
              action: 'retry-later',
            },
          });
          return;
        }
        const id = nextId++;
        pending.set(id, resolve);
        send({ type: 'call', id, channel, input });
      });
    },
    subscribe(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  return buildApi(channelNames, eventNames, transport);
}
