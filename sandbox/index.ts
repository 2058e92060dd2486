/**
 * startSandbox: the in-process entry point of the sandbox broker. Demo mode, the CLI and every
 * integration test start the broker through this one function, so they all get the same
 * server: real HTTP(S) on 127.0.0.1, the login flow, every endpoint, limits, the simulated
 * market and (only when asked) the test controls.
 */
import type { Instrument } from '../shared/broker/instrument';
import { accountRoutes } from './account/routes';
import { defaultApps, type AppSpec, type Template } from './auth/apps';
import { CredentialStore, type EarlierTokens } from './auth/credentials';
import { loginRoutes } from './auth/login-routes';
import { DEMO_USER } from './auth/user';
import { createSimClock } from './clock';
import { controlRoutes } from './controls/routes';
import { FaultTable } from './controls/faults';
import { RegisteredIps } from './controls/registered-ips';
import { RequestCounts } from './controls/request-counts';
import { RowPatchTable } from './controls/row-patches';
import { BrokerCore } from './core';
import { BrokerFailure, fail } from './failure';
import { ErrorCode } from '../shared/broker/errors';
import { edisRoutes } from './edis/routes';
import { depositoryRoutes } from './edis/depository-routes';
import { createDispatcher } from './http/dispatch';
import { MASTER_PREFIX, MasterFileServer } from './http/master-files';
import { makeSelfSigned } from './http/tls';
import type { Route } from './http/types';
import { RateLimiter, SPEC_LIMITS, type LimitConfig } from './limits/rate-limiter';
import { loadMaster } from './market/load-master';
import { orderRoutes } from './orders/routes';
import { LATENCY_PROFILES, type LatencyName } from './orders/exchange-timing';
import type { OwnTradesName } from './market/trade-impact';
import { istDayStart } from './time/ist';
import { listenSocket } from './socket/listener';
import {
  HISTORY_PREFIX,
  QUOTES_PREFIX,
  historyRoutes as v2HistoryRoutes,
  marketStatusOnDataHost,
  quoteRoutes,
} from './data/routes';
import { listenOrigin, type OriginListener } from './http/origin-listener';
import { v3RestAddresses, type V3RestAddresses } from './v3/addresses';
import { v3Routes } from './v3/routes';
import { SandboxPriceAlerts } from './v3/price-alerts';
import { multiLegRoutes } from './v3/multileg';
import { SocketHub } from './socket/hub';
import { socketControlRoutes } from './controls/socket-routes';
import { attachV3Sockets, v3SocketUrls, type V3SocketUrls } from './v3/sockets/index';
import type { AuthContext } from './http/types';
import { authenticate, requirePermission } from './auth/authorize';

export type { AppSpec, Template } from './auth/apps';

/** Options of {@link startSandbox}. All are optional. */
export interface SandboxOptions {
  /** Port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  /** Port of the socket service on 127.0.0.1; 0 or absent picks a free one. */
  socketPort?: number;
  /** Port of the eDIS depository pages (their own origin) on 127.0.0.1; 0 or absent picks a free one. */
  depositoryPort?: number;
  /** Port of the v2 data host (quotes, depth; its own origin) on 127.0.0.1; 0 or absent picks a free one. */
  dataPort?: number;
  /** Seed of the market, the demo portfolio and the app secrets (default 1). */
  seed?: number;
  /** Serve HTTPS with a self-signed certificate made at start. */
  tls?: boolean;
  /** Expose the /__sandbox/ controls. */
  testControls?: boolean;
  /** generate-authcode redirects at once as the demo user, without the login form. */
  autoApprove?: boolean;
  /**
   * What a new login does to the same app's earlier tokens for the user: `revoke` (default,
   * believed to be the real broker's way) or `keep` (each token lives to its own expiry).
   */
  earlierTokens?: EarlierTokens;
  /** Accept a loopback redirect_uri on any port (RFC 8252 §7.3); by default it must be exact. */
  loopbackAnyPort?: boolean;
  /** Reproduce the spec's field-name and type quirks (default true). */
  quirks?: boolean;
  /** Start the simulation clock at this instant (default: real time). */
  now?: Date;
  /** Apps to register in addition to the three default ones. */
  apps?: AppSpec[];
  /** Real milliseconds between market ticks (default 250); 0 disables the background ticker. */
  tickMs?: number;
  /**
   * The exchange's acknowledgement latency: `realistic` (default; tens of ms, one order in
   * twenty-five 0.5–3 s) or `easy` (every order acknowledged on the next tick).
   */
  latency?: LatencyName;
  /**
   * What our own fills do to the market: `realistic` (default; each prints: last price, volume,
   * a push of the price that decays over the next steps) or `easy` (they only take depth).
   */
  ownTrades?: OwnTradesName;
  /** Freeze the clock: it moves only through the clock control (deterministic tests). */
  freezeClock?: boolean;
  /**
   * Where the simulation clock reads time (default Date.now). Tests that run the app on a
   * fast clock pass the same source here, so both sides of the wire agree on the time.
   */
  timeSource?: () => number;
  /**
   * With a timeSource: how to wait until that clock has moved on (its own timer). A late
   * broker action (the late-arrival fault) then wakes in order with the app's timers on the
   * same clock, instead of on a real-time poll the clock can jump past.
   */
  simSleep?: (ms: number) => Promise<void>;
  /** Pin every market OPEN (Demo mode at night or at weekends); the test controls can still change it. */
  alwaysOpen?: boolean;
  /**
   * The static IPs registered for the API app (SEBI 2026): order actions from any other peer
   * are refused. Absent: no rule. The test control can change it.
   */
  registeredIps?: string[];
  /** Override rate limits (tests of other features); default the spec's 10/s, 200/min, 10,000/day. */
  limits?: Partial<LimitConfig>;
  /** One line per finished request (no query strings, bodies or headers: nothing secret). */
  requestLog?: (line: string) => void;
  /** Where internal errors go (default stderr); the app hosting Demo mode passes its logger. */
  onInternalError?: (line: string) => void;
  /** Called as soon as the server listens, before the market is built (the CLI prints its line here). */
  onListening?: (info: SandboxAnnouncement) => void;
  /** 'generated' (default): the full 130k-instrument master; 'fixture': a dozen instruments (fast unit-style tests). */
  master?: 'generated' | 'fixture';
}

