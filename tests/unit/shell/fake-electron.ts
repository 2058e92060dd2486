/**
 * A stand-in for the 'electron' module that records what the main process and preload
 * ask of it, so their security settings can be asserted in plain Node. Loaded in place of
 * 'electron' by ./electron-loader.mjs.
 */
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';

type Listener = (...args: unknown[]) => unknown;

export const recorded = {
  sandboxEnabled: false,
  singleInstanceLockRequested: false,
  privilegedSchemes: [] as unknown[],
  protocolHandlers: new Map<string, (req: Request) => Promise<Response> | Response>(),
  windows: [] as FakeBrowserWindow[],
  ipcHandlers: new Map<string, Listener>(),
  permissionRequestHandler: null as null | Listener,
  permissionCheckHandler: null as null | Listener,
  devicePermissionHandler: null as null | Listener,
  openedExternally: [] as string[],
  exposed: new Map<string, unknown>(),
  invoked: [] as { channel: string; input: unknown }[],
  rendererListeners: new EventEmitter(),
  appPath: '',
  protocolClients: [] as string[],
  ipcListeners: [] as string[],
  /** ipcMain.on listeners by channel: `emit(channel, event, …args)` is a page sending. */
  ipcOn: new EventEmitter(),
  /** What the preload sent with ipcRenderer.send, in order. */
  rendererSent: [] as { channel: string; args: unknown[] }[],
  applicationMenu: undefined as undefined | null | { template: unknown[] },
  exitCode: null as number | null,
  /** Each app.exit(code), with what the test's hook saw at that moment. */
  exits: [] as { code: number | undefined; seen: unknown }[],
  /** Runs at app.exit, before anything else: what was on disk when the process would end. */
  onExit: null as null | (() => unknown),
  utilityProcesses: [] as { modulePath: string; args: string[]; child: FakeUtilityProcess }[],
  /** app.setPath(name, path) calls: getPath(name) answers them, appPath otherwise. */
  paths: new Map<string, string>(),
  /** crashReporter.start options, with the crashDumps path at that moment; null until started. */
  crashReporter: null as null | { options: unknown; crashDumps: string | undefined },
};

class FakeApp extends EventEmitter {
  isPackaged = true;
  enableSandbox() {
    recorded.sandboxEnabled = true;
  }
  requestSingleInstanceLock() {
    recorded.singleInstanceLockRequested = true;
    return true;
  }
  whenReady() {
    return Promise.resolve();
  }
  getAppPath() {
    return recorded.appPath;
  }
  getName() {
    return 'Tickdesk';
  }
  getVersion() {
    return '0.0.0-test';
  }
  getPath(name?: string) {
    return (name && recorded.paths.get(name)) || recorded.appPath;
  }
  setPath(name: string, path: string) {
    recorded.paths.set(name, path);
  }
  quit() {}
  exit(code?: number) {
    recorded.exitCode = code ?? 0;
    recorded.exits.push({ code, seen: recorded.onExit?.() });
  }
  setAsDefaultProtocolClient(scheme: string) {
    recorded.protocolClients.push(scheme);
    return true;
  }
}
export const app = new FakeApp();

/**
 * The fake's network: off by default (loadURL only records, as the first tests need). With
 * `online`, navigations really happen, the way Chromium does them: http(s) over fetch with
 * manual redirects, app:// through the handler main.ts registered with protocol.handle.
 */
export const network = { online: false };

