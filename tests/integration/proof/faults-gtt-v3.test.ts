/** The GTT and multi-leg faults proof at its fast size on the broker's API v3, inside `npm test` (see prove-fast.ts). */
import { proveFast } from './prove-fast';

proveFast('faults-gtt.proof.ts', 'fyers-v3');
