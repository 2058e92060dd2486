/** The daily loss limit's faults proof at its fast size on the broker's API v3 (its smart exit), inside `npm test` (see prove-fast.ts). */
import { proveFast } from './prove-fast';

proveFast('faults-limit.proof.ts', 'fyers-v3');
