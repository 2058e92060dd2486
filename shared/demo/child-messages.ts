/**
 * The messages between the app and the Demo broker's own process (an Electron utility
 * process in the desktop app, a forked Node process in the harness and tests). Defined once
 * here, because both sides (sandbox/child.ts and electron/core/app/demo-broker.ts) parse
 * what they receive: a process boundary is an input like any other.
 */
import { z } from 'zod';
import { PermissionTemplate } from '../broker/permissions';

/** What the app asks of the Demo broker; passed as the child's one JSON argument. */
export const DemoChildOptions = z.object({
  seed: z.number().int().optional(),
  testControls: z.boolean().optional(),
  /**
   * Show the sandbox's login page instead of auto-approving: the host's own opener shows it to
   * the trader (the e2e suite logs in through it once per run). Default false: Demo logs in
   * without a password to know.
   */
  loginPage: z.boolean().optional(),
  /**
   * The permission template Demo's app is registered with (default Order Placement), as a
   * broker app is created with one: lets the harness show the app as a Basic or
   * Transactions Info app sees it.
   */
  template: PermissionTemplate.optional(),
});
/** Options of the Demo broker's process. */
export type DemoChildOptions = z.infer<typeof DemoChildOptions>;

/** The broker is listening and its market is built. No app secret crosses: Demo logs in by PKCE. */
export const DemoReady = z.object({
  type: z.literal('ready'),
  url: z.url(),
  symbolMasterBase: z.url(),
  /**
   * The sandbox's own market-data API and socket: Demo prices come from the market that fills
   * orders. v2 serves quotes and depth (`dataUrl`) and history (`historyUrl`) on two origins,
   * as the broker does.
   */
  dataUrl: z.url(),
  historyUrl: z.url(),
  socketUrl: z.string().min(1),
  /**
   * The same broker in the API v3 dialect: its trading base (`…/api/v3`), data host, order
   * socket (`…/trade/v3`) and HSM data socket (`…/hsm/v1-5/prod`).
   */
  v3: z.object({
    apiBase: z.url(),
    dataUrl: z.url(),
    orderSocketUrl: z.string().min(1),
    dataSocketUrl: z.string().min(1),
  }),
  apps: z
    .array(
      z.object({
        app_id: z.string().min(1),
        redirect_uri: z.string().min(1),
        template: PermissionTemplate,
      }),
    )
    .min(1),
});
/** Where the Demo broker listens. */
export type DemoReady = z.infer<typeof DemoReady>;

/** Messages from the Demo broker's process to the app. */
export const DemoChildMessage = z.discriminatedUnion('type', [
  DemoReady,
  /** It could not start (port, market build); it exits right after. */
  z.object({ type: z.literal('failed'), message: z.string().max(2000) }),
  /** An internal error of the sandbox (already redacted there), for the app's log. */
  z.object({ type: z.literal('log'), line: z.string().max(4000) }),
]);
/** A message from the Demo broker's process. */
export type DemoChildMessage = z.infer<typeof DemoChildMessage>;

/** Messages from the app to the Demo broker's process: only "stop" (close the server, then exit 0). */
export const DemoParentMessage = z.object({ type: z.literal('stop') });
/** A message to the Demo broker's process. */
export type DemoParentMessage = z.infer<typeof DemoParentMessage>;
