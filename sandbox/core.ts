/**
 * The broker core: state, matching engine, order desk and position actions wired together.
 * Route modules, the test controls and the property test all work through this one object,
 * so there is exactly one way the account changes.
 */
import type { SimClock } from './clock';
import { PositionActions } from './account/position-actions';
import type { DemoUser } from './auth/user';
import type { InstrumentIndex } from './market/instrument-index';
import { GttDesk } from './gtt/gtt-desk';
import { OrderDesk } from './orders/desk';
import { MatchingEngine } from './orders/engine';
import type { LatencyProfile } from './orders/exchange-timing';
import type { OwnTradesName } from './market/trade-impact';
import { MARKETS } from './market/sessions';
import type { SimOrder } from './orders/model';
import { orderShape } from './present/trading';
import { SandboxState } from './state';
import { SmartExitBook } from './smart-exit/book';

/** Everything the routes operate on. */
export class BrokerCore {
  readonly state: SandboxState;
  readonly engine: MatchingEngine;
  readonly desk: OrderDesk;
  readonly positions: PositionActions;
  /** The broker-held smart exit triggers (v3), checked on every market step. */
  readonly smartExit: SmartExitBook;
  /** GTTs held by the broker (v3), triggered on every market step. */
  readonly gtt: GttDesk;

  constructor(opts: {
    seed: number;
    clock: SimClock;
    index: InstrumentIndex;
    user: DemoUser;
    quirks: boolean;
    basePriceOf?: (ticker: string) => number | undefined;
    alwaysOpen?: boolean;
    /** The exchange's acknowledgement latency (default realistic: tens of ms, a tail of seconds). */
    latency?: LatencyProfile;
    /** Real milliseconds per market step, to turn latency into steps (default 250). */
    stepMs?: number;
    /** What our own fills do to the market (default realistic: they print and push). */
    ownTrades?: OwnTradesName;
  }) {
    this.alwaysOpen = opts.alwaysOpen ?? false;
    this.user = opts.user;
    this.quirks = opts.quirks;
    this.state = new SandboxState(opts.seed, opts.clock, opts.index, opts.basePriceOf);
    this.engine = new MatchingEngine(this.state, {
      ...(opts.latency ? { latency: opts.latency } : {}),
      ...(opts.stepMs ? { stepMs: opts.stepMs } : {}),
      ...(opts.ownTrades ? { ownTrades: opts.ownTrades } : {}),
    });
    this.desk = new OrderDesk(this.state, this.engine);
    this.positions = new PositionActions(this.state, this.engine);
    this.smartExit = new SmartExitBook(this.state, this.engine);
    this.engine.onTick(() => this.smartExit.evaluate());
    // A trigger is a standing instruction: tripped for the day, armed again the next.
    this.engine.onNewDay(() => this.smartExit.newDay());
    this.gtt = new GttDesk(this.state, this.desk, this.engine);
    this.engine.onStep(() => this.gtt.evaluate());
  }

  readonly user: DemoUser;
  readonly quirks: boolean;
  /** Demo convenience: every market pinned OPEN, whatever the clock says. */
  readonly alwaysOpen: boolean;

  /** Pins every market OPEN when alwaysOpen is set (at start and after each reset). */
  applyMarketPins(): void {
    if (!this.alwaysOpen) return;
    for (const m of MARKETS) this.state.sessions.setOverride(m.exchange, m.segment, 'OPEN');
  }

  /** One order as the order book shows it (REST answers and socket order updates alike). */
  orderRow(o: SimOrder): Record<string, unknown> {
    return orderShape(o, {
      quirks: this.quirks,
      svcId: this.user.svc_id,
      pan: this.user.pan,
      ltp: this.state.ltp(o.instrument),
      reference: this.state.prices.reference(o.instrument),
    });
  }

  /** Back to the start-of-day account (test control). */
  reset(): void {
    this.state.reset();
    this.engine.reset();
    this.smartExit.clear();
    this.gtt.reset();
    this.applyMarketPins();
    this.engine.housekeeping();
  }
}
