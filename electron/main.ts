/**
 * The composition root: the only file that wires Electron to the core. Everything it
 * creates is either an Electron adapter from ./shell or a plain-Node service from ./core,
 * so the same core runs in the browser harness and in tests without Electron.
 */
import { app, crashReporter, ipcMain, protocol, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppCore, type AppCore } from './core/app/app-core';
import { exportDiagnostics } from './core/app/export-diagnostics';
import { createReadOnlySettingsBackend } from './core/settings/backend';
import { DATA_LAYOUT } from './core/diagnostics/bundle-sources';
import { createLogger, stderrSink, type Logger } from './core/diagnostics/logger';
import { createEventBus } from './ipc/event-bus';
import { createHandlers } from './ipc/handlers';
import { createRouter } from './ipc/router';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './shell/app-protocol';
import { keepCrashDumpsLocally } from './shell/crash-reporter';
import { createDeepLinkSource } from './shell/deep-links';
import { createDepositoryWindowPort } from './shell/depository-window';
import { utilityDemoProcess } from './shell/demo-utility-process';
import { denyAllPermissions, hardenAllWebContents, openIfHttps } from './shell/hardening';
import { attachIpcMainTransport } from './shell/ipc-main-transport';
import { createLoginWindowPort } from './shell/login-window';
import { createMainWindow } from './shell/main-window';
import { quitAfterDispose } from './shell/quit-after-dispose';
import { startDesktopUpdater } from './shell/updater';
import type { UpdateController } from './core/updates/update-controller';
import { reloadAfterCrash } from './shell/renderer-recovery';
import { installAppMenu } from './shell/app-menu';
import { showAlertNotifications } from './shell/alert-notifications';
import { createElectronStoreBackend } from './shell/settings-backend';

/** DevTools and verbose logs only when a developer asks for them on an unpackaged build. */
const isDev = !app.isPackaged && process.env.TICKDESK_DEV === '1';

// First: a crash from here on leaves a minidump in the data folder (never uploaded).
keepCrashDumpsLocally(app, crashReporter, join(app.getPath('userData'), DATA_LAYOUT.crashDumps));
// Before `ready`: the privileged scheme, the sandbox for every renderer, one instance only.
registerAppScheme();
app.enableSandbox();
hardenAllWebContents(app);
/** `--export-diagnostics <file>`: write the support bundle and exit; nothing else starts. */
const exportTo = argValue(process.argv, '--export-diagnostics');
// An export runs beside a running Tickdesk, so it does not take the single-instance lock.
const primary = exportTo === null && app.requestSingleInstanceLock();
/** Demo (the embedded sandbox broker) unless the trader starts with --live. */
const environment = process.argv.includes('--live') ? 'live' : 'demo';

let mainWindow: BrowserWindow | null = null;
let core: AppCore | null = null;
/** Release builds' self-update (shell/updater.ts); null in development and .deb installs. */
let updates: UpdateController | null = null;
/**
 * The main process's logger: stderr until the core exists, then the core's one redacting
 * logger (log file and support bundle), kept after the core is disposed so a failing
 * shutdown is still written through it.
 */
let mainLog: Logger = createLogger({ sinks: [stderrSink] });

/** Resolves once the window exists and IPC is wired; the main-process test awaits it. */
export const ready: Promise<void> =
  exportTo !== null ? exportAndExit(exportTo) : primary ? start() : quitSecondInstance();

/** The value after `flag` (`--flag value` or `--flag=value`), or null when absent. */
function argValue(argv: readonly string[], flag: string): string | null {
  const i = argv.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (i < 0) return null;
  const arg = argv[i] as string;
  return arg.includes('=') ? arg.slice(flag.length + 1) : (argv[i + 1] ?? '');
}

/** Writes the bundle from the data folder without logging in or opening a window, then exits. */
async function exportAndExit(out: string): Promise<void> {
  const log = createLogger({ sinks: [stderrSink] }).child('export');
  if (!out) {
    log.error('--export-diagnostics needs a file name, e.g. --export-diagnostics bundle.zip');
    app.exit(2);
    return;
  }
  try {
    const written = await exportDiagnostics({
      appName: app.getName(),
      version: app.getVersion(),
      dataDir: app.getPath('userData'),
      out,
      // Read-only: the export never moves a damaged file nor rewrites one needing migration.
      settingsBackend: createReadOnlySettingsBackend(
        join(app.getPath('userData'), 'settings.json'),
      ),
      logger: log,
    });
    process.stdout.write(`${JSON.stringify({ bundle: written.path, bytes: written.bytes })}\n`);
    app.exit(0);
  } catch (err) {
    log.error('support bundle export failed', { err: String(err) });
    app.exit(1);
  }
}

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
  // A downloaded update installs at quit only if the policy allows it (decided while the
  // orders are still known), and only after the core is disposed (journal written).
  const quitAndMaybeInstall = async (): Promise<void> => {
    const install = updates?.decideAtQuit() ?? false;
    await shutdown();
    updates?.applyAtQuit(install);
  };
  quitAfterDispose(app, quitAndMaybeInstall, (err) =>
    mainLog.error('shutdown failed', {
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    }),
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
  mainLog = core.logger.child('main');
  // The router's refusals and handler failures go through the one redacting logger, so
  // they reach the log file and the support bundle ("the details are in the log").
  const ipcLog = core.logger.child('ipc');
  const router = createRouter({
    handlers: createHandlers(core),
    trustedOrigins: [APP_ORIGIN],
    logger: ipcLog,
  });
  const bus = createEventBus(router, (name, err) =>
    ipcLog.error('event payload outside the contract', { name, err: String(err) }),
  );
  core.attachEmitter(bus.emit, bus.busy);
  // Events go to our own window only: the login and depository windows show the broker's and
  // the depository's pages, which must never receive the trader's orders or prices.
  attachIpcMainTransport({
    ipcMain,
    router,
    bus,
    windows: () => (mainWindow && !mainWindow.isDestroyed() ? [mainWindow] : []),
  });

  mainWindow = createMainWindow({
    preload: join(root, 'dist/electron/preload.cjs'),
    devTools: isDev,
    title: 'Tickdesk',
  });
  mainWindow.on('closed', () => (mainWindow = null));
  const running = core;
  showAlertNotifications({
    onAlert: (fn) => running.alerts.onAlert(fn),
    open: (alert) => running.alerts.open(alert),
    window: () => mainWindow,
    onError: (err) => running.logger.warn('alerts: notification failed', { err: String(err) }),
  });
  updates = startDesktopUpdater({
    isPackaged: app.isPackaged,
    window: () => mainWindow,
    checksEnabled: () => running.settings.get().preferences.updates.checkAutomatically,
    intents: () => running.orders.list(),
    logger: running.logger,
    hub: running.updates,
  });
  reloadAfterCrash(mainWindow, {
    onLost: () => running.drafts.pageLost(),
    log: (msg, fields) => running.logger.error(msg, fields),
  });
}