/** Electron's navigation event object: one per navigation step, shared by every listener. */
function navEvent(url: string, isMainFrame: boolean) {
  return {
    url,
    isMainFrame,
    isSameDocument: false,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

/** Chromium's net::ERR_ABORTED, which loadURL rejects with when a navigation is cancelled. */
function aborted(url: string): Error {
  return Object.assign(new Error(`ERR_ABORTED (-3) loading '${url}'`), {
    errno: -3,
    code: 'ERR_ABORTED',
  });
}

type NavRequest = { method: string; body?: string; headers?: Record<string, string> };

let nextId = 1;
export class FakeWebContents extends EventEmitter {
  id = nextId++;
  stopped = false;
  url = '';
  /** The page now shown (online only): its HTML and status, for the test's "trader" to read. */
  html = '';
  status = 0;
  /** Every URL the fake requested from the network, in order (online only). */
  requested: string[] = [];
  stop() {
    this.stopped = true;
  }
  reloads = 0;
  reload() {
    this.reloads++;
  }
  getURL() {
    return this.url;
  }
  windowOpenHandler: null | ((d: { url: string }) => { action: string }) = null;
  sent: { name: string; payload: unknown }[] = [];
  setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
    this.windowOpenHandler = h;
  }
  send(name: string, payload: unknown) {
    this.sent.push({ name, payload });
  }

  /**
   * What a link click, a form submission or `location = …` in the page does: a
   * renderer-initiated main-frame navigation. Electron emits will-frame-navigate, then (main
   * frame only) will-navigate; preventing either cancels it before any request is made.
   * Resolves true when the page committed, false when something cancelled it.
   */
  async navigateFromPage(url: string, request: NavRequest = { method: 'GET' }): Promise<boolean> {
    const absolute = new URL(url, this.url || undefined).href;
    const frame = navEvent(absolute, true);
    this.emit('will-frame-navigate', frame);
    if (frame.defaultPrevented) return false;
    const nav = navEvent(absolute, true);
    this.emit('will-navigate', nav, absolute, false, true, 1, 1);
    if (nav.defaultPrevented) return false;
    return this.perform(absolute, request).then(
      () => true,
      () => false,
    );
  }

  /**
   * A browser-initiated navigation (loadURL): no will-navigate nor will-frame-navigate, as in
   * Electron; server redirects still pass will-redirect. Rejects with ERR_ABORTED when cancelled.
   */
  async perform(url: string, request: NavRequest): Promise<void> {
    this.stopped = false;
    const start = navEvent(url, true);
    this.emit('did-start-navigation', start, url, false, true, 1, 1);
    let current = url;
    let req = request;
    for (let hop = 0; hop < 20; hop++) {
      if (this.stopped) throw aborted(current);
      this.requested.push(current);
      const res = await this.fetchOne(current, req);
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        await res.arrayBuffer();
        const next = new URL(res.headers.get('location') ?? '', current).href;
        const redirect = navEvent(next, true);
        this.emit('will-redirect', redirect, next, false, true, 1, 1);
        if (redirect.defaultPrevented || this.stopped) throw aborted(next);
        this.emit('did-redirect-navigation', navEvent(next, true), next, false, true, 1, 1);
        // 301/302/303 turn a POST into a GET, as browsers do; 307/308 keep it.
        if (res.status !== 307 && res.status !== 308) req = { method: 'GET' };
        current = next;
        continue;
      }
      this.html = await res.text();
      this.status = res.status;
      this.url = current;
      this.emit('did-navigate', {}, current, res.status, res.statusText);
      const title = /<title>([^<]*)<\/title>/i.exec(this.html)?.[1]?.trim();
      if (title) this.emit('page-title-updated', { preventDefault() {} }, title, true);
      this.emit('did-finish-load');
      return;
    }
    throw new Error(`ERR_TOO_MANY_REDIRECTS loading '${url}'`);
  }

  private async fetchOne(url: string, req: NavRequest): Promise<Response> {
    const u = new URL(url);
    if (u.protocol === 'http:' || u.protocol === 'https:') {
      return fetch(url, {
        method: req.method,
        redirect: 'manual',
        ...(req.body !== undefined ? { body: req.body } : {}),
        ...(req.headers ? { headers: req.headers } : {}),
      });
    }
    const handler = recorded.protocolHandlers.get(u.protocol.slice(0, -1));
    if (!handler) throw new Error(`ERR_UNKNOWN_URL_SCHEME loading '${url}'`);
    return handler(new Request(url, { method: req.method }));
  }
}

