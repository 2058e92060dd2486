import { OrderType, Side, type SideCode } from '../../../shared/broker/enums';
import type { SymbolInfo } from '../../../shared/ipc/channels/symbols';
import { FUTURE_GREEKS, sumGreeks } from '../../../shared/options/chain-greeks';
import { expiryMomentMs } from '../../../shared/options/expiry';
import type { Greeks } from '../../../shared/options/greeks';
import { YEAR_MS } from '../../../shared/options/chain-greeks';
import { legQty, type PayoffLeg } from '../../../shared/options/payoff';
import { backend } from '../lib/backend';
import { basket } from '../baskets/basket.svelte';
import { clock } from '../lib/clock.svelte';
import { notices } from '../lib/notices.svelte';
import { figuresFor } from './option-pricing.svelte';
import { priceText } from '../orders/order-form';
import { quotes } from '../marketdata/quotes.svelte';

/** One leg of the strategy: a contract, bought or sold, so many lots, at an entry price. */
export interface StrategyLeg {
  key: number;
  symbol: SymbolInfo;
  side: SideCode;
  lots: number;
  /** Entry price per unit as typed (the LTP when added, a position's average price). */
  premium: string;
  /** A chain pick is new (it can go to the basket); an open position is already held. */
  origin: 'chain' | 'position';
}

