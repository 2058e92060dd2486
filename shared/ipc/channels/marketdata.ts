import { z } from 'zod';
import { CandleHistory, ChartResolution } from '../../marketdata/candle';
import { MtmSeries } from '../../marketdata/mtm';
import { Depth, QuoteDepth } from '../../marketdata/depth';
import { BrokerChain } from '../../marketdata/broker-chain';
import { Quote } from '../../marketdata/quote';
import { MarketDataStatus, SubscriptionReason } from '../../marketdata/subscription';
import { Ticker } from '../../marketdata/ticker';
import { channel, event } from '../define';

/** Who holds a subscription: a view's own name, so it can release only its own. */
const Holder = z.object({
  owner: z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/),
  reason: SubscriptionReason,
});

/** Live prices: views subscribe to what they show and read the quote cache. */
export const marketdataChannels = {
  'marketdata.subscribe': channel({
    doc: 'A view starts showing these symbols: live prices flow until it unsubscribes.',
    input: Holder.extend({ symbols: z.array(Ticker).min(1).max(500) }),
    output: z.array(Quote),
  }),
  'marketdata.unsubscribe': channel({
    doc: 'A view stops showing these symbols (all of its symbols when none are named).',
    input: Holder.extend({ symbols: z.array(Ticker).max(500).optional() }),
    output: z.void(),
  }),
  'marketdata.snapshot': channel({
    doc: 'The last known prices of these symbols, each with its age and source.',
    input: z.object({ symbols: z.array(Ticker).min(1).max(500) }),
    output: z.array(Quote),
  }),
  'marketdata.depth': channel({
    doc: 'Five levels each side, total quantities and the day’s circuit limits, for the order ticket (null when the broker cannot price the symbol).',
    input: z.object({ symbol: Ticker }),
    output: QuoteDepth.nullable(),
  }),
  'marketdata.watchDepth': channel({
    doc: 'The ticket shows this symbol’s book: it streams from the socket (marketdata.depthChanged) until unwatchDepth; answers a first read with the circuit limits.',
    input: z.object({ owner: Holder.shape.owner, symbol: Ticker }),
    output: QuoteDepth.nullable(),
  }),
  'marketdata.unwatchDepth': channel({
    doc: 'The view no longer shows a book: its levels stop streaming.',
    input: z.object({ owner: Holder.shape.owner }),
    output: z.void(),
  }),
  'marketdata.status': channel({
    doc: 'Whether the live sockets are up or REST quotes stand in.',
    input: z.void(),
    output: MarketDataStatus,
  }),
  'marketdata.history': channel({
    doc: 'Intraday candles of one symbol up to now from the broker’s history API (bad ones dropped and counted).',
    input: z.object({ symbol: Ticker, resolution: ChartResolution }),
    output: CandleHistory,
  }),
  'marketdata.brokerChain': channel({
    doc: 'The broker’s own IV and Greeks for one underlying and expiry, where the account’s broker API sends them (capability optionChainEndpoint); rows it could not read are named.',
    input: z.object({
      symbol: Ticker,
      expiry: z.number().int().positive(),
      strikes: z.number().int().min(1).max(50),
    }),
    output: BrokerChain,
  }),
  'marketdata.mtm': channel({
    doc: 'The day’s MTM of the positions: one sample a minute since the app first saw them, the part of the day before rebuilt from the trade book and 1-minute candles, with what could not be.',
    input: z.void(),
    output: MtmSeries,
  }),
};

/** Price pushes, coalesced to one entry per symbol per frame. */
export const marketdataEvents = {
  'marketdata.ticks': event({
    doc: 'The latest picture of every symbol whose price changed in the last frame (~16 ms).',
    payload: z.object({ quotes: z.array(Quote) }),
  }),
  'marketdata.depthChanged': event({
    doc: 'A watched symbol’s five-level book as the socket just sent it (circuits from the first read).',
    payload: Depth,
  }),
  'marketdata.statusChanged': event({
    doc: 'The sockets went up or down, or the REST fallback started or stopped.',
    payload: MarketDataStatus,
  }),
};
