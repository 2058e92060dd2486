/**
 * The `fyers-v3` dialect: the broker's live API v3 (docs/broker-v3.md, from its official SDK
 * 1.9.0). Its REST answers keep v2's shapes, so it shares the Fyers client and normalizers and
 * differs in its call table (routes.ts), its login paths, its data host and its sockets.
 */
import { DIALECT_CAPABILITIES } from '../../../../../shared/broker/dialect';
import { LIVE_V3_DATA_BASE_URL } from '../../../../../shared/marketdata/endpoints';
import { createDataClient } from '../../../marketdata/data-client';
import { FYERS_V3_SOCKETS } from '../../../marketdata/v3/sockets';
import { createBrokerClient } from '../../broker-client';
import type { BrokerDialect } from '../../dialect';
import { createV3AlertClient } from './price-alerts';
import { createV3GttClient } from './gtt';
import { FYERS_V3_DATA_ROUTES, FYERS_V3_LOGIN_ROUTES, FYERS_V3_ROUTES } from './routes';

/** API v3. */
export const fyersV3: BrokerDialect = {
  id: 'fyers-v3',
  capabilities: DIALECT_CAPABILITIES['fyers-v3'],
  login: FYERS_V3_LOGIN_ROUTES,
  liveDefaults: { dataBaseUrl: LIVE_V3_DATA_BASE_URL, historyBaseUrl: null },
  // The HSM data socket and the order socket, on the account's socket host.
  sockets: FYERS_V3_SOCKETS,
  createClient: (deps) => createBrokerClient({ ...deps, routes: FYERS_V3_ROUTES }),
  createDataClient: (deps) => createDataClient({ ...deps, routes: FYERS_V3_DATA_ROUTES }),
  createAlertClient: (deps) => createV3AlertClient(deps),
  createGttClient: (deps) => createV3GttClient(deps),
};
