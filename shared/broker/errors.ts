/**
 * The broker's negative error codes (gaps.md "Error codes"), each with its HTTP status,
 * a plain-language explanation for a trader and the action the client should offer.
 *
 * Why one table: the sandbox emits these codes and the client turns them into messages and
 * actions. Keeping both ends on one table means a new code (or a changed meaning) is one edit,
 * and the sandbox cannot invent a code the client does not understand.
 *
 * The per-field order codes in the -305..-328 range follow the numbering used by the real
 * service's public SDKs (*inferred* where gaps.md only gives the range).
 */

/**
 * What the app should offer the trader when it sees the error. `none`: nothing in the app
 * helps; the explanation says what to do outside it (register a static IP, say).
 */
export type BrokerErrorAction =
  'login' | 'fix-field' | 'wait' | 'check-state' | 'report' | 'retry-later' | 'none';

/** Everything the client needs to explain and act on one broker error code. */
export interface BrokerErrorInfo {
  /** The negative code in the failure envelope. */
  code: number;
  /** The HTTP status the broker sends with it. */
  http: number;
  /** Short technical meaning (for logs and developers). */
  meaning: string;
  /** Plain-language sentence for a trader. */
  explanation: string;
  /** What the app should offer next. */
  action: BrokerErrorAction;
}

/** Named codes, so code reads `ErrorCode.TickSize` instead of a bare `-392`. */
export const ErrorCode = {
  TokenExpired: -8,
  InvalidToken: -15,
  TokenAuthFailed: -16,
  TokenInvalidOrExpired: -17,
  InvalidParameters: -50,
  InvalidOrderId: -51,
  InvalidPositionId: -53,
  OrderRejected: -99,
  InvalidOrderType: -101,
  AlreadyCancelled: -161,
  AlreadyTraded: -162,
  AlreadyRejected: -164,
  ExchangeConnection: -201,
  ExchangeTimeout: -202,
  ExchangeUnavailable: -203,
  ExchangeNotProcessed: -204,
  ExchangeNotAccepted: -205,
  InvalidSymbol: -300,
  InvalidCoBoType: -305,
  InvalidLimitPrice: -308,
  InvalidStopPrice: -309,
  InvalidQty: -310,
  InvalidStopLoss: -311,
  InvalidSide: -313,
  InvalidProductType: -314,
  InvalidTakeProfit: -325,
  InvalidValidity: -326,
  InvalidDisclosedQty: -327,
  InvalidOfflineFlag: -328,
  InvalidAppId: -352,
  RateLimited: -353,
  AppIdHashMismatch: -371,
  NoPermission: -373,
  /** SEBI 2026: order actions only from the app's registered static IP (code inferred). */
  StaticIpNotRegistered: -378,
  InvalidAuthCode: -374,
  StopPriceVsLtp: -390,
  TickSize: -392,
  PositionQtyZero: -397,
  NoOpenPositions: -398,
  NoPendingOrders: -399,
  InvalidGrantType: -441,
} as const;
/** The HTTP statuses the broker sends with its error codes, named so the table reads as words. */
export const HttpStatus = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  TooManyRequests: 429,
  ServerError: 500,
} as const;

