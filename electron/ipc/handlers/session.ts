import type { sessionChannels } from '../../../shared/ipc/channels/session';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/** Login and logout: the renderer asks, the main process does the flow and keeps the token. */
export function sessionHandlers(core: AppCore): HandlersFor<typeof sessionChannels> {
  return {
    'session.state': () => core.session.snapshot(),
    'session.login': (input) =>
      core.session.login({
        ...(input?.accountId ? { accountId: input.accountId } : {}),
        ...(input?.returnTo ? { returnTo: input.returnTo } : {}),
      }),
    'session.relogin': () => core.session.relogin(),
    'session.cancelLogin': () => {
      core.session.cancelLogin();
      return core.session.snapshot();
    },
    'session.setReturnTo': ({ route }) => {
      core.session.setReturnTo(route);
    },
    'session.logout': () => core.session.logout(),
  };
}
