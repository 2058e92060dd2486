// Preloaded with `node -r` before the bundled dist/electron/main.cjs: answers
// require('electron') with a small fake, so the bundle that ships can be exercised on a
// machine without the Electron binary. Handlers the bundle registers land on globalThis.
const Module = require('node:module');
const { EventEmitter } = require('node:events');

const handlers = new Map();
const app = Object.assign(new EventEmitter(), {
  isPackaged: true,
  enableSandbox() {},
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  getAppPath: () => process.env.TICKDESK_APP_ROOT,
  getName: () => 'Tickdesk',
  getVersion: () => '0.0.0-bundle-test',
  // Paths the bundle sets (crashDumps, before the crash reporter starts) read back as set.
  paths: new Map(),
  getPath(name) {
    return this.paths.get(name) ?? process.env.TICKDESK_DATA_DIR;
  },
  setPath(name, dir) {
    this.paths.set(name, dir);
  },
  quit() {},
  setAsDefaultProtocolClient: () => true,
});
class BrowserWindow extends EventEmitter {
  constructor() {
    super();
    this.webContents = Object.assign(new EventEmitter(), {
      id: 1,
      setWindowOpenHandler() {},
      send() {},
    });
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL() {
    return Promise.resolve();
  }
  static getAllWindows() {
    return [];
  }
  isDestroyed() {
    return false;
  }
  show() {}
}
// The bundled Demo broker child (dist/sandbox/child.cjs) in a plain Node fork, with
// Electron's UtilityProcess events and methods.
const { fork } = require('node:child_process');
const utilityProcess = {
  fork(modulePath, args = []) {
    const child = fork(modulePath, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const proc = Object.assign(new EventEmitter(), {
      postMessage: (msg) => child.connected && child.send(msg),
      kill: () => child.kill('SIGKILL'),
    });
    child.on('message', (m) => proc.emit('message', m));
    child.on('exit', (code) => proc.emit('exit', code ?? 1));
    globalThis.__tickdeskUtilityProcesses.push(modulePath);
    return proc;
  },
};
globalThis.__tickdeskUtilityProcesses = [];
// The crash reporter: its start options land on globalThis for the test to read.
const crashReporter = {
  start(options) {
    globalThis.__tickdeskCrashReporter = options;
  },
};
const fake = {
  crashReporter,
  utilityProcess,
  app,
  BrowserWindow,
  ipcMain: {
    handle: (channel, handler) => handlers.set(channel, handler),
    removeHandler() {},
    on() {},
  },
  protocol: { registerSchemesAsPrivileged() {}, handle() {} },
  session: {
    defaultSession: {
      setPermissionRequestHandler() {},
      setPermissionCheckHandler() {},
      setDevicePermissionHandler() {},
    },
  },
  shell: { openExternal: async () => {} },
  Menu: { buildFromTemplate: (template) => ({ template }), setApplicationMenu() {} },
};
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'electron' ? fake : load.call(this, request, ...rest);
};
globalThis.__tickdeskIpcHandlers = handlers;