/** Union of the named codes. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

const E = (
  code: number,
  http: number,
  meaning: string,
  explanation: string,
  action: BrokerErrorAction,
): BrokerErrorInfo => ({ code, http, meaning, explanation, action });

/** One entry per gaps.md code, keyed by code. */
export const BROKER_ERRORS: Readonly<Record<number, BrokerErrorInfo>> = Object.freeze(
  Object.fromEntries(
    [
      E(
        ErrorCode.TokenExpired,
        HttpStatus.Unauthorized,
        'token expired',
        'Your broker session has expired. Log in again to continue.',
        'login',
      ),
      E(
        ErrorCode.InvalidToken,
        HttpStatus.Unauthorized,
        'invalid token',
        'The broker did not accept your session. Log in again.',
        'login',
      ),
      E(
        ErrorCode.TokenAuthFailed,
        HttpStatus.Unauthorized,
        'could not authenticate the token',
        'The broker could not verify your session. Log in again.',
        'login',
      ),
      E(
        ErrorCode.TokenInvalidOrExpired,
        HttpStatus.Unauthorized,
        'token invalid or expired',
        'Your session is invalid or has expired. Log in again.',
        'login',
      ),
      E(
        ErrorCode.InvalidParameters,
        HttpStatus.BadRequest,
        'invalid parameters',
        'One of the values sent is not valid; the message names the field.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidOrderId,
        HttpStatus.BadRequest,
        'invalid order id',
        'The broker does not know this order. Refresh the order book.',
        'check-state',
      ),
      E(
        ErrorCode.InvalidPositionId,
        HttpStatus.BadRequest,
        'invalid position id',
        'The broker does not know this position. Refresh positions.',
        'check-state',
      ),
      E(
        ErrorCode.OrderRejected,
        HttpStatus.BadRequest,
        'order rejected',
        'The order was rejected; the reason is in the message.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidOrderType,
        HttpStatus.BadRequest,
        'invalid order type',
        'The order type is not valid for this order.',
        'fix-field',
      ),
      E(
        ErrorCode.AlreadyCancelled,
        HttpStatus.BadRequest,
        'order already cancelled',
        'This order was already cancelled, so it cannot be changed.',
        'check-state',
      ),
      E(
        ErrorCode.AlreadyTraded,
        HttpStatus.BadRequest,
        'order already traded',
        'This order has already been filled, so it cannot be changed.',
        'check-state',
      ),
      E(
        ErrorCode.AlreadyRejected,
        HttpStatus.BadRequest,
        'order already rejected',
        'This order was rejected, so it cannot be changed.',
        'check-state',
      ),
      E(
        ErrorCode.ExchangeConnection,
        HttpStatus.ServerError,
        'exchange connection failed',
        'The broker could not reach the exchange. Check the order book before trying again.',
        'check-state',
      ),
      E(
        ErrorCode.ExchangeTimeout,
        HttpStatus.ServerError,
        'exchange connection timed out',
        'The exchange did not answer in time. Check the order book before trying again.',
        'check-state',
      ),
      E(
        ErrorCode.ExchangeUnavailable,
        HttpStatus.ServerError,
        'exchange not available',
        'The exchange is not reachable through the broker right now. Check the order book before trying again.',
        'check-state',
      ),
      E(
        ErrorCode.ExchangeNotProcessed,
        HttpStatus.ServerError,
        'request not processed',
        'The broker did not process the request. Check the order book before trying again.',
        'check-state',
      ),
      E(
        ErrorCode.ExchangeNotAccepted,
        HttpStatus.ServerError,
        'exchange could not accept the request',
        'The exchange could not accept the request. Check the order book before trying again.',
        'check-state',
      ),
      E(
        ErrorCode.InvalidSymbol,
        HttpStatus.BadRequest,
        'invalid symbol',
        'The broker does not know this symbol.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidCoBoType,
        HttpStatus.BadRequest,
        'invalid order type for CO/BO',
        'Cover orders take only market or limit; check the order type for this product.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidLimitPrice,
        HttpStatus.BadRequest,
        'invalid limit price',
        'The limit price is not valid for this order type.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidStopPrice,
        HttpStatus.BadRequest,
        'invalid stop price',
        'The trigger (stop) price is not valid for this order type.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidQty,
        HttpStatus.BadRequest,
        'invalid quantity',
        'The quantity is not valid (it must be positive and a multiple of the lot size).',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidStopLoss,
        HttpStatus.BadRequest,
        'invalid stop loss',
        'The stop loss is missing or on the wrong side of the price.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidSide,
        HttpStatus.BadRequest,
        'invalid side',
        'The order side must be buy or sell.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidProductType,
        HttpStatus.BadRequest,
        'invalid product type',
        'This product type cannot be used for this instrument.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidTakeProfit,
        HttpStatus.BadRequest,
        'invalid take profit',
        'The target (take profit) is missing or not valid.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidValidity,
        HttpStatus.BadRequest,
        'invalid validity',
        'The validity is not allowed for this order.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidDisclosedQty,
        HttpStatus.BadRequest,
        'invalid disclosed quantity',
        'The disclosed quantity is not allowed for this order.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidOfflineFlag,
        HttpStatus.BadRequest,
        'invalid offline flag',
        'The after-market flag is not valid.',
        'fix-field',
      ),
      E(
        ErrorCode.InvalidAppId,
        HttpStatus.BadRequest,
        'invalid app id (also: no position to exit)',
        'The app is not recognised, or there is no position to exit.',
        'check-state',
      ),
      E(
        ErrorCode.RateLimited,
        HttpStatus.TooManyRequests,
        'API limit exceeded',
        'Too many requests were sent. Wait a moment before trying again.',
        'wait',
      ),
      E(
        ErrorCode.AppIdHashMismatch,
        HttpStatus.BadRequest,
        'appIdHash does not match',
        'The app credentials do not match. Check the app id and secret.',
        'report',
      ),
      E(
        ErrorCode.NoPermission,
        HttpStatus.Forbidden,
        'permission denied for this app',
        "This app is not allowed to do that. Use an app with the 'Order Placement' permission.",
        'report',
      ),
      E(
        ErrorCode.StaticIpNotRegistered,
        HttpStatus.Forbidden,
        'order action from an IP not registered for the app',
        "Refused by the broker: it accepts orders only from the static IP address registered for your API app, and this computer's address is not registered. Register this computer's static IP for the app in the broker's API dashboard, or use the broker's own terminal. Nothing was carried out.",
        'none',
      ),
      E(
        ErrorCode.InvalidAuthCode,
        HttpStatus.BadRequest,
        'invalid or expired auth code',
        'The login took too long or was already used. Log in again.',
        'login',
      ),
      E(
        ErrorCode.StopPriceVsLtp,
        HttpStatus.BadRequest,
        'invalid stop price relative to the last price',
        'The trigger price is on the wrong side of the last traded price.',
        'fix-field',
      ),
      E(
        ErrorCode.TickSize,
        HttpStatus.BadRequest,
        'price not a multiple of the tick size',
        'A price is not a multiple of the tick size.',
        'fix-field',
      ),
      E(
        ErrorCode.PositionQtyZero,
        HttpStatus.BadRequest,
        'position quantity is zero',
        'This position has no open quantity.',
        'check-state',
      ),
      E(
        ErrorCode.NoOpenPositions,
        HttpStatus.BadRequest,
        'no open positions',
        'There are no open positions to exit.',
        'check-state',
      ),
      E(
        ErrorCode.NoPendingOrders,
        HttpStatus.BadRequest,
        'no pending orders',
        'There are no pending orders.',
        'check-state',
      ),
      E(
        ErrorCode.InvalidGrantType,
        HttpStatus.BadRequest,
        'invalid grant type',
        'The login request was malformed (grant type).',
        'report',
      ),
    ].map((e) => [e.code, e]),
  ),
);

/** The exchange-connection family (-201..-205): the broker could not reach the exchange, so the outcome is unknown. */
export function isExchangeConnectionCode(code: number): boolean {
  return code <= ErrorCode.ExchangeConnection && code >= ErrorCode.ExchangeNotAccepted;
}

/**
 * Looks up a broker code. Unknown codes still get a usable answer (never `undefined`), so the
 * client can always show something and offer to check state rather than crash.
 */
export function brokerError(code: number): BrokerErrorInfo {
  const known = BROKER_ERRORS[code];
  if (known) return known;
  if (isExchangeConnectionCode(code)) {
    return E(
      code,
      HttpStatus.ServerError,
      'exchange connection problem',
      'The broker had trouble reaching the exchange. Check the order book before trying again.',
      'check-state',
    );
  }
  return E(
    code,
    HttpStatus.BadRequest,
    `unknown broker error ${code}`,
    `The broker returned an error this app does not recognise (code ${code}).`,
    'report',
  );
}

/** True for codes after which the trader must log in again. */
export function isAuthError(code: number): boolean {
  return brokerError(code).action === 'login' && code !== ErrorCode.InvalidAuthCode;
}