/** Where the sandbox listens and how to log in: what the CLI prints. */
export interface SandboxAnnouncement {
  /** base_url, e.g. http://127.0.0.1:PORT */
  url: string;
  /** symbol_master_base; files are at `${symbolMasterBase}/NSE_CM.csv` etc. */
  symbolMasterBase: string;
  apps: { app_id: string; secret: string; redirect_uri: string; template: Template }[];
  user: { svc_id: string; password: string; pin: string; tpin: string };
  /** SHA-256 fingerprint of the TLS certificate (with tls only). */
  fingerprint?: string;
  /**
   * The v2 data host's base (quotes, depth, `marketStatus`), on its own port as the SDK's
   * `api-t1.fyers.in/data/` is its own host, e.g. http://127.0.0.1:PORT4/data/
   */
  dataUrl: string;
  /** The v2 history base, on the broker's own origin, e.g. http://127.0.0.1:PORT/data-rest/v2/ */
  historyUrl: string;
  /** The socket URL, on its own port, e.g. ws://127.0.0.1:PORT2/socket/v2/dataSock */
  socketUrl: string;
  /**
   * The same broker in the API v3 dialect: its trading base (`…/api/v3`), data host, order
   * socket and data socket.
   */
  v3: V3RestAddresses & V3SocketUrls;
  /**
   * The eDIS depository's origin, on its own port (as CDSL is not the broker), e.g.
   * http://127.0.0.1:PORT3; the index call's hand-off form posts to `${depositoryUrl}/edis/depository`.
   */
  depositoryUrl: string;
}

/** A running sandbox. */
export interface SandboxHandle extends SandboxAnnouncement {
  /** Instruments the sandbox trades (read-only; for tests and Demo mode pickers). */
  instruments: readonly Instrument[];
  /** Stops the ticker, drops open connections (sockets too) and closes every listener. */
  close(): Promise<void>;
}

