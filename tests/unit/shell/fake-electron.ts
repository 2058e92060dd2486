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
  applicationMenu: undefined as undefined | null | { template: unknown[] },
  /** Each app.exit(code), with what the test's hook saw at that moment. */
  exits: [] as { code: number | undefined; seen: unknown }[],
  /** Runs at app.exit, before anything else: what was on disk when the process would end. */
  onExit: null as null | (() => unknown),
  utilityProcesses: [] as { modulePath: string; args: string[]; child: FakeUtilityProcess }[],
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
  getPath() {
    return recorded.appPath;
  }
  quit() {}
  exit(code?: number) {
    recorded.exits.push({ code, seen: recorded.onExit?.() });
  }
  setAsDefaultProtocolClient(scheme: string) {
    recorded.protocolClients.push(scheme);
    return true;
  }
}
export const app = new FakeApp();

let nextId = 1;
export class FakeWebContents extends EventEmitter {
  id = nextId++;
  stopped = false;
  url = '';
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
  loadURL(url: string, options?: unknown) {
    this.loadedUrl = url;
    this.loadOptions = options;
    return Promise.resolve();
  }
  close() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
  }
  show() {}
  focus() {}
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
  /** electron-store listens for its renderer helper; nothing in Tickdesk uses ipcMain.on. */
  on(channel: string) {
    recorded.ipcListeners.push(channel);
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

export const utilityProcess = {
  fork(modulePath: string, args: string[] = []) {
    const child = new FakeUtilityProcess(args);
    recorded.utilityProcesses.push({ modulePath, args, child });
    return child;
  },
};

export default {
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