export class FakeBrowserWindow extends EventEmitter {
  webContents = new FakeWebContents();
  loadedUrl = '';
  loadOptions: unknown = undefined;
  destroyed = false;
  constructor(public options: { webPreferences?: Record<string, unknown> }) {
    super();
    recorded.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  static getAllWindows() {
    return recorded.windows;
  }
  loadURL(
    url: string,
    options?: { postData?: { bytes: Buffer }[]; extraHeaders?: string },
  ): Promise<void> {
    this.loadedUrl = url;
    this.loadOptions = options;
    if (!network.online) return Promise.resolve();
    const body = options?.postData?.map((p) => p.bytes.toString()).join('');
    const headers: Record<string, string> = {};
    for (const line of (options?.extraHeaders ?? '').split(/\r?\n/)) {
      const i = line.indexOf(':');
      if (i > 0) headers[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
    return this.webContents.perform(
      url,
      body !== undefined ? { method: 'POST', body, headers } : { method: 'GET' },
    );
  }
  close() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.stop();
    this.emit('closed');
  }
  show() {}
  /** How often main brought this window forward (a notification click does). */
  focuses = 0;
  focus() {
    this.focuses++;
  }
  restore() {}
  isMinimized() {
    return false;
  }
  isDestroyed() {
    return this.destroyed;
  }
}
export const BrowserWindow = FakeBrowserWindow;

export const ipcMain = {
  handle(channel: string, listener: Listener) {
    if (recorded.ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`);
    recorded.ipcHandlers.set(channel, listener);
  },
  removeHandler(channel: string) {
    recorded.ipcHandlers.delete(channel);
  },
  /** Renderer-to-main sends: electron-store's helper, and the preload's event count. */
  on(channel: string, listener?: Listener) {
    recorded.ipcListeners.push(channel);
    if (listener) recorded.ipcOn.on(channel, listener);
  },
  removeListener(channel: string, listener: Listener) {
    recorded.ipcOn.removeListener(channel, listener);
  },
};

export const protocol = {
  registerSchemesAsPrivileged(schemes: unknown[]) {
    recorded.privilegedSchemes.push(...schemes);
  },
  handle(scheme: string, handler: (req: Request) => Promise<Response>) {
    recorded.protocolHandlers.set(scheme, handler);
  },
};

export const partitions = new Map<
  string,
  { permissionRequest: Listener | null; permissionCheck: Listener | null }
>();

export const session = {
  fromPartition(name: string) {
    const p = {
      permissionRequest: null as Listener | null,
      permissionCheck: null as Listener | null,
    };
    partitions.set(name, p);
    return {
      name,
      setPermissionRequestHandler(h: Listener) {
        p.permissionRequest = h;
      },
      setPermissionCheckHandler(h: Listener) {
        p.permissionCheck = h;
      },
    };
  },
  defaultSession: {
    setPermissionRequestHandler(h: Listener) {
      recorded.permissionRequestHandler = h;
    },
    setPermissionCheckHandler(h: Listener) {
      recorded.permissionCheckHandler = h;
    },
    setDevicePermissionHandler(h: Listener) {
      recorded.devicePermissionHandler = h;
    },
  },
};

export const shell = {
  openExternal(url: string) {
    recorded.openedExternally.push(url);
    return Promise.resolve();
  },
};

export const Menu = {
  buildFromTemplate(template: unknown[]) {
    return { template };
  },
  setApplicationMenu(menu: { template: unknown[] } | null) {
    recorded.applicationMenu = menu;
  },
};

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown) {
    recorded.exposed.set(key, api);
  },
};

export const ipcRenderer = {
  invoke(channel: string, input: unknown) {
    recorded.invoked.push({ channel, input });
    return Promise.resolve({ ok: true, data: null });
  },
  on(name: string, l: Listener) {
    recorded.rendererListeners.on(name, l);
  },
  removeListener(name: string, l: Listener) {
    recorded.rendererListeners.removeListener(name, l);
  },
  send(channel: string, ...args: unknown[]) {
    recorded.rendererSent.push({ channel, args });
  },
};

/**
 * Electron's utility process over a Node fork of the same child, from the sources (the
 * bundled dist/sandbox/child.cjs is exercised by tests/integration/shell): same events
 * ('spawn', 'message', 'exit') and the same postMessage/kill.
 */
export class FakeUtilityProcess extends EventEmitter {
  private readonly child;
  constructor(args: string[]) {
    super();
    this.child = fork(fileURLToPath(new URL('../../../sandbox/child.ts', import.meta.url)), args, {
      execArgv: ['--import', import.meta.resolve('tsx')],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'json',
    });
    this.child.on('spawn', () => this.emit('spawn'));
    this.child.on('message', (m) => this.emit('message', m));
    this.child.on('exit', (code) => this.emit('exit', code ?? 1));
  }
  get pid() {
    return this.child.pid;
  }
  postMessage(msg: unknown) {
    if (this.child.connected) this.child.send(msg as object);
  }
  kill() {
    return this.child.kill('SIGKILL');
  }
}

// A failed test must not leave a Demo broker behind: an orphan holds the test runner's
// stderr open and the whole stage waits for it.
process.once('exit', () => {
  for (const u of recorded.utilityProcesses) u.child.kill();
});

export const utilityProcess = {
  fork(modulePath: string, args: string[] = []) {
    const child = new FakeUtilityProcess(args);
    recorded.utilityProcesses.push({ modulePath, args, child });
    return child;
  },
};

/** Electron's OS notification: records each one shown; `click()` is the trader clicking it. */
export class FakeNotification extends EventEmitter {
  /** False stands for a system without notifications (the adapter must then show none). */
  static supported = true;
  static shown: FakeNotification[] = [];
  static isSupported() {
    return FakeNotification.supported;
  }
  closed = false;
  constructor(public options: { title: string; body: string; silent?: boolean }) {
    super();
  }
  show() {
    FakeNotification.shown.push(this);
    this.emit('show');
  }
  close() {
    this.closed = true;
    this.emit('close');
  }
  click() {
    this.emit('click');
  }
}
export const Notification = FakeNotification;

/** Message boxes (the update prompt): each call recorded, answered with the default button. */
export const dialog = {
  shown: [] as unknown[],
  async showMessageBox(...args: unknown[]) {
    const options = args.at(-1) as { defaultId?: number };
    dialog.shown.push(options);
    return { response: options.defaultId ?? 0, checkboxChecked: false };
  },
};

export const crashReporter = {
  start(options: unknown) {
    recorded.crashReporter = { options, crashDumps: recorded.paths.get('crashDumps') };
  },
};

export default {
  Notification,
  crashReporter,
  dialog,
  utilityProcess,
  app,
  BrowserWindow,
  ipcMain,
  protocol,
  session,
  shell,
  Menu,
  contextBridge,
  ipcRenderer,
};
