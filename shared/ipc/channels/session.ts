import { z } from 'zod';
import {
  PermissionTemplate,
  type Capabilities as SharedCapabilities,
} from '../../broker/permissions';
import { channel, event } from '../define';
import { singleLine } from '../text';

/** The flags the renderer uses to offer only what the app's permission template allows. */
export const Capabilities = z.object({
  viewProfile: z.boolean(),
  viewAccount: z.boolean(),
  placeOrders: z.boolean(),
  modifyOrders: z.boolean(),
  cancelOrders: z.boolean(),
  exitPositions: z.boolean(),
  convertPositions: z.boolean(),
  edis: z.boolean(),
}) satisfies z.ZodType<SharedCapabilities>;
export type Capabilities = z.infer<typeof Capabilities>;

/**
 * What the renderer may know about the login session: never the token. Times are epoch
 * milliseconds so the status bar can count down to the 06:00 IST expiry.
 */
export const SessionSnapshot = z.object({
  status: z.enum(['logged-out', 'logging-in', 'active', 'expiring', 'expired']),
  accountId: z.string().nullable(),
  accountLabel: z.string().nullable(),
  environment: z.enum(['demo', 'live']).nullable(),
  template: PermissionTemplate.nullable(),
  capabilities: Capabilities,
  issuedAt: z.number().nullable(),
  expiresAt: z.number().nullable(),
  warnAt: z.number().nullable(),
  expiredReason: z.enum(['clock', 'broker-rejected']).nullable(),
  brokerCode: z.number().nullable(),
  canRelogin: z.boolean(),
  returnTo: z.string().nullable(),
  lastError: z.object({ reason: z.string(), message: z.string() }).nullable(),
  secretStorage: z.enum(['keychain', 'memory', 'uninitialised']),
});
export type SessionSnapshot = z.infer<typeof SessionSnapshot>;

/** Login, logout and the one-click re-login after the daily expiry. */
export const sessionChannels = {
  'session.state': channel({
    doc: 'The current session, for the status bar and to decide which screens to offer.',
    input: z.void(),
    output: SessionSnapshot,
  }),
  'session.login': channel({
    doc: 'Starts a login to the active (or named) account; the outcome arrives as session.changed.',
    input: z
      .object({
        accountId: singleLine(64).min(1).optional(),
        /** The screen to come back to after login (opaque to the main process). */
        returnTo: singleLine(200).optional(),
      })
      .optional(),
    output: SessionSnapshot,
  }),
  'session.relogin': channel({
    doc: 'One click after expiry: logs in again and brings the trader back to where they were.',
    input: z.void(),
    output: SessionSnapshot,
  }),
  'session.cancelLogin': channel({
    doc: 'Abandons a login that is waiting for the browser.',
    input: z.void(),
    output: SessionSnapshot,
  }),
  'session.setReturnTo': channel({
    doc: 'Remembers the screen the trader is on, so a re-login after expiry brings them back to it.',
    input: z.object({ route: singleLine(200).nullable() }),
    output: z.void(),
  }),
  'session.logout': channel({
    doc: 'Forgets the access token (keychain included).',
    input: z.void(),
    output: SessionSnapshot,
  }),
};

/** Pushed whenever the session changes (login, warning before expiry, expiry). */
export const sessionEvents = {
  'session.changed': event({
    doc: 'The session moved (logged in, expiring soon, expired): the status bar and guards follow it.',
    payload: SessionSnapshot,
  }),
};
