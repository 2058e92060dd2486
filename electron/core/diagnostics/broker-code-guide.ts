/**
 * The support guide to broker codes: for every code of the broker's error table, what it
 * means and what support staff should have the trader try.
 *
 * Why here: the bundle's summary names each error with its meaning and fix, and
 * docs/support.md lists the same table. Both come from this one module (a test checks the
 * docs against it), and it is built on the one table of codes in shared/broker/errors.ts,
 * so a new code cannot reach the trader without reaching support too.
 */
import {
  BROKER_ERRORS,
  ErrorCode,
  brokerError,
  type BrokerErrorAction,
  type BrokerErrorInfo,
} from '../../../shared/broker/errors';
import { OrderSuccessCode } from '../../../shared/broker/enums';
import { SocketCloseCode } from '../../../shared/marketdata/socket-protocol';

/** One row of the guide. */
export interface CodeGuide {
  /** The broker code, or the failure kind when no answer came (`timeout`, `network`, ...). */
  code: number | string;
  http: number | null;
  meaning: string;
  fix: string;
}

/** What to try, by the action the app offers for the code. */
const FIX_BY_ACTION: Record<BrokerErrorAction, string> = {
  login: 'Log in again (one click on *Log in again*); if it repeats at once, check the PC clock.',
  'fix-field':
    'Correct the named field in the ticket (tick, lot, price relation) and send again; the ticket keeps what was typed.',
  wait: 'Wait for the pause the status bar shows. Ask whether another device or app uses the same account.',
  'check-state':
    'Refresh the order book or positions (`Alt+R`) and look before acting again; never resend an unconfirmed order by hand.',
  report:
    'Check the app id and permission template in Settings; if they are right, send the bundle to the developers.',
  'retry-later': 'Try again in a minute; if it persists, send the bundle to the developers.',
  none: 'Nothing in Tickdesk fixes this: do what the message says, outside the app.',
};

/** Codes whose fix is more specific than their action's. */
const FIX_BY_CODE: Record<number, string> = {
  [ErrorCode.StaticIpNotRegistered]:
    "Since 1 April 2026 the broker accepts API orders only from the static IP registered for the API app. Register this computer's static (public) IP for the app in the broker's API dashboard, or place the order from the broker's own terminal. Tickdesk never resends it: the order was refused, not lost.",
  [ErrorCode.RateLimited]:
    "Another device or app is spending the same account's budget; Tickdesk waits until the broker's minute has turned, sends more slowly, pauses background refresh for 5 minutes more (until midnight once one more breach may block the day), and counts the breach in the status bar (*Limit n/3 today*). More than three per-minute breaches block the account for the day.",
  [ErrorCode.InvalidAppId]:
    'After an exit: there was no open position left to exit, so refresh positions (`Alt+R`) before anything else. On any other request: the app id is not recognised; check the app id in Settings (account) and log in again.',
  [ErrorCode.AppIdHashMismatch]:
    'Re-enter the app secret in Settings (it must belong to this app id) and log in again.',
  [ErrorCode.NoPermission]:
    "Use an app whose permission template includes 'Order Placement' (Settings → account).",
  [ErrorCode.InvalidAuthCode]:
    "Log in again and finish the broker's page within 5 minutes; each login link works once.",
  [ErrorCode.TickSize]:
    "Use a price on the instrument's tick grid (the ticket steps by tick with the arrow keys).",
  [ErrorCode.InvalidQty]:
    'Use a quantity that is a positive multiple of the lot size shown in the ticket.',
};

/** The one success code that still leaves the outcome open. */
const SENT_NO_ACK: CodeGuide = {
  code: OrderSuccessCode.SentNoAck,
  http: 200,
  meaning: 'sent to the exchange, not yet acknowledged',
  fix: 'The order shows *unconfirmed* until the order book says placed or not placed; do not resend by hand.',
};