/** Starts the sandbox broker and resolves once it is listening. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const seed = opts.seed ?? 1;
  const quirks = opts.quirks ?? true;
  const clock = createSimClock({
    ...(opts.now ? { start: opts.now } : {}),
    frozen: opts.freezeClock ?? false,
    ...(opts.timeSource ? { realNow: opts.timeSource } : {}),
  });
  const apps = [...defaultApps(seed), ...(opts.apps ?? [])];
  const tls = opts.tls ? makeSelfSigned() : undefined;
  // Listen first and build the market after: callers (the CLI) can announce the address at
  // once; requests that arrive meanwhile wait for `ready`.
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const main = await listenOrigin({
    ...(opts.port !== undefined ? { port: opts.port } : {}),
    ...(tls ? { tls } : {}),
    ready,
  });
  const baseUrl = main.url;
  // The depository's pages and the v2 data host (quotes, depth): origins of their own, as at
  // the broker (CDSL is not the broker; the v2 SDK sends quotes and depth to another host).
  const origins: OriginListener[] = [];
  try {
    for (const port of [opts.depositoryPort, opts.dataPort])
      origins.push(
        await listenOrigin({
          ...(port !== undefined ? { port } : {}),
          ...(tls ? { tls } : {}),
          ready,
        }),
      );
  } catch (e) {
    await Promise.all([main.close(), ...origins.map((o) => o.close())]);
    throw e;
  }
  const [depository, dataHost] = origins as [OriginListener, OriginListener];
  const depositoryUrl = depository.url;
  let socket: Awaited<ReturnType<typeof listenSocket>>;
  try {
    socket = await listenSocket({
      ...(opts.socketPort !== undefined ? { port: opts.socketPort } : {}),
      ...(tls ? { tls } : {}),
    });
  } catch (e) {
    await Promise.all([main.close(), depository.close(), dataHost.close()]);
    throw e;
  }
  const announced = {
    url: baseUrl,
    symbolMasterBase: `${baseUrl}${MASTER_PREFIX}`,
    dataUrl: `${dataHost.url}${QUOTES_PREFIX}`,
    historyUrl: `${baseUrl}${HISTORY_PREFIX}`,
    socketUrl: socket.url,
    v3: { ...v3RestAddresses(baseUrl), ...v3SocketUrls(socket) },
    depositoryUrl,
    apps: apps.map((a) => ({
      app_id: a.app_id,
      secret: a.secret,
      redirect_uri: a.redirect_uri,
      template: a.template,
    })),
    user: {
      svc_id: DEMO_USER.svc_id,
      password: DEMO_USER.password,
      pin: DEMO_USER.pin,
      tpin: DEMO_USER.tpin,
    },
    ...(tls ? { fingerprint: tls.fingerprint } : {}),
  };
  opts.onListening?.(announced);

  let master: ReturnType<typeof loadMaster>;
  try {
    master = loadMaster(opts.master ?? 'generated', seed, new Date(clock.now()));
  } catch (e) {
    // Do not leave a half-started server holding the port (and the process) open.
    await Promise.all([main.close(), depository.close(), dataHost.close()]);
    await socket.close();
    throw e;
  }
  // This sandbox's own copy: the profile control may change it without touching the constant.
  const user = { ...DEMO_USER };
  const core = new BrokerCore({
    seed,
    clock,
    index: master.index,
    user,
    quirks,
    basePriceOf: master.basePriceOf,
    alwaysOpen: opts.alwaysOpen ?? false,
    latency: LATENCY_PROFILES[opts.latency ?? 'realistic'],
    ownTrades: opts.ownTrades ?? 'realistic',
    stepMs: opts.tickMs && opts.tickMs > 0 ? opts.tickMs : 250,
  });
  core.applyMarketPins();
  const creds = new CredentialStore(opts.earlierTokens ?? 'revoke');
  const limiter = new RateLimiter({ ...SPEC_LIMITS, ...opts.limits });
  const faults = new FaultTable();
  const requestCounts = new RequestCounts();
  const rowPatches = new RowPatchTable();
  const registeredIps = new RegisteredIps();
  if (opts.registeredIps) registeredIps.set(opts.registeredIps);
  const timers = new Set<NodeJS.Timeout>();
  const tokenHolds = (a: AuthContext) => {
    try {
      authenticate({ authorization: `${a.app.app_id}:${a.token}` }, apps, creds, clock.now());
      return true;
    } catch (e) {
      if (e instanceof BrokerFailure) return false;
      throw e;
    }
  };
  const hub = new SocketHub(core, tokenHolds);
  const priceAlerts = new SandboxPriceAlerts(core);
  const v2Routes: Route[] = [
    ...loginRoutes({
      apps,
      user,
      creds,
      clock,
      autoApprove: opts.autoApprove ?? false,
      loopbackAnyPort: opts.loopbackAnyPort ?? false,
    }),
    ...accountRoutes(core),
    ...orderRoutes(core),
    ...edisRoutes(core, () => depositoryUrl),
    ...v2HistoryRoutes(core),
  ];
  // The v2 data host: quotes, depth and the SDK's market status, nothing else.
  const quoteHost: Route[] = [...quoteRoutes(core), ...marketStatusOnDataHost(v2Routes)];
  const routes: Route[] = [
    ...v2Routes,
    ...v3Routes([...v2Routes, ...quoteHost], core, (authorization) => {
      // The bare token (what public v3 socket clients send) is looked up to name its app.
      const raw = authorization ?? '';
      const bare = raw.includes(':') ? null : creds.token(raw.trim());
      const header = bare ? `${bare.appId}:${raw.trim()}` : raw;
      return authenticate(header ? { authorization: header } : {}, apps, creds, clock.now());
    }),
    ...priceAlerts.routes(),
    ...multiLegRoutes(core),
    ...(opts.testControls
      ? [
          ...controlRoutes({
            core,
            clock,
            limiter,
            faults,
            rowPatches,
            creds,
            requestCounts,
            registeredIps,
          }),
          ...socketControlRoutes(hub, () => v3Sockets),
        ]
      : []),
  ];
  main.handle(
    createDispatcher({
      routes,
      apps,
      creds,
      clock,
      limiter,
      faults,
      ...(opts.testControls ? { requestCounts } : {}),
      rowPatches,
      registeredIps,
      // Last-Modified is the start of the IST day the master was generated for, so it is the
      // same across restarts on that day (as the files are) and conditional requests keep working.
      masterFiles: new MasterFileServer(
        () => master.files(),
        new Date(istDayStart(clock.now())),
        () => master.jsonFiles(),
      ),
      beforeEach: () => core.engine.housekeeping(),
      timers,
      ...(opts.simSleep ? { simSleep: opts.simSleep } : {}),
      ...(opts.requestLog ? { requestLog: opts.requestLog } : {}),
      ...(opts.onInternalError ? { onInternalError: opts.onInternalError } : {}),
    }),
  );
  const hostDeps = {
    apps,
    creds,
    clock,
    limiter,
    faults,
    timers,
    ...(opts.onInternalError ? { onInternalError: opts.onInternalError } : {}),
  };
  // The data host's calls count against the same per-user limits (gaps.md, *inferred*).
  dataHost.handle(
    createDispatcher({
      ...hostDeps,
      routes: quoteHost,
      ...(opts.testControls ? { requestCounts } : {}),
      rowPatches,
      registeredIps,
      beforeEach: () => core.engine.housekeeping(),
      ...(opts.simSleep ? { simSleep: opts.simSleep } : {}),
      ...(opts.requestLog ? { requestLog: (line) => opts.requestLog?.(`data ${line}`) } : {}),
    }),
  );
  depository.handle(
    createDispatcher({
      ...hostDeps,
      routes: depositoryRoutes(core),
      beforeEach: () => undefined,
      ...(opts.requestLog ? { requestLog: (line) => opts.requestLog?.(`depository ${line}`) } : {}),
    }),
  );
  markReady();
  const v3Sockets = attachV3Sockets({
    listener: socket,
    core,
    priceAlerts,
    authenticate: (authorization) => authenticate({ authorization }, apps, creds, clock.now()),
    requireOrderUpdates: (auth) => requirePermission(auth, 1, 'Order updates'),
    stillValid: tokenHolds,
    authByHsmKey: (hsmKey) => {
      const t = creds.tokenByHsmKey(hsmKey);
      const app = t && apps.find((a) => a.app_id === t.appId);
      if (!t || !app) return undefined;
      const auth: AuthContext = { app, svcId: t.svcId, token: t.token };
      return tokenHolds(auth) ? auth : undefined;
    },
  });
  socket.attach(
    (accessToken, type) => {
      if (hub.refusing(type))
        fail(
          ErrorCode.ExchangeNotProcessed,
          'The socket service is down (test control); try again',
        );
      // The socket's access_token is the REST Authorization value; the same checks apply.
      const auth = authenticate({ authorization: accessToken }, apps, creds, clock.now());
      if (type === 'orderUpdate') requirePermission(auth, 1, 'Order updates');
      return auth;
    },
    (ws, type, auth) => hub.accept(ws, type, auth),
  );
  core.engine.housekeeping();
  const tickMs = opts.tickMs ?? 250;
  const ticker = tickMs > 0 ? setInterval(() => core.engine.tick(1), tickMs) : undefined;
  ticker?.unref();
  let closed: Promise<void> | undefined;
  return {
    ...announced,
    instruments: master.index.all,
    close() {
      closed ??= new Promise<void>((resolve) => {
        if (ticker) clearInterval(ticker);
        for (const t of timers) clearTimeout(t);
        timers.clear();
        hub.close();
        v3Sockets.close();
        priceAlerts.close();
        void Promise.all([socket.close(), main.close(), depository.close(), dataHost.close()]).then(
          () => resolve(),
        );
      });
      return closed;
    },
  };
}
