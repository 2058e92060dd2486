import type { gttChannels } from '../../../shared/ipc/channels/gtt';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/**
 * GTT orders (`core.gtt`). The contract has checked every field; the service runs every
 * leg's pre-checks and answers a refusal as an action (blocked, asking, failed) in words.
 */
export function gttHandlers(core: Pick<AppCore, 'gtt'>): HandlersFor<typeof gttChannels> {
  return {
    'gtt.view': () => core.gtt.view(),
    'gtt.refresh': () => core.gtt.refresh(),
    'gtt.create': ({ draft, confirmed }) => core.gtt.create(draft, { confirmed }),
    'gtt.modify': ({ id, draft, confirmed }) => core.gtt.modify(id, draft, { confirmed }),
    'gtt.cancel': ({ id }) => core.gtt.cancel(id),
  };
}
