/**
 * The eight send controls of the screens (ticket, basket, modify, cancel, cancel selected,
 * exit, exit all, convert) as the calls a renderer makes for one act of the trader: each
 * sets up its own target on the sandbox (a pending order, an open position) and answers
 * the channel and input that act sends. The UI double-send proof sends each act as a double
 * click, a held Enter and two windows would, and counts what reached the broker.
 */
import { randomUUID } from 'node:crypto';
import { OrderStatus, OrderType } from '../../../shared/broker/enums';
import type { ComposedApp } from '../../integration/app/composed-app';
import { sbinBuy } from '../../integration/safety/composed-app';

/** The send controls the issue names. */
export type SendControl =
  | 'ticket place'
  | 'basket send'
  | 'modify'
  | 'cancel'
  | 'cancel selected'
  | 'exit'
  | 'exit all'
  | 'convert';

/** Every send control, in the order the proof reports them. */
export const SEND_CONTROLS: SendControl[] = [
  'ticket place',
  'basket send',
  'modify',
  'cancel',
  'cancel selected',
  'exit',
  'exit all',
  'convert',
];

/** One act: the call a renderer makes for it. */
export interface SendAct {
  channel: string;
  input: unknown;
}

/** What the acts need: the app, unique prices for pending orders, fresh symbols for positions. */
export interface ActContext {
  app: ComposedApp;
  price(): number;
  symbol(): string;
}

async function pendingOrder(c: ActContext): Promise<string> {
  const i = await c.app.core.orders.place(sbinBuy(c.price()), { confirmGuards: true });
  if (i.status !== 'done' || !i.orderId) throw new Error(`setup order failed: ${i.note}`);
  // Out of transit (the sandbox moves it on its ticks) before a modify or cancel may go.
  for (let k = 0; k < 50; k++) {
    const o = await c.app.core.broker.getOrder(i.orderId, { priority: 'order' });
    if (o?.status === OrderStatus.Pending) return i.orderId;
    await c.app.control('tick', { n: 1 });
  }
  throw new Error(`setup order ${i.orderId} never became pending`);
}

async function openLong(c: ActContext): Promise<string> {
  const symbol = c.symbol();
  const i = await c.app.core.orders.place(
    { ...sbinBuy(0), symbol, qty: 2, type: OrderType.Market, limitPrice: 0 },
    { confirmGuards: true },
  );
  if (i.status !== 'done') throw new Error(`setup position failed: ${i.note}`);
  for (let k = 0; k < 20; k++) {
    await c.app.control('tick', { n: 1 });
    const p = await c.app.core.broker.getPositions({ fresh: true });
    if (p.positions.some((x) => x.symbol === symbol && x.netQty > 0)) return symbol;
  }
  throw new Error(`setup position ${symbol} never filled`);
}

/** Sets up one act of `control` and answers the call it makes. */
export async function prepareAct(control: SendControl, c: ActContext): Promise<SendAct> {
  switch (control) {
    case 'ticket place':
      return {
        channel: 'orders.place',
        input: { draft: sbinBuy(c.price()), confirmGuards: true, sendId: randomUUID() },
      };
    case 'basket send':
      return {
        channel: 'orders.placeMany',
        input: {
          drafts: [sbinBuy(c.price()), sbinBuy(c.price()), sbinBuy(c.price())],
          confirmGuards: true,
          sendId: randomUUID(),
        },
      };
    case 'modify': {
      const id = await pendingOrder(c);
      return {
        channel: 'orders.modify',
        input: { change: { id, limitPrice: c.price() }, confirmGuards: true },
      };
    }
    case 'cancel':
      return { channel: 'orders.cancel', input: { id: await pendingOrder(c) } };
    case 'cancel selected':
      return {
        channel: 'orders.cancelMany',
        input: [await pendingOrder(c), await pendingOrder(c)],
      };
    case 'exit':
      return {
        channel: 'orders.exitPosition',
        input: { positionId: `${await openLong(c)}-INTRADAY` },
      };
    case 'exit all':
      await openLong(c);
      return { channel: 'orders.exitAll', input: undefined };
    case 'convert':
      return {
        channel: 'orders.convert',
        input: {
          symbol: await openLong(c),
          positionSide: 1,
          convertQty: 1,
          convertFrom: 'INTRADAY',
          convertTo: 'CNC',
        },
      };
  }
}
