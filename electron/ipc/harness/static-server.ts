import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RENDERER_HEADERS, rendererCsp, resolveRendererFile } from '../renderer-files';

/**
 * Serves the built renderer to the browser for the harness, with the same traversal guard
 * and CSP as the Electron protocol handler (plus the harness's own WebSocket in connect-src).
 */
export function createStaticHandler(root: string, wsOrigin: string) {
  const csp = rendererCsp([wsOrigin]);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const target = resolveRendererFile(root, pathname);
    if (!target) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    try {
      const body = await readFile(target.file);
      res.writeHead(200, {
        ...RENDERER_HEADERS,
        'Content-Type': target.contentType,
        'Content-Security-Policy': csp,
        'Content-Length': body.length,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    }
  };
}
