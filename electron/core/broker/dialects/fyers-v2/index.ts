/**
 * The `fyers-v2` dialect: the broker's API v2 as the spec and gaps.md describe it, the code
 * Tickdesk has always run, kept whole (its call table is routes.ts).
 */
import { DIALECT_CAPABILITIES } from '../../../../../shared/broker/dialect';
import {
  LIVE_DATA_BASE_URL,
  LIVE_HISTORY_BASE_URL,
} from '../../../../../shared/marketdata/endpoints';
import { createDataClient } from '../../../marketdata/data-client';
import { FYERS_V2_SOCKETS } from '../../../marketdata/v2/sockets';
import { createBrokerClient } from '../../broker-client';
import type { BrokerDialect } from '../../dialect';
import { FYERS_V2_DATA_ROUTES, FYERS_V2_LOGIN_ROUTES, FYERS_V2_ROUTES } from './routes';

/** API v2. */
export const fyersV2: BrokerDialect = {
  id: 'fyers-v2',
  capabilities: DIALECT_CAPABILITIES['fyers-v2'],
  login: FYERS_V2_LOGIN_ROUTES,
  liveDefaults: { dataBaseUrl: LIVE_DATA_BASE_URL, historyBaseUrl: LIVE_HISTORY_BASE_URL },
  sockets: FYERS_V2_SOCKETS,
  createClient: (deps) => createBrokerClient({ ...deps, routes: FYERS_V2_ROUTES }),
  createDataClient: (deps) => createDataClient({ ...deps, routes: FYERS_V2_DATA_ROUTES }),
};
