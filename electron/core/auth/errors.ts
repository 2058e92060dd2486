/**
 * Typed login failures.
 *
 * The UI needs to tell "you closed the window" from "the broker refused the code" from
 * "someone else's redirect arrived", so every way a login can fail has its own reason.
 * Messages never contain the auth code, verifier, state or secret.
 */

/** Every distinct way a login can fail; the renderer maps each to its own message. */
export type LoginFailureReason =
  | 'bad-redirect-url'
  | 'insecure-base-url'
  | 'listener-failed'
  | 'redirect-port-unavailable'
  | 'open-failed'
  | 'timeout'
  | 'cancelled'
  | 'superseded'
  | 'window-closed'
  | 'state-mismatch'
  | 'denied'
  | 'missing-code'
  | 'exchange-failed'
  | 'bad-response';

/** A login failure the UI can explain; `brokerCode` is set when the broker answered with one. */
export class LoginError extends Error {
  override readonly name = 'LoginError';
  constructor(
    readonly reason: LoginFailureReason,
    message: string,
    readonly details: { brokerCode?: number; httpStatus?: number } = {},
  ) {
    super(message);
  }
}

/** Plain-language text for each reason, for a trader rather than a developer. */
export const LOGIN_FAILURE_TEXT: Record<LoginFailureReason, string> = {
  'bad-redirect-url':
    'The redirect URL of this account is not one Tickdesk can receive. Check the account settings.',
  'insecure-base-url': 'The broker address must use HTTPS. Check the account settings.',
  'listener-failed':
    'Tickdesk could not listen for the login reply on this computer. Another program may be using the port.',
  'redirect-port-unavailable':
    'This account’s redirect URL sends the login reply to a port below 1024 on this computer (a URL without a port means port 80), and Tickdesk could not listen there: such ports need administrator rights, or another program is using it. Register a redirect URL with a port above 1024, such as http://127.0.0.1:8765/callback, with the broker and in the account settings.',
  'open-failed': 'Tickdesk could not open the login page.',
  timeout: 'The login was not completed within 5 minutes. Please try again.',
  cancelled: 'The login was cancelled.',
  superseded: 'A newer login attempt replaced this one.',
  'window-closed': 'The login window was closed before the login finished.',
  'state-mismatch':
    'The login reply did not belong to this login attempt and was ignored for your safety. Please try again.',
  denied: 'The broker did not grant access.',
  'missing-code': 'The broker did not send an authorization code.',
  'exchange-failed': 'The broker refused the login. Please log in again.',
  'bad-response': 'The broker sent an answer Tickdesk could not understand.',
};
