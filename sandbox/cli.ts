#!/usr/bin/env node
/**
 * `npm run sandbox -- [--port N] [--socket-port N] [--depository-port N] [--data-port N] [--seed S] [--tls] [--test-controls] [--auto-approve]
 * [--earlier-tokens revoke|keep] [--loopback-any-port] [--quirks on|off] [--app ID:SECRET:REDIRECT:TEMPLATE] [--now ISO] [--tick-ms N] [--latency realistic|easy] [--own-trades realistic|easy] [--always-open] [--registered-ips IP,IP] [--quiet]`
 *
 * Starts the sandbox broker and prints one JSON line (base_url, symbol_master_base, dataUrl,
 * historyUrl, socketUrl, depositoryUrl, apps, user, and with --tls the certificate fingerprint) so scripts can read
 * where it listens.
 * Everything else goes to stderr, keeping stdout machine-readable.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAppFlag, type AppSpec } from './auth/apps';
import { RegisteredIps } from './controls/registered-ips';
import { startSandbox, type SandboxOptions } from './index';

/** Parses the command line into sandbox options; throws with a usage message on bad input. */
export function parseArgs(argv: string[]): SandboxOptions {
  const o: SandboxOptions = {};
  const apps: AppSpec[] = [];
  let quiet = false;
  const value = (k: number, flag: string): string => {
    const v = argv[k + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
    return v;
  };
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    switch (a) {
      case '--port': {
        const n = Number(value(k++, a));
        if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error('--port must be 0..65535');
        o.port = n;
        break;
      }
      case '--socket-port': {
        const n = Number(value(k++, a));
        if (!Number.isInteger(n) || n < 0 || n > 65535)
          throw new Error('--socket-port must be 0..65535');
        o.socketPort = n;
        break;
      }
      case '--depository-port': {
        const n = Number(value(k++, a));
        if (!Number.isInteger(n) || n < 0 || n > 65535)
          throw new Error('--depository-port must be 0..65535');
        o.depositoryPort = n;
        break;
      }
      case '--data-port': {
        const n = Number(value(k++, a));
        if (!Number.isInteger(n) || n < 0 || n > 65535)
          throw new Error('--data-port must be 0..65535');
        o.dataPort = n;
        break;
      }
      case '--seed': {
        const n = Number(value(k++, a));
        if (!Number.isInteger(n)) throw new Error('--seed must be a whole number');
        o.seed = n;
        break;
      }
      case '--tls':
        o.tls = true;
        break;
      case '--test-controls':
        o.testControls = true;
        break;
      case '--earlier-tokens': {
        const v = value(k++, a);
        if (v !== 'revoke' && v !== 'keep')
          throw new Error('--earlier-tokens must be revoke or keep');
        o.earlierTokens = v;
        break;
      }
      case '--auto-approve':
        o.autoApprove = true;
        break;
      case '--loopback-any-port':
        o.loopbackAnyPort = true;
        break;
      case '--quiet':
        quiet = true;
        break;
      case '--always-open':
        o.alwaysOpen = true;
        break;
      case '--quirks': {
        const v = value(k++, a);
        if (v !== 'on' && v !== 'off') throw new Error('--quirks must be on or off');
        o.quirks = v === 'on';
        break;
      }
      case '--app':
        apps.push(parseAppFlag(value(k++, a)));
        break;
      case '--now': {
        const t = Date.parse(value(k++, a));
        if (!Number.isFinite(t)) throw new Error('--now must be an ISO date-time');
        o.now = new Date(t);
        break;
      }
      case '--tick-ms': {
        const n = Number(value(k++, a));
        if (!Number.isInteger(n) || n < 0)
          throw new Error('--tick-ms must be a whole number, 0 to disable');
        o.tickMs = n;
        break;
      }
      case '--registered-ips': {
        // The app's static IPs (SEBI 2026): order actions from any other address are refused.
        const ips = value(k++, a)
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        try {
          new RegisteredIps().set(ips);
        } catch (e) {
          throw new Error(`--registered-ips: ${(e as Error).message}`, { cause: e });
        }
        o.registeredIps = ips;
        break;
      }
      case '--own-trades': {
        const v = value(k++, a);
        if (v !== 'realistic' && v !== 'easy')
          throw new Error('--own-trades must be realistic or easy');
        o.ownTrades = v;
        break;
      }
      case '--latency': {
        const v = value(k++, a);
        if (v !== 'realistic' && v !== 'easy')
          throw new Error('--latency must be realistic or easy');
        o.latency = v;
        break;
      }
      case '--help':
      case '-h':
        throw new Error('usage');
      default:
        throw new Error(`unknown option ${a}`);
    }
  }
  if (apps.length) o.apps = apps;
  if (!quiet) o.requestLog = (line) => console.error(`[sandbox] ${line}`);
  return o;
}

const USAGE =
  'usage: npm run sandbox -- [--port N] [--socket-port N] [--depository-port N] [--data-port N] [--seed S] [--tls] [--test-controls] [--auto-approve] [--earlier-tokens revoke|keep] [--loopback-any-port] [--quirks on|off] [--app ID:SECRET:REDIRECT:TEMPLATE] [--now ISO] [--tick-ms N] [--latency realistic|easy] [--own-trades realistic|easy] [--always-open] [--registered-ips IP,IP] [--quiet]';

async function main(): Promise<void> {
  let opts: SandboxOptions;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    const msg = (e as Error).message;
    console.error(msg === 'usage' ? USAGE : `sandbox: ${msg}\n${USAGE}`);
    process.exitCode = msg === 'usage' ? 0 : 2;
    return;
  }
  const sb = await startSandbox({
    ...opts,
    onListening(info) {
      const line: Record<string, unknown> = {
        base_url: info.url,
        symbol_master_base: info.symbolMasterBase,
        dataUrl: info.dataUrl,
        historyUrl: info.historyUrl,
        socketUrl: info.socketUrl,
        // The same broker in the API v3 dialect (docs/broker-v3.md).
        v3: info.v3,
        depositoryUrl: info.depositoryUrl,
        apps: info.apps,
        user: info.user,
      };
      if (info.fingerprint) line.fingerprint = info.fingerprint;
      process.stdout.write(`${JSON.stringify(line)}\n`);
    },
  });
  console.error(
    `sandbox broker ready on ${sb.url}${opts.testControls ? ' (test controls on)' : ''}; Ctrl+C to stop`,
  );
  const stop = () => {
    void sb.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Keep the process alive: the server's timers are unref'd on purpose.
  setInterval(() => undefined, 1 << 30);
}

/**
 * True when this module is the program being run: `npm run sandbox` (sandbox/cli.ts under tsx),
 * the built package (dist/cli.js) or its `tickdesk-sandbox` bin link (a symlink, hence realpath);
 * false when a test imports parseArgs.
 */
function isProgram(): boolean {
  const arg = process.argv[1];
  if (!arg) return false;
  try {
    return realpathSync(arg) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isProgram()) {
  main().catch((e: unknown) => {
    console.error(`sandbox: failed to start: ${(e as Error).message}`);
    process.exit(1);
  });
}
