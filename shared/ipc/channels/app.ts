import { BrokerDialectId, DialectCapabilities } from '../../broker/dialect';
import { z } from 'zod';
import { channel, event } from '../define';

/** Which broker the app talks to: the embedded sandbox (no account needed) or the real one. */
export const Environment = z.enum(['demo', 'live']);

/** What the title bar and About box show; also the harness's smoke check of the whole IPC path. */
export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  environment: Environment,
  platform: z.string(),
  /** The runtime hosting the core: 'electron' or 'harness' (plain Node, for browser tests). */
  host: z.enum(['electron', 'harness']),
  account: z
    .object({
      id: z.string(),
      label: z.string(),
      brokerUrl: z.string(),
      /** The broker API the account speaks, and what that lets the screens offer. */
      broker: BrokerDialectId,
      capabilities: DialectCapabilities,
    })
    .nullable(),
});
export type AppInfo = z.infer<typeof AppInfo>;

/** Channels every build has, independent of the broker. */
export const appChannels = {
  'app.info': channel({
    doc: 'Version, environment and active account for the title bar and diagnostics.',
    input: z.void(),
    output: AppInfo,
  }),
  'app.openExternal': channel({
    doc: 'Opens an https link (help, broker site) in the system browser, never inside the app.',
    input: z.object({ url: z.url({ protocol: /^https$/ }) }),
    output: z.void(),
  }),
};

/** Events every build has. */
export const appEvents = {
  'app.notice': event({
    doc: 'A message the main process wants the trader to see (keychain unavailable, update ready).',
    payload: z.object({
      level: z.enum(['info', 'warning', 'error']),
      message: z.string(),
    }),
  }),
};
