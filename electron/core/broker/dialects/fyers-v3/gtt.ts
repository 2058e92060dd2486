/**
 * The v3 dialect's GTT calls (docs/broker-v3.md "GTT"): create, modify and cancel on
 * `/api/v3/gtt/orders/sync`, the book on `/api/v3/gtt/orders`, read into the domain's GTT
 * type. Every call goes through the one request scheduler; actions count as order actions.
 */
import { Side } from '../../../../../shared/broker/enums';
import {
  Gtt,
  GTT_VALIDITY_MS,
  draftLegs,
  type GttDraft,
  type GttLeg,
} from '../../../../../shared/broker/gtt';
import {
  GttOcoInd,
  V3_GTT_BOOK_PATH,
  V3_GTT_SYNC_PATH,
  gttStatusOf,
} from '../../../../../shared/broker/v3/gtt-wire';
import type { RequestScheduler } from '../../../limiter/request-scheduler';
import { BrokerError } from '../../broker-error';
import type { GttAck, GttBook, GttClient } from '../../gtt-client';
import type { HttpTransport, TransportRequest } from '../../http-transport';
import { list, num, obj, str, type Raw } from '../../normalize/coerce';

const SYNC = `/api/v3${V3_GTT_SYNC_PATH}`;
const BOOK = `/api/v3${V3_GTT_BOOK_PATH}`;

/** A leg on the wire. */
const wireLeg = (l: GttLeg) => ({ price: l.limitPrice, triggerPrice: l.triggerPrice, qty: l.qty });

/** The `orderInfo` of a draft: leg1, and leg2 for an OCO. */
function orderInfo(d: GttDraft): Record<string, unknown> {
  const { leg1, leg2 } = draftLegs(d);
  return leg2 ? { leg1: wireLeg(leg1), leg2: wireLeg(leg2) } : { leg1: wireLeg(leg1) };
}

/** One GTT book row into the domain type; throws on a row that cannot be read. */
export function normalizeGttRow(raw: Raw): Gtt {
  const side = num(raw.tran_side);
  const kind = num(raw.gtt_oco_ind) === GttOcoInd.Oco ? 'oco' : 'single';
  const leg = (t: unknown, p: unknown, q: unknown): GttLeg => ({
    triggerPrice: num(t),
    limitPrice: num(p),
    qty: num(q),
  });
  const createdAt = num(raw.create_time_epoch) * 1000;
  return Gtt.parse({
    id: str(raw.id),
    symbol: str(raw.symbol),
    side: side === Side.Sell ? Side.Sell : side === Side.Buy ? Side.Buy : side,
    productType: str(raw.product_type),
    kind,
    leg1: leg(raw.price_trigger, raw.price_limit, raw.qty),
    leg2: kind === 'oco' ? leg(raw.price2_trigger, raw.price2_limit, raw.qty2) : null,
    status: gttStatusOf(num(raw.ord_status), str(raw.report_type)),
    message: str(raw.oms_msg).slice(0, 300),
    createdAt,
    // The reference: "active for up to one year" from creation.
    expiresAt: createdAt > 0 ? createdAt + GTT_VALIDITY_MS : 0,
  });
}

/** An action's answer as an ack (code 201: sent, not confirmed). */
function ackOf(answer: Record<string, unknown>): GttAck {
  const env = obj(answer);
  const code = num(env.code, 200);
  return { id: str(env.id), code, message: str(env.message), unacknowledged: code === 201 };
}

/** Builds the v3 GTT client over the account's trading transport and the request budget. */
export function createV3GttClient(deps: {
  transport: HttpTransport;
  scheduler?: Pick<RequestScheduler, 'schedule'>;
}): GttClient {
  const schedule = deps.scheduler?.schedule.bind(deps.scheduler) ?? ((job) => job.run());
  const act = (req: TransportRequest) =>
    schedule({
      priority: 'order',
      label: `${req.method} ${req.path}`,
      orderActions: 1,
      run: () => deps.transport.request(req),
    });
  return {
    async list(o = {}): Promise<GttBook> {
      const env = await schedule({
        priority: o.priority ?? 'order',
        // Concurrent readers (a poll, several reconciliations) share one read in flight.
        key: `GET ${BOOK}`,
        label: `GET ${BOOK}`,
        run: () => deps.transport.request({ method: 'GET', path: BOOK }),
      });
      const gtts: Gtt[] = [];
      let skipped = 0;
      for (const raw of list(env.orderBook, 'GTT book')) {
        try {
          gtts.push(normalizeGttRow(raw));
        } catch {
          skipped++;
        }
      }
      return { gtts, skipped };
    },
    async create(d) {
      const body = {
        side: d.side,
        symbol: d.symbol,
        productType: d.productType,
        orderInfo: orderInfo(d),
      };
      const ack = ackOf(await act({ method: 'POST', path: SYNC, body }));
      if (!ack.id && !ack.unacknowledged)
        throw BrokerError.malformedPayload('GTT answer without an id');
      return ack;
    },
    async modify(id, d) {
      return ackOf(
        await act({ method: 'PATCH', path: SYNC, body: { id, orderInfo: orderInfo(d) } }),
      );
    },
    async cancel(id) {
      return ackOf(await act({ method: 'DELETE', path: SYNC, body: { id } }));
    },
  };
}
