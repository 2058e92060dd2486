/**
 * v3's broker-held price alerts (docs/broker-v3.md "Price alerts"): the five calls of the
 * official SDK, sent through the one request budget, and the list rows and the order
 * socket's fired-alert push read into the seam's domain model. The wire names and codes come
 * from shared/broker/v3/price-alert-wire.ts, the home the sandbox answers from too.
 */
import {
  V3_ALERT_AGENT,
  V3_ALERT_PUSH_KEY,
  V3_ALERT_TYPE,
  V3_MAX_ALERTS,
  V3_PRICE_ALERT_PATH,
  V3_TOGGLE_ALERT_PATH,
  V3AlertComparison,
  V3AlertCondition,
  V3AlertStatus,
} from '../../../../../shared/broker/v3/price-alert-wire';
import type { RequestScheduler } from '../../../limiter/request-scheduler';
import type {
  BrokerAlert,
  BrokerAlertClient,
  BrokerAlertFired,
  BrokerAlertSpec,
} from '../../broker-alerts';
import type { HttpTransport, TransportRequest } from '../../http-transport';
import { obj } from '../../normalize/coerce';

const BASE = '/api/v3';

/** One list row (`data[id]`) in the domain model, or null when it cannot be read. */
export function readV3AlertRow(id: string, row: unknown): BrokerAlert | null {
  const r = obj(row);
  const a = obj(r.alert);
  const value = typeof a.value === 'string' ? Number(a.value) : a.value;
  if (typeof r.symbol !== 'string' || typeof value !== 'number' || !Number.isFinite(value))
    return null;
  const c = a.condition;
  const direction =
    c === V3AlertCondition.Above || c === V3AlertCondition.AtOrAbove
      ? 'above'
      : c === V3AlertCondition.Below || c === V3AlertCondition.AtOrBelow
        ? 'below'
        : null;
  if (!direction || !/^\d{1,20}$/.test(id)) return null;
  const state =
    a.status === V3AlertStatus.Triggered ||
    (typeof a.triggeredEpoch === 'number' && a.triggeredEpoch > 0)
      ? 'triggered'
      : a.status === V3AlertStatus.Paused
        ? 'paused'
        : 'active';
  const epochMs = (v: unknown) => (typeof v === 'number' && v > 0 ? v * 1000 : null);
  return {
    id,
    symbol: r.symbol,
    direction,
    value,
    name: typeof a.name === 'string' ? a.name : '',
    notes: typeof a.notes === 'string' ? a.notes : '',
    state,
    createdAt: epochMs(a.createdEpoch) ?? 0,
    triggeredAt: state === 'triggered' ? (epochMs(a.triggeredEpoch) ?? null) : null,
  };
}

/**
 * One order-socket text frame as a fired alert, or null when it is not one (an order, a
 * trade, a pong, anything else). The order-socket reader calls this beside parseV3OrderUpdate.
 */
export function parseV3AlertPush(text: string): BrokerAlertFired | null {
  if (!text.includes(V3_ALERT_PUSH_KEY)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return v3AlertPushOf(obj(obj(parsed)[V3_ALERT_PUSH_KEY]));
}

/**
 * A `pricealerts` message's payload (the order socket's router has read the envelope) as a
 * fired alert, or null when it does not say which alert fired at what price.
 */
export function v3AlertPushOf(p: Record<string, unknown>): BrokerAlertFired | null {
  const id = typeof p.alertId === 'number' ? String(p.alertId) : p.alertId;
  const ltp = typeof p.ltp === 'string' ? Number(p.ltp) : p.ltp;
  if (typeof id !== 'string' || typeof ltp !== 'number' || !(ltp > 0)) return null;
  const alert = readV3AlertRow(id, p);
  return alert ? { alert: { ...alert, state: 'triggered' }, ltp } : null;
}

/** The v3 alert calls over the account's transport and the one request budget. */
export function createV3AlertClient(deps: {
  transport: HttpTransport;
  scheduler?: Pick<RequestScheduler, 'schedule'>;
}): BrokerAlertClient {
  const send = (req: TransportRequest, write: boolean): Promise<Record<string, unknown>> => {
    const run = () => deps.transport.request(req);
    if (!deps.scheduler) return run();
    return deps.scheduler.schedule({
      priority: write ? 'user' : 'background',
      ...(write ? {} : { key: `${req.method} ${req.path}${JSON.stringify(req.query ?? {})}` }),
      label: `${req.method} ${req.path}`,
      run,
    });
  };
  const body = (s: BrokerAlertSpec) => ({
    agent: V3_ALERT_AGENT,
    'alert-type': V3_ALERT_TYPE,
    name: s.name,
    symbol: s.symbol,
    comparisonType: V3AlertComparison.Ltp,
    condition: s.direction === 'above' ? V3AlertCondition.Above : V3AlertCondition.Below,
    value: s.value,
    notes: s.notes,
  });
  const path = `${BASE}${V3_PRICE_ALERT_PATH}`;
  async function listOf(archive: boolean): Promise<BrokerAlert[]> {
    const env = await send(
      { method: 'GET', path, ...(archive ? { query: { archive: '1' } } : {}) },
      false,
    );
    const out: BrokerAlert[] = [];
    for (const [id, row] of Object.entries(obj(env.data))) {
      const a = readV3AlertRow(id, row);
      if (a) out.push(a);
    }
    return out;
  }
  return {
    max: V3_MAX_ALERTS,
    async list() {
      const [waiting, archived] = await Promise.all([listOf(false), listOf(true)]);
      const byId = new Map([...archived, ...waiting].map((a) => [a.id, a]));
      return [...byId.values()];
    },
    async create(spec) {
      await send({ method: 'POST', path, body: body(spec) }, true);
    },
    async modify(id, spec) {
      await send({ method: 'PUT', path, body: { alertId: id, ...body(spec) } }, true);
    },
    async toggle(id) {
      await send(
        { method: 'PUT', path: `${BASE}${V3_TOGGLE_ALERT_PATH}`, body: { alertId: id } },
        true,
      );
    },
    async remove(id) {
      await send({ method: 'DELETE', path, body: { alertId: id, agent: V3_ALERT_AGENT } }, true);
    },
  };
}
