import type { AppInfo } from '../../shared/ipc/channels/app';
import type { Events } from '../../shared/ipc/contract';
import type { PayloadOf } from '../../shared/ipc/define';

/** How core services push events to the renderer; the transport validates and forwards them. */
export type CoreEmit = <K extends keyof Events>(name: K, payload: PayloadOf<Events[K]>) => void;

/** What the host (Electron's main.ts or the Node harness) hands the core. Nothing here imports Electron. */
export interface CoreDeps {
  appName: string;
  version: string;
  platform: string;
  host: AppInfo['host'];
  environment: AppInfo['environment'];
  /** Folder for the journal, logs, symbol cache and settings. */
  dataDir: string;
  /** Opens an https URL in the system browser. */
  openExternal(url: string): Promise<void>;
}

/** The running core services behind the IPC handlers. */
export interface AppCore {
  readonly deps: CoreDeps;
  info(): AppInfo;
  /** Connects push events to the transport once it exists (events before that are dropped). */
  attachEmitter(emit: CoreEmit): void;
  close(): Promise<void>;
}

/**
 * The composition root for plain-Node services, shared by Electron and the harness so
 * both run exactly the same core. Services are created here and nowhere else.
 */
export async function createAppCore(deps: CoreDeps): Promise<AppCore> {
  const closers: Array<() => Promise<void>> = [];
  let emit: CoreEmit = () => {};
  void emit;
  return {
    deps,
    info: () => ({
      name: deps.appName,
      version: deps.version,
      environment: deps.environment,
      platform: deps.platform,
      host: deps.host,
      account: null,
    }),
    attachEmitter(fn) {
      emit = fn;
    },
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
}