/** A leg's entry price, or null while what is typed there is not a price. */
export function legPremium(l: StrategyLeg): number | null {
  const t = l.premium.replace(/,/g, '').trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/**
 * Signed size of a leg in rupees per point: lots × lot size × the contract's multiplier,
 * negative when sold; null when the multiplier is not known (shared/options/payoff.ts).
 */
export function legUnits(l: StrategyLeg): number | null {
  return legQty(l.side, l.lots, l.symbol);
}

/**
 * The strategy being looked at on the payoff screen (issue 22 #4): legs picked in the
 * option chain (L / Shift+L), or open positions chosen on the positions screen, all of one
 * underlying. Outside the screens so it survives moving between them; the legs that are new
 * go to the existing basket to be checked and sent.
 */
class StrategyStore {
  /** The underlying's name (NIFTY, SBIN) and the ticker priced as its forward. */
  underlying = $state<string | null>(null);
  spot = $state<string | null>(null);
  legs = $state<StrategyLeg[]>([]);
  #key = 0;

  /** Adds a contract picked in the chain, priced at its last price; a new underlying starts a new strategy. */
  async addContract(
    ticker: string,
    side: SideCode,
    where: { underlying: string; spot: string | null },
  ): Promise<void> {
    const r = await backend().symbols.get({ ticker });
    if (!r.ok || !r.data) {
      notices.push('warning', `${ticker} is not in the symbol list yet: pick it again shortly.`);
      return;
    }
    this.#startFor(where.underlying, where.spot);
    const ltp = quotes.get(ticker)?.ltp;
    this.legs.push({
      key: ++this.#key,
      symbol: r.data,
      side,
      lots: 1,
      premium: typeof ltp === 'number' ? priceText(ltp, r.data.tickSize) : '',
      origin: 'chain',
    });
    notices.push(
      'success',
      `${side === Side.Buy ? 'Bought' : 'Sold'} ${ticker} added to the strategy (${this.legs.length} leg${this.legs.length === 1 ? '' : 's'}).`,
    );
  }

  /**
   * Replaces the strategy by open positions (all of one underlying): each at its net
   * quantity and average price. Positions of other underlyings are left out and said so.
   */
  async fromPositions(
    rows: { symbol: string; netQty: number; avgPrice: number }[],
  ): Promise<boolean> {
    const infos: { info: SymbolInfo; row: (typeof rows)[number] }[] = [];
    const notDerivative: string[] = [];
    for (const row of rows) {
      if (row.netQty === 0) continue;
      const r = await backend().symbols.get({ ticker: row.symbol });
      if (r.ok && r.data && r.data.expiry) infos.push({ info: r.data, row });
      else notDerivative.push(row.symbol);
    }
    if (notDerivative.length > 0)
      notices.push(
        'warning',
        `Left out of the payoff (not a future or option): ${notDerivative.join(', ')}.`,
      );
    const first = infos[0];
    if (!first) {
      notices.push('warning', 'No open futures or options position is selected.');
      return false;
    }
    const name = first.info.underlying;
    const same = infos.filter((i) => i.info.underlying === name);
    if (same.length < infos.length)
      notices.push(
        'warning',
        `Only the ${name} positions are in the payoff: a strategy is of one underlying.`,
      );
    const under = await backend().symbols.optionUnderlyings();
    const spot = under.ok ? (under.data.find((u) => u.name === name)?.spot ?? null) : null;
    this.underlying = name;
    this.spot = spot;
    this.legs = same.map(({ info, row }) => ({
      key: ++this.#key,
      symbol: info,
      side: row.netQty > 0 ? Side.Buy : Side.Sell,
      lots: Math.abs(row.netQty) / Math.max(1, info.lotSize),
      premium: priceText(row.avgPrice, info.tickSize),
      origin: 'position' as const,
    }));
    return true;
  }

  remove(key: number): void {
    this.legs = this.legs.filter((l) => l.key !== key);
  }

  /** Changes a leg's side, lots or entry price; the payoff follows at once. */
  update(key: number, patch: Partial<Pick<StrategyLeg, 'side' | 'lots' | 'premium'>>): void {
    const leg = this.legs.find((l) => l.key === key);
    if (leg) Object.assign(leg, patch);
  }

  clear(): void {
    this.legs = [];
    this.underlying = null;
    this.spot = null;
  }

  /**
   * The legs as the payoff maths takes them; legs without a readable price, or whose contract
   * size is not known, are left out (and counted).
   */
  payoffLegs(): { legs: PayoffLeg[]; unpriced: number; unsized: number } {
    const out: PayoffLeg[] = [];
    let unpriced = 0;
    let unsized = 0;
    for (const l of this.legs) {
      const premium = legPremium(l);
      if (premium === null || !(l.lots > 0)) {
        unpriced++;
        continue;
      }
      const qty = legUnits(l);
      if (qty === null) {
        unsized++;
        continue;
      }
      if (l.symbol.optionType && l.symbol.strike !== null) {
        const expiry = expiryMomentMs(l.symbol.expiry, l.symbol.segment);
        const f = figuresFor(l.symbol, this.spot);
        out.push({
          kind: 'option',
          right: l.symbol.optionType,
          strike: l.symbol.strike,
          qty,
          premium,
          vol: f?.ok ? f.iv : null,
          years: expiry === null ? 0 : Math.max(0, (expiry - clock.now) / YEAR_MS),
        });
      } else out.push({ kind: 'future', qty, price: premium });
    }
    return { legs: out, unpriced, unsized };
  }

  /** Each leg's live Greeks (per unit) and the quantity-weighted sum. */
  greeks(): { perLeg: Map<number, Greeks | null>; total: Greeks; missing: number } {
    // Built afresh on each read (inside a $derived), never mutated afterwards: a plain Map is right.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const perLeg = new Map<number, Greeks | null>();
    for (const l of this.legs) {
      if (!l.symbol.optionType) perLeg.set(l.key, FUTURE_GREEKS);
      else {
        const f = figuresFor(l.symbol, this.spot);
        perLeg.set(l.key, f?.ok ? f.greeks : null);
      }
    }
    const { total, missing } = sumGreeks(
      this.legs.map((l) => {
        const qty = legUnits(l);
        return { qty: qty ?? 0, greeks: qty === null ? null : (perLeg.get(l.key) ?? null) };
      }),
    );
    return { perLeg, total, missing };
  }

  /**
   * Puts the new legs (chain picks, not open positions) in the basket as limit orders at
   * their entry price, carry-forward (MARGIN), where the basket checks and sends them.
   * Returns how many went in.
   */
  toBasket(): number {
    let added = 0;
    for (const l of this.legs) {
      if (l.origin !== 'chain') continue;
      const premium = legPremium(l);
      if (premium === null || !(l.lots > 0)) continue;
      const ok = basket.add(
        {
          symbol: l.symbol.ticker,
          qty: l.lots * Math.max(1, l.symbol.lotSize),
          type: OrderType.Limit,
          side: l.side,
          productType: 'MARGIN',
          limitPrice: Number(priceText(premium, l.symbol.tickSize)),
        },
        l.symbol,
      );
      if (!ok) break;
      added++;
    }
    return added;
  }

  #startFor(underlying: string, spot: string | null): void {
    if (this.underlying === underlying) return;
    if (this.legs.length > 0)
      notices.push('info', `A strategy is of one underlying: started a new one on ${underlying}.`);
    this.legs = [];
    this.underlying = underlying;
    this.spot = spot;
  }
}

/** The app's one strategy being built. */
export const strategy = new StrategyStore();