/** Failures without a broker code: the request got no usable answer. */
const TRANSPORT_GUIDE: readonly CodeGuide[] = [
  {
    code: 'timeout',
    http: null,
    meaning: 'no answer within the time limit',
    fix: 'An order shows *unconfirmed* and is checked against the order book; wait for *confirmed placed* or *confirmed not placed*.',
  },
  {
    code: 'network',
    http: null,
    meaning: 'the connection failed or was dropped',
    fix: 'Check the internet connection and proxy; orders in flight are reconciled from the order book, never resent blindly.',
  },
  {
    code: 'malformed',
    http: null,
    meaning: "the answer was not the broker's JSON",
    fix: 'Usually a proxy or captive portal in the way; check the broker URL in Settings, then send the bundle.',
  },
  {
    code: 'day-block-risk',
    http: null,
    meaning: 'not sent: one more limit breach would block the account for the day',
    fix: "The broker refused requests over its per-minute limit three times today (another device or app on the account); Tickdesk sends no new order actions until midnight. Close the other app; use the broker's own terminal for anything urgent.",
  },
  {
    code: 'redirect',
    http: null,
    meaning: 'the broker answered with a redirect, which is refused',
    fix: 'Check the broker URL in Settings (a proxy or a wrong host redirects).',
  },
  {
    code: 'insecure',
    http: null,
    meaning: 'a non-HTTPS broker URL to a remote host',
    fix: 'Use the https:// broker URL in Settings.',
  },
];

function guideOf(info: BrokerErrorInfo): CodeGuide {
  return {
    code: info.code,
    http: info.http,
    meaning: info.meaning,
    fix: FIX_BY_CODE[info.code] ?? FIX_BY_ACTION[info.action],
  };
}

/** Every broker code (most negative last) and every transport failure, for the docs and the bundle. */
export function codeGuideTable(): CodeGuide[] {
  const codes = Object.values(BROKER_ERRORS).sort((a, b) => b.code - a.code);
  return [SENT_NO_ACK, ...codes.map(guideOf), ...TRANSPORT_GUIDE];
}

/** The guide for one error: a broker code when there is one, else the failure kind. */
export function guideFor(code: number | null, kind?: string | null): CodeGuide | null {
  if (code !== null && code < 0) return guideOf(brokerError(code));
  if (code === OrderSuccessCode.SentNoAck) return SENT_NO_ACK;
  if (kind) return TRANSPORT_GUIDE.find((g) => g.code === kind) ?? null;
  return null;
}

/** The guide as the Markdown table in docs/support.md ("Broker codes and what to try"). */
export function codeGuideMarkdown(): string {
  const rows = codeGuideTable().map(
    (g) => `| \`${g.code}\` | ${g.http ?? '–'} | ${g.meaning} | ${g.fix.replace(/\|/g, '\\|')} |`,
  );
  return ['| code | HTTP | meaning | what to try |', '|---|---|---|---|', ...rows].join('\n');
}

/**
 * The live-data and order sockets' close codes: not broker error codes, but they appear in
 * the log (`socket closed`) when prices or order updates stop, and support staff meet them.
 */
export const SOCKET_CLOSE_GUIDE: readonly CodeGuide[] = [
  {
    code: SocketCloseCode.TokenInvalid,
    http: null,
    meaning: 'socket closed: the token was refused or has expired (06:00 IST, or revoked)',
    fix: 'Log in again; Tickdesk does not reconnect this socket until the new login.',
  },
  {
    code: SocketCloseCode.SlowConsumer,
    http: null,
    meaning: 'socket closed: the app read too slowly (slow consumer)',
    fix: 'Tickdesk reconnects by itself; if it repeats, close heavy views or watchlists on a slow PC and send the bundle.',
  },
];

/** The socket close codes as the Markdown table in docs/support.md ("Socket close codes"). */
export function socketCloseGuideMarkdown(): string {
  const rows = SOCKET_CLOSE_GUIDE.map(
    (g) => `| \`${g.code}\` | ${g.meaning} | ${g.fix.replace(/\|/g, '\\|')} |`,
  );
  return ['| close code | meaning | what to try |', '|---|---|---|', ...rows].join('\n');
}
