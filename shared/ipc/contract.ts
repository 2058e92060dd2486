/**
 * The one IPC contract. Every request channel and every push event lives here, with
 * zod schemas on both sides. The preload, the main-side router and the renderer's api
 * object are all derived from these maps, so a channel cannot exist in one place and
 * not in the others (tests/unit/ipc/contract.test.ts proves it).
 *
 * Each domain keeps its channels in ./channels/<domain>.ts; add the map here.
 */
import type { PayloadOf } from './define';
import { alertsChannels, alertsEvents } from './channels/alerts';
import { appChannels, appEvents } from './channels/app';
import { budgetChannels, budgetEvents } from './channels/budget';
import { diagnosticsChannels } from './channels/diagnostics';
import { draftsChannels } from './channels/drafts';
import { edisChannels } from './channels/edis';
import { marketdataChannels, marketdataEvents } from './channels/marketdata';
import { ordersChannels, ordersEvents } from './channels/orders';
import { portfolioChannels, portfolioEvents } from './channels/portfolio';
import { sessionChannels, sessionEvents } from './channels/session';
import { settingsChannels, settingsEvents } from './channels/settings';
import { symbolsChannels, symbolsEvents } from './channels/symbols';
import { basketsChannels } from './channels/baskets';
import { updatesChannels, updatesEvents } from './channels/updates';
import { watchlistsChannels } from './channels/watchlists';
import { riskChannels, riskEvents } from './channels/risk';
import { reportsChannels } from './channels/reports';
import { gttChannels, gttEvents } from './channels/gtt';

export const contract = {
  ...appChannels,
  ...sessionChannels,
  ...portfolioChannels,
  ...ordersChannels,
  ...symbolsChannels,
  ...edisChannels,
  ...budgetChannels,
  ...diagnosticsChannels,
  ...settingsChannels,
  ...marketdataChannels,
  ...draftsChannels,
  ...basketsChannels,
  ...watchlistsChannels,
  ...updatesChannels,
  ...riskChannels,
  ...alertsChannels,
  ...reportsChannels,
  ...gttChannels,
};

export const events = {
  ...appEvents,
  ...sessionEvents,
  ...portfolioEvents,
  ...ordersEvents,
  ...symbolsEvents,
  ...budgetEvents,
  ...settingsEvents,
  ...marketdataEvents,
  ...alertsEvents,
  ...updatesEvents,
  ...riskEvents,
  ...gttEvents,
};

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export type Events = typeof events;
export type EventName = keyof Events;
/** Sends one typed event to the renderer: the one signature the core, its runtimes and the IPC bus share. */
export type EmitEvent = <K extends EventName>(name: K, payload: PayloadOf<Events[K]>) => void;

/** Channel names in a stable order, for the preload and the transports. */
export const channelNames = Object.keys(contract).sort() as ChannelName[];
/** Event names in a stable order. */
export const eventNames = Object.keys(events).sort() as EventName[];
