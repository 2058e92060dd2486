import { z } from 'zod';
import {
  Funds,
  Holdings,
  MarketStatus,
  Order,
  Positions,
  Profile,
  Trade,
} from '../../broker/models';
import { SkippedRow } from '../../broker/skipped-row';
import { channel, event } from '../define';

/** Read-only account views. Each answers the clean model; the wire quirks never reach the renderer. */
export const portfolioChannels = {
  'portfolio.profile': channel({
    doc: 'The account holder for the title bar and profile screen.',
    input: z.void(),
    output: Profile,
  }),
  'portfolio.funds': channel({
    doc: 'Ledger and available balance for the funds view and the order ticket.',
    input: z.void(),
    output: Funds,
  }),
  'portfolio.holdings': channel({
    doc: 'Demat holdings with totals; also the list eDIS authorizes from.',
    input: z.void(),
    output: Holdings,
  }),
  'portfolio.positions': channel({
    doc: "Today's net positions with P&L.",
    input: z.void(),
    output: Positions,
  }),
  'portfolio.orders': channel({
    doc: 'The order book, newest first.',
    input: z.void(),
    output: z.array(Order),
  }),
  'portfolio.trades': channel({ doc: "Today's fills.", input: z.void(), output: z.array(Trade) }),
  'portfolio.marketStatus': channel({
    doc: 'Which exchange segments are open, for the after-market order switch.',
    input: z.void(),
    output: z.array(MarketStatus),
  }),
};

/** Which views should refresh: sent after order actions and by the background refresher. */
export const portfolioEvents = {
  'portfolio.changed': event({
    doc: 'Fresh order book or positions arrived; views update without polling on their own.',
    payload: z.object({
      orders: z.array(Order).optional(),
      positions: Positions.optional(),
    }),
  }),
  'portfolio.rowSkipped': event({
    doc: 'A row the app could not read was left out of its view; the view says it is incomplete.',
    payload: SkippedRow,
  }),
};
