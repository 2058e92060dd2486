import { protocol, type Protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { RENDERER_HEADERS, rendererCsp, resolveRendererFile } from '../ipc/renderer-files';

/** Our renderer's scheme and host: app://tickdesk/. The IPC sender check trusts exactly this origin. */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://tickdesk`;

/**
 * Must run before `ready`. A standard, secure scheme gives the renderer a real origin
 * (so the CSP's 'self' and the sender check mean something) without file://'s
 * access to the whole disk.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/** Serves the built renderer from `root` on app://tickdesk/, refusing any path that escapes it. */
export function serveRenderer(proto: Protocol, root: string): void {
  const csp = rendererCsp();
  proto.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'tickdesk') return new Response('Not found', { status: 404 });
    const target = resolveRendererFile(root, url.pathname);
    if (!target) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(target.file);
      return new Response(body, {
        headers: {
          ...RENDERER_HEADERS,
          'Content-Type': target.contentType,
          'Content-Security-Policy': csp,
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
