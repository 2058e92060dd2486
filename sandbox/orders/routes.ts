/**
 * Order endpoints: the order book (all, by id, several by id), place, modify and cancel, each
 * single and multi. Multi requests answer per item with statusCode, body and
 * statusDescription, so one bad order does not fail its batch (spec Errors rule 3).
 */
import { ErrorCode } from '../../shared/broker/errors';
import type { BrokerCore } from '../core';
import { BrokerFailure, fail } from '../failure';
import { okReply } from '../http/envelope';
import type { Route } from '../http/types';
import type { WireOrderAnswer } from './desk';
import type { SimOrder } from './model';
import { asBatch, parseIdBody, parseModifyBody, parseOrderBody } from './parse';

/** Builds the order routes over a core. */
export function orderRoutes(core: BrokerCore): Route[] {
  const s = core.state;
  const row = (o: SimOrder) => core.orderRow(o);
  const ackReply = (a: WireOrderAnswer) => okReply({ id: a.id }, a.code, a.message);
  const multi = (items: unknown[], one: (x: unknown) => WireOrderAnswer) =>
    okReply({
      data: items.map((x) => {
        try {
          const a = one(x);
          return {
            statusCode: 200,
            body: { s: 'ok', code: a.code, message: a.message, id: a.id },
            statusDescription: 'OK',
          };
        } catch (e) {
          if (!(e instanceof BrokerFailure)) throw e;
          const id =
            (x && typeof x === 'object' && 'id' in x && typeof x.id === 'string'
              ? x.id
              : (e.extra.id as string | undefined)) ?? '';
          return {
            statusCode: e.http,
            body: { s: 'error', code: e.code, message: e.message, id },
            statusDescription: e.http === 403 ? 'Forbidden' : 'Bad Request',
          };
        }
      }),
    });
  const byIds = (ids: string[]) => {
    const found = ids.map((id) => s.book.get(id)).filter((o): o is SimOrder => !!o);
    if (found.length === 0) fail(ErrorCode.InvalidOrderId, `Invalid order id ${ids.join(',')}`);
    return okReply({ orderBook: found.map(row) });
  };
  return [
    {
      method: 'GET',
      path: '/api/v2/orders',
      access: 'user',
      level: 1,
      operation: 'Orders',
      handle: (ctx) => {
        const id = ctx.query.get('id');
        if (id !== null) return byIds([id]);
        return okReply({ orderBook: s.book.list().map(row) });
      },
    },
    {
      method: 'GET',
      path: '/api/v2/orders-multi',
      access: 'user',
      level: 1,
      operation: 'Orders',
      handle: (ctx) => {
        const ids = (ctx.query.get('id') ?? '')
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        if (ids.length === 0)
          fail(ErrorCode.InvalidParameters, 'id is required: comma-separated order ids');
        return byIds(ids);
      },
    },
    {
      method: 'POST',
      path: '/api/v2/orders',
      access: 'user',
      level: 2,
      operation: 'Order Placement',
      handle: (ctx) => ackReply(core.desk.place(parseOrderBody(ctx.body))),
    },
    {
      method: 'POST',
      path: '/api/v2/orders-multi',
      access: 'user',
      level: 2,
      operation: 'Order Placement',
      handle: (ctx) => multi(asBatch(ctx.body), (x) => core.desk.place(parseOrderBody(x))),
    },
    {
      method: 'PUT',
      path: '/api/v2/orders',
      access: 'user',
      level: 2,
      operation: 'Order Modification',
      handle: (ctx) => ackReply(core.desk.modify(parseModifyBody(ctx.body))),
    },
    {
      method: 'PUT',
      path: '/api/v2/orders-multi',
      access: 'user',
      level: 2,
      operation: 'Order Modification',
      handle: (ctx) => multi(asBatch(ctx.body), (x) => core.desk.modify(parseModifyBody(x))),
    },
    {
      method: 'DELETE',
      path: '/api/v2/orders',
      access: 'user',
      level: 2,
      operation: 'Order Cancellation',
      handle: (ctx) => ackReply(core.desk.cancel(parseIdBody(ctx.body))),
    },
    {
      method: 'DELETE',
      path: '/api/v2/orders-multi',
      access: 'user',
      level: 2,
      operation: 'Order Cancellation',
      handle: (ctx) => multi(asBatch(ctx.body), (x) => core.desk.cancel(parseIdBody(x))),
    },
  ];
}
