/**
 * The composition root: the only file that wires Electron to the core. Everything it
 * creates is either an Electron adapter from ./shell or a plain-Node service from ./core,
 * so the same core runs in the browser harness and in tests without Electron.
 */
import { app, BrowserWindow, ipcMain, protocol, session } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppCore, type AppCore } from './core/app/app-core';
import type { LogSink } from './core/diagnostics/logger';
import { createEventBus } from './ipc/event-bus';
import { createHandlers } from './ipc/handlers';
import { createRouter } from './ipc/router';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './shell/app-protocol';
import { createDeepLinkSource } from './shell/deep-links';
import { createDepositoryWindowPort } from './shell/depository-window';
import { utilityDemoProcess } from './shell/demo-utility-process';
import { denyAllPermissions, hardenAllWebContents, openIfHttps } from './shell/hardening';
import { attachIpcMainTransport } from './shell/ipc-main-transport';
import { createLoginWindowPort } from './shell/login-window';
import { createMainWindow } from './shell/main-window';
import { quitAfterDispose } from './shell/quit-after-dispose';
import { reloadAfterCrash } from './shell/renderer-recovery';
import { installAppMenu } from './shell/app-menu';
import { createElectronStoreBackend } from './shell/settings-backend';

/** DevTools and verbose logs only when a developer asks for them on an unpackaged build. */
const isDev = !app.isPackaged && process.env.TICKDESK_DEV === '1';

// Before `ready`: the privileged scheme, the sandbox for every renderer, one instance only.
registerAppScheme();
app.enableSandbox();
hardenAllWebContents(app);
const primary = app.requestSingleInstanceLock();
/** Demo (the embedded sandbox broker) unless the trader starts with --live. */
const environment = process.argv.includes('--live') ? 'live' : 'demo';

let mainWindow: BrowserWindow | null = null;
let core: AppCore | null = null;

/** Resolves once the window exists and IPC is wired; the main-process test awaits it. */
export const ready: Promise<void> = primary ? start() : quitSecondInstance();

const stderrSink: LogSink = { write: (line) => process.stderr.write(line + '\n') };

async function quitSecondInstance(): Promise<void> {
  app.quit();
}

/**
 * Disposes the core's services in reverse order of creation (journal and day count written,
 * Demo broker stopped); on quit, and from the main-process tests. A quit during start waits
 * for the start to finish first, so nothing it creates is left running.
 */
export async function shutdown(): Promise<void> {
  await ready.catch(() => undefined);
  const running = core;
  core = null;
  await running?.dispose();
}

async function start(): Promise<void> {
  const deepLinks = createDeepLinkSource(app, process.argv);
  app.on('second-instance', (_event, argv) => {
    deepLinks.fromArgv(argv);
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => app.quit());
  quitAfterDispose(app, shutdown, (err) =>
    process.stderr.write(`tickdesk: shutdown failed: ${String(err)}\n`),
  );

  await app.whenReady();
  installAppMenu({ isMac: process.platform === 'darwin', isDev });
  denyAllPermissions(session.defaultSession);
  const root = app.getAppPath();
  serveRenderer(protocol, join(root, 'dist/renderer'));

  core = await createAppCore({
    appName: app.getName(),
    version: app.getVersion(),
    platform: process.platform,
    host: 'electron',
    environment,
    dataDir: app.getPath('userData'),
    openExternal: async (url) => {
      if (!openIfHttps(url)) throw new Error('Only https links open in the system browser.');
    },
    settingsBackend: createElectronStoreBackend(),
    symbolsBuildWorker: pathToFileURL(join(root, 'dist/electron/symbols-build-worker.cjs')),
    demoProcess: utilityDemoProcess(join(root, 'dist/sandbox/child.cjs')),
    loginWindow: createLoginWindowPort(() => mainWindow),
    depositoryWindow: createDepositoryWindowPort(() => mainWindow),
    protocolEvents: deepLinks,
    logSinks: isDev ? [stderrSink] : [],
  });
  const log = (msg: string, fields?: Record<string, unknown>) =>
    console.warn(JSON.stringify({ msg, ...fields }));
  const router = createRouter({
    handlers: createHandlers(core),
    trustedOrigins: [APP_ORIGIN],
    logger: { warn: log, error: log },
  });
  const bus = createEventBus(router, (name, err) =>
    log('event payload outside the contract', { name, err: String(err) }),
  );
  core.attachEmitter(bus.emit);
  attachIpcMainTransport({ ipcMain, router, bus, windows: () => BrowserWindow.getAllWindows() });

  mainWindow = createMainWindow({
    preload: join(root, 'dist/electron/preload.cjs'),
    devTools: isDev,
    title: 'Tickdesk',
  });
  mainWindow.on('closed', () => (mainWindow = null));
  const running = core;
  reloadAfterCrash(mainWindow, {
    onLost: () => running.drafts.pageLost(),
    log: (msg, fields) => running.logger.error(msg, fields),
  });
}
