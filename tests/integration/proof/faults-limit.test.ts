/** The daily loss limit's faults proof at its fast size, inside `npm test` (see prove-fast.ts). */
import { proveFast } from './prove-fast';

proveFast('faults-limit.proof.ts');
