/**
 * Checks the Authorization header (`<app_id>:<access_token>`) of every non-login endpoint and
 * the app's permission template. Each failure has its own code so a client can tell a missing
 * header (a bug) from an expired token (log in again) from a missing permission (wrong app).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ErrorCode } from '../../shared/broker/errors';
import { fail } from '../failure';
import type { AuthContext, PermissionLevel } from '../http/types';
import type { AppSpec } from './apps';
import { TEMPLATE_LEVEL, TEMPLATE_NAME } from './apps';
import type { CredentialStore } from './credentials';

/** Authenticates a request or throws the 401 failure with the matching code. */
export function authenticate(
  headers: IncomingHttpHeaders,
  apps: AppSpec[],
  creds: CredentialStore,
  now: number,
): AuthContext {
  const raw = headers.authorization;
  if (!raw)
    fail(
      ErrorCode.TokenAuthFailed,
      'Authorization header is missing; send <app_id>:<access_token>',
    );
  const idx = raw.indexOf(':');
  const appId = idx > 0 ? raw.slice(0, idx).trim() : '';
  const token = idx > 0 ? raw.slice(idx + 1).trim() : '';
  if (!appId || !token || /\s/.test(appId)) {
    fail(
      ErrorCode.TokenAuthFailed,
      'Authorization header must be <app_id>:<access_token> (colon-joined, no "Bearer")',
    );
  }
  const app = apps.find((a) => a.app_id === appId);
  if (!app) fail(ErrorCode.InvalidToken, `Unknown app id ${appId} in the Authorization header`);
  const t = creds.token(token);
  if (!t) fail(ErrorCode.InvalidToken, 'Invalid access token');
  if (t.appId !== app.app_id)
    fail(
      ErrorCode.TokenInvalidOrExpired,
      `This access token was issued to another app, not ${app.app_id}`,
    );
  if (now >= t.expiresAt)
    fail(ErrorCode.TokenExpired, 'Access token expired at 06:00 IST; log in again');
  return { app, svcId: t.svcId, token };
}

const LEVEL_NAME: Record<PermissionLevel, string> = {
  0: 'Basic',
  1: 'Transactions Info',
  2: 'Order Placement',
};

/** Throws 403 (-373) when the app's template does not reach the route's level. */
export function requirePermission(
  auth: AuthContext,
  level: PermissionLevel,
  operation: string,
): void {
  if (TEMPLATE_LEVEL[auth.app.template] >= level) return;
  fail(
    ErrorCode.NoPermission,
    `App ${auth.app.app_id} has the ${TEMPLATE_NAME[auth.app.template]} permission template; ${operation} needs ${LEVEL_NAME[level]}`,
  );
}
