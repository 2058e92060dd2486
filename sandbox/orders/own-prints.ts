/**
 * Our fills on the exchange's tape: each one prints on the market (PriceBook.trade,
 * ../market/trade-impact.ts) unless own trades are `easy`, and a print made outside a market
 * step (an exit trades inside its request) is announced at once, so the data sockets push it
 * then rather than a step later, when the market's next trade has replaced it.
 */
import type { Instrument } from '../../shared/broker/instrument';
import type { OwnTradesName } from '../market/trade-impact';
import type { SandboxState } from '../state';

/** The matching engine's print of each fill. */
export class OwnPrints {
  private readonly watchers = new Set<() => void>();
  private inStep = false;
  private queued = false;

  constructor(
    private readonly s: SandboxState,
    /** `realistic`: fills print and push the price; `easy`: they only take depth. */
    public mode: OwnTradesName = 'realistic',
  ) {}

  /** Calls `fn` soon after a print made outside a market step. */
  onPrint(fn: () => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }

  /** Runs a market step: its prints are pushed with the step, not announced one by one. */
  step(run: () => void): void {
    this.inStep = true;
    try {
      run();
    } finally {
      this.inStep = false;
    }
  }

  /** One fill as a trade print; `aggressive` when it walked the book (a resting limit did not). */
  print(i: Instrument, qty: number, price: number, aggressive: boolean): void {
    if (this.mode !== 'realistic') return;
    this.s.prices.trade(i, { qty, price, aggressive });
    if (this.inStep || this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      for (const fn of this.watchers) fn();
    });
  }
}
