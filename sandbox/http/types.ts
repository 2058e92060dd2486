/**
 * The small request/response vocabulary of the sandbox's HTTP layer. Handlers receive a parsed
 * request and return a Reply value instead of writing to the socket, which keeps them easy to
 * test and lets the dispatcher apply faults (drop, 500, malformed) uniformly.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AppSpec } from '../auth/apps';

/** Who is calling an authenticated route. */
export interface AuthContext {
  app: AppSpec;
  svcId: string;
  /** The access token of the request (only the logout route uses it, to revoke it). */
  token: string;
}

/** A parsed request. */
export interface RequestCtx {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON (or urlencoded form) body; undefined when empty. */
  body: unknown;
  auth?: AuthContext;
}

/** What a handler answers. Exactly one of json, html or raw is used. */
export interface Reply {
  status: number;
  json?: unknown;
  html?: string;
  raw?: Buffer | string;
  headers?: Record<string, string>;
}

/** Permission needed by a route: 0 Basic, 1 Transactions Info, 2 Order Placement. */
export type PermissionLevel = 0 | 1 | 2;

/** One route of the sandbox. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** `user` routes need the Authorization header, count against rate limits and check the template. */
  access: 'public' | 'user';
  level?: PermissionLevel;
  /** Name of the operation for permission messages, e.g. "Order Placement". */
  operation?: string;
  handle(ctx: RequestCtx): Reply | Promise<Reply>;
}
