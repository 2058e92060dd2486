/**
 * The sandbox's broker-held price alerts (issue 21 #2/#4, docs/broker-v3.md "Price alerts"):
 * create, list, modify, pause/resume (toggle) and delete under the v3 base, answered as the
 * official SDK's calls expect, and evaluated on the sandbox's own simulated prices after every
 * market step. An alert fires once: it becomes triggered and is announced to whoever listens
 * (the v3 order socket pushes it on the `pricealerts` channel). One store per sandbox: it holds
 * its alerts across the simulated day, as the broker does, and only a restart forgets them.
 */
import { ErrorCode } from '../../shared/broker/errors';
import type { Instrument } from '../../shared/broker/instrument';
import {
  V3_ALERT_CONDITIONS,
  V3_MAX_ALERTS,
  V3_PRICE_ALERT_PATH,
  V3_TOGGLE_ALERT_PATH,
  V3AlertAnswerCode,
  V3AlertComparison,
  V3AlertStatus,
  type V3AlertCondition,
  type V3AlertPush,
  type V3AlertRow,
} from '../../shared/broker/v3/price-alert-wire';
import type { BrokerCore } from '../core';
import { fail } from '../failure';
import { okReply } from '../http/envelope';
import type { Route } from '../http/types';
import { fmtDdMmmYyyy } from '../time/ist';
import { V3_API_PREFIX } from './addresses';

interface Held {
  id: string;
  instrument: Instrument;
  row: V3AlertRow;
}

const obj = (b: unknown): Record<string, unknown> =>
  b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};

/** Whether `ltp` meets `condition` against `value`. */
function meets(condition: V3AlertCondition, ltp: number, value: number): boolean {
  switch (condition) {
    case 'GT':
      return ltp > value;
    case 'GTE':
      return ltp >= value;
    case 'LT':
      return ltp < value;
    case 'LTE':
      return ltp <= value;
  }
}

/** The alerts of one sandbox, their routes and their evaluation. */
export class SandboxPriceAlerts {
  private readonly alerts = new Map<string, Held>();
  private readonly listeners = new Set<(p: V3AlertPush) => void>();
  private nextId = 3_870_001;
  private readonly unwatch: () => void;

  constructor(private readonly core: BrokerCore) {
    this.unwatch = core.engine.onTick(() => this.evaluate());
  }

