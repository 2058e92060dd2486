import type { portfolioChannels } from '../../../shared/ipc/channels/portfolio';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/** Account views: each a user-priority read through the one request budget. */
export function portfolioHandlers(core: AppCore): HandlersFor<typeof portfolioChannels> {
  const { broker, orders } = core;
  return {
    'portfolio.profile': () => broker.getProfile(),
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
    'portfolio.trades': () => broker.getTradebook(),
    'portfolio.marketStatus': () => broker.getMarketStatus(),
  };
}
