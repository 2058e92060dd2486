import { maskEmail, maskPan } from '../../../shared/format/mask';
import type { portfolioChannels } from '../../../shared/ipc/channels/portfolio';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/** Account views: each a user-priority read through the one request budget. */
export function portfolioHandlers(core: AppCore): HandlersFor<typeof portfolioChannels> {
  const { broker, orders } = core;
  return {
    'portfolio.profile': async () => {
      // PAN and e-mail leave the main process masked: the profile view is their only reader.
      const p = await broker.getProfile();
      return { ...p, pan: maskPan(p.pan), email: maskEmail(p.email) };
    },
    'portfolio.funds': () => broker.getFunds(),
    'portfolio.holdings': () => broker.getHoldings(),
    'portfolio.positions': async () => {
      const positions = await broker.getPositions();
      orders.observePositions(positions);
      return positions;
    },
    'portfolio.orders': async () => {
      const book = await broker.getOrders();
      orders.observeOrders(book);
      return book;
    },
    'portfolio.orderBook': async ({ refresh, since }) => {
      // A refresh goes through the order service like every read, so its changes also
      // reach other windows as one delta; the answer is the feed's own copy.
      if (refresh) orders.observeOrders(await broker.getOrders());
      return core.orderBook(since);
    },
    'portfolio.trades': () => broker.getTradebook(),
    // The read just before a send settles that order's after-market flag: it is part of
    // sending, so it takes the order lane and never shares an older in-flight read.
    'portfolio.marketStatus': (input) =>
      broker.getMarketStatus(input?.beforeSend ? { priority: 'order', fresh: true } : undefined),
  };
}
