import { extname, resolve, sep } from 'node:path';

/**
 * Serving the built renderer is shared by the Electron protocol handler and the harness's
 * HTTP server, so the path-traversal guard and the CSP exist once.
 */

/** Content types for the files Vite emits. Anything else is refused rather than guessed. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Maps a request path to a file inside `root`, or null when the path would escape it
 * (`..`, encoded `%2e%2e`, backslashes, NUL) or names a type we do not serve.
 * `/` and unknown routes without an extension map to index.html (single-page app).
 */
export function resolveRendererFile(
  root: string,
  pathname: string,
): { file: string; contentType: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s.length > 0);
  if (segments.some((s) => s === '..' || s === '.')) return null;
  const rel = segments.length === 0 || extname(decoded) === '' ? 'index.html' : segments.join('/');
  const base = resolve(root);
  const file = resolve(base, rel);
  if (file !== base && !file.startsWith(base + sep)) return null;
  const contentType = CONTENT_TYPES[extname(file).toLowerCase()];
  if (!contentType) return null;
  return { file, contentType };
}

/**
 * The Content-Security-Policy for every renderer page: no inline script, no eval, nothing
 * from other origins. `connect` adds the harness's own WebSocket; Electron passes nothing.
 */
export function rendererCsp(connect: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${connect.length ? ' ' + connect.join(' ') : ''}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Security headers sent with every renderer response besides the CSP. */
export const RENDERER_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};
