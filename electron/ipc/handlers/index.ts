import type { AppCore } from '../../core/app/app-core';
import type { Handlers } from '../handler-types';
import { appHandlers } from './app';
import { budgetHandlers } from './budget';
import { diagnosticsHandlers } from './diagnostics';
import { draftsHandlers } from './drafts';
import { edisHandlers } from './edis';
import { marketdataHandlers } from './marketdata';
import { ordersHandlers } from './orders';
import { portfolioHandlers } from './portfolio';
import { sessionHandlers } from './session';
import { settingsHandlers } from './settings';
import { symbolsHandlers } from './symbols';
import { basketsHandlers } from './baskets';
import { updatesHandlers } from './updates';
import { watchlistsHandlers } from './watchlists';
import { riskHandlers } from './risk';
import { alertsHandlers } from './alerts';
import { reportsHandlers } from './reports';
import { gttHandlers } from './gtt';

/**
 * Every channel's handler, one domain file each. The return type is the full contract, so
 * adding a channel without its handler fails the typecheck before any test runs.
 */
export function createHandlers(core: AppCore): Handlers {
  return {
    ...appHandlers(core),
    ...sessionHandlers(core),
    ...portfolioHandlers(core),
    ...ordersHandlers(core),
    ...symbolsHandlers(core),
    ...edisHandlers(core),
    ...budgetHandlers(core),
    ...diagnosticsHandlers(core),
    ...settingsHandlers(core),
    ...marketdataHandlers(core),
    ...draftsHandlers(core),
    ...basketsHandlers(core),
    ...watchlistsHandlers(core),
    ...updatesHandlers(core),
    ...riskHandlers(core),
    ...alertsHandlers(core),
    ...reportsHandlers(core),
    ...gttHandlers(core),
  };
}
