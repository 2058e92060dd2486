import type { AppCore } from '../../core/app-core';
import type { Handlers } from '../handler-types';
import { appHandlers } from './app';

/**
 * Every channel's handler, one domain file each. The return type is the full contract, so
 * adding a channel without its handler fails the typecheck before any test runs.
 */
export function createHandlers(core: AppCore): Handlers {
  return {
    ...appHandlers(core),
  };
}
