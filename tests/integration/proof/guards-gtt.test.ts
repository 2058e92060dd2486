/** The GTT legs' guards proof at its fast size on API v2 (its column says "needs v3"), inside `npm test` (see prove-fast.ts). */
import { proveFast } from './prove-fast';

proveFast('guards-gtt.proof.ts');
