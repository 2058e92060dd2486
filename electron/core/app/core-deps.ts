import type { AppInfo } from '../../../shared/ipc/channels/app';
import type { LoginWindowPort } from '../auth/login-window-port';
import type { Clock } from '../limiter/clock';
import type { DemoChildOptions } from '../../../shared/demo/child-messages';
import type { ProtocolEventSource } from '../auth/protocol-capture';
import type { LogSink } from '../diagnostics/logger';
import type { DepositoryWindowPort } from '../edis/depository-window-port';
import type { DemoProcessLauncher } from '../demo/demo-process-port';
import type { SettingsBackend } from '../settings/backend';
import type { KeychainPort } from '../vault/keychain-port';
import type { MarketDataTuning } from './market-data-runtime';

/**
 * What the host (Electron's main.ts, or the Node harness) hands the core. Everything that
 * differs between the desktop app, the harness and tests is here; nothing here imports
 * Electron, so the same composition runs in all three.
 */
export interface CoreDeps {
  appName: string;
  version: string;
  platform: string;
  host: AppInfo['host'];
  environment: AppInfo['environment'];
  /** Folder for the order journal, logs, symbol cache, budget count and (harness) settings. */
  dataDir: string;
  /** Opens an https URL in the system browser. */
  openExternal(url: string): Promise<void>;
  /** Settings persistence; default a JSON file in dataDir (Electron passes electron-store). */
  settingsBackend?: SettingsBackend;
  /** Loads the OS keychain; default @napi-rs/keyring. Return null to keep secrets in memory. */
  keychain?: () => Promise<{ keychain: KeychainPort | null; reason: string | null }>;
  /** Keychain service name; the harness uses its own so it never touches the app's secrets. */
  keychainService?: string;
  loginWindow?: LoginWindowPort;
  protocolEvents?: ProtocolEventSource;
  depositoryWindow?: DepositoryWindowPort;
  /** Extra log sinks (stderr in development). The file and ring-buffer sinks are always there. */
  logSinks?: LogSink[];
  /**
   * Time and timers of the core (login, budget, orders, refresher, request timeouts); default
   * the system clock. The proofs run the whole core on a fast clock shared with the sandbox.
   */
  clock?: Clock;
  /** The bundled symbol-build worker (Electron); tsx runs use the .ts entry next to the service. */
  symbolsBuildWorker?: URL;
  /** Demo mode's sandbox broker options. */
  demo?: DemoChildOptions;
  /**
   * Starts the Demo broker's process; default a forked Node process (Electron: a utility
   * process). Tests that share a virtual clock with the sandbox host it in-process
   * (tests/support/in-process-demo.ts).
   */
  demoProcess?: DemoProcessLauncher;
  /** Faster socket heartbeat and reconnects (integration tests of drops and stalls). */
  marketDataTuning?: MarketDataTuning;
  /** How often broker-held alerts are read as a safety net beside the socket's push (tests slow it). */
  brokerAlertPollMs?: number;
  /** How often the GTT book is read while a GTT is active (tests slow it to prove the push). */
  gttPollMs?: number;
}