  /** Hears every alert that fires (the order socket's push). */
  onTrigger(fn: (p: V3AlertPush) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Stops evaluating. */
  close(): void {
    this.unwatch();
    this.listeners.clear();
  }

  /** Checks every active alert against the current prices; fires those whose condition holds. */
  evaluate(): void {
    const now = this.core.state.now();
    for (const h of this.alerts.values()) {
      const a = h.row.alert;
      if (a.status !== V3AlertStatus.Active) continue;
      const ltp = this.core.state.ltp(h.instrument);
      if (!(ltp > 0) || !meets(a.condition as V3AlertCondition, ltp, a.value)) continue;
      a.status = V3AlertStatus.Triggered;
      a.triggeredEpoch = Math.floor(now / 1000);
      a.triggeredAt = fmtDdMmmYyyy(now);
      const push: V3AlertPush = {
        pricealerts: { ...h.row, alert: { ...a }, alertId: h.id, ltp },
      };
      for (const fn of this.listeners) fn(push);
    }
  }

  /** The v3 routes (the SDK's `priceAlert` and `togglePriceAlert` paths). */
  routes(): Route[] {
    const path = `${V3_API_PREFIX}${V3_PRICE_ALERT_PATH}`;
    const user = { access: 'user' as const, level: 1 as const, operation: 'Price alerts' };
    return [
      {
        method: 'GET',
        path,
        ...user,
        handle: (ctx) => {
          // archive=1: the triggered alerts; otherwise the ones still waiting (active or paused).
          const archive = ctx.query.get('archive') === '1';
          const data: Record<string, V3AlertRow> = {};
          for (const h of this.alerts.values())
            if ((h.row.alert.status === V3AlertStatus.Triggered) === archive) data[h.id] = h.row;
          return okReply({ data });
        },
      },
      {
        method: 'POST',
        path,
        ...user,
        handle: (ctx) => {
          const active = [...this.alerts.values()].filter(
            (h) => h.row.alert.status !== V3AlertStatus.Triggered,
          ).length;
          if (active >= V3_MAX_ALERTS)
            fail(
              ErrorCode.InvalidParameters,
              `At most ${V3_MAX_ALERTS} price alerts at once: delete one first`,
            );
          const f = this.fields(ctx.body);
          const now = this.core.state.now();
          const id = String(this.nextId++);
          this.alerts.set(id, {
            id,
            instrument: f.instrument,
            row: {
              fyToken: f.instrument.token,
              symbol: f.instrument.ticker,
              alert: {
                comparisonType: V3AlertComparison.Ltp,
                condition: f.condition,
                name: f.name,
                type: 'V',
                value: f.value,
                notes: f.notes,
                status: V3AlertStatus.Active,
                createdAt: fmtDdMmmYyyy(now),
                createdEpoch: Math.floor(now / 1000),
                modifiedAt: '',
                modifiedEpoch: 0,
                triggeredAt: '',
                triggeredEpoch: 0,
              },
            },
          });
          return okReply(
            {},
            V3AlertAnswerCode.Created,
            `A price alert for ${f.instrument.ticker} at ₹${f.value} is created.`,
          );
        },
      },
      {
        method: 'PUT',
        path,
        ...user,
        handle: (ctx) => {
          const h = this.held(ctx.body);
          const f = this.fields(ctx.body);
          const now = this.core.state.now();
          h.instrument = f.instrument;
          h.row = {
            fyToken: f.instrument.token,
            symbol: f.instrument.ticker,
            alert: {
              ...h.row.alert,
              condition: f.condition,
              name: f.name,
              value: f.value,
              notes: f.notes,
              // A modified alert waits again, even one that had fired.
              status: V3AlertStatus.Active,
              modifiedAt: fmtDdMmmYyyy(now),
              modifiedEpoch: Math.floor(now / 1000),
              triggeredAt: '',
              triggeredEpoch: 0,
            },
          };
          return okReply(
            {},
            V3AlertAnswerCode.Updated,
            `A price alert for ${f.instrument.ticker} at ₹${f.value} is updated.`,
          );
        },
      },
      {
        method: 'DELETE',
        path,
        ...user,
        handle: (ctx) => {
          const h = this.held(ctx.body);
          this.alerts.delete(h.id);
          return okReply(
            {},
            V3AlertAnswerCode.Deleted,
            `A price alert for ${h.row.symbol} at ₹${h.row.alert.value} is deleted.`,
          );
        },
      },
      {
        method: 'PUT',
        path: `${V3_API_PREFIX}${V3_TOGGLE_ALERT_PATH}`,
        ...user,
        handle: (ctx) => {
          const h = this.held(ctx.body);
          const a = h.row.alert;
          // Active → paused; paused or triggered → active (re-armed).
          const pausing = a.status === V3AlertStatus.Active;
          a.status = pausing ? V3AlertStatus.Paused : V3AlertStatus.Active;
          if (!pausing) {
            a.triggeredAt = '';
            a.triggeredEpoch = 0;
          }
          return okReply(
            {},
            V3AlertAnswerCode.Toggled,
            `The price alert for ${h.row.symbol} is ${pausing ? 'disabled' : 'enabled'}.`,
          );
        },
      },
    ];
  }

  private held(body: unknown): Held {
    const id = obj(body).alertId;
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '')
      fail(ErrorCode.InvalidParameters, 'alertId is required');
    const h = this.alerts.get(String(id).trim());
    if (!h) fail(ErrorCode.InvalidParameters, `No price alert with id ${String(id)}`);
    return h;
  }

  private fields(body: unknown): {
    instrument: Instrument;
    condition: V3AlertCondition;
    value: number;
    name: string;
    notes: string;
  } {
    const b = obj(body);
    if (typeof b.symbol !== 'string' || b.symbol.trim() === '')
      fail(ErrorCode.InvalidParameters, 'symbol is required, e.g. NSE:SBIN-EQ');
    const instrument = this.core.state.index.byTicker(b.symbol.trim());
    if (!instrument) fail(ErrorCode.InvalidSymbol, `Invalid symbol ${b.symbol}`);
    const comparison = b.comparisonType ?? V3AlertComparison.Ltp;
    if (comparison !== V3AlertComparison.Ltp)
      fail(ErrorCode.InvalidParameters, 'comparisonType: the sandbox compares LTP only');
    if (!V3_ALERT_CONDITIONS.includes(b.condition as V3AlertCondition))
      fail(
        ErrorCode.InvalidParameters,
        `condition must be one of ${V3_ALERT_CONDITIONS.join(', ')}`,
      );
    const value = typeof b.value === 'string' ? Number(b.value) : b.value;
    if (typeof value !== 'number' || !Number.isFinite(value) || !(value > 0))
      fail(ErrorCode.InvalidParameters, 'value must be a price above zero');
    const name = typeof b.name === 'string' ? b.name.slice(0, 120) : '';
    if (name.trim() === '') fail(ErrorCode.InvalidParameters, 'name is required');
    const notes = typeof b.notes === 'string' ? b.notes.slice(0, 200) : '';
    return { instrument, condition: b.condition as V3AlertCondition, value, name, notes };
  }
}
