import { AppError } from '../../../shared/ipc/errors';
import type { SessionController } from '../session/session-controller';
import { DEMO_ACCOUNT_ID, type DemoBroker } from './demo-broker';

/**
 * The session as the app uses it in Demo mode: a login to the Demo account first starts the
 * Demo broker's process (or restarts it after a crash), so the broker is started when it is
 * first needed and never before. Everything else is the session controller itself.
 */
export function startDemoBeforeLogin(
  session: SessionController,
  demo: DemoBroker,
  activeAccountId: () => string | null,
): SessionController {
  const ready = async (accountId: string | undefined) => {
    const target = accountId ?? session.snapshot().accountId ?? activeAccountId();
    if (target !== null && target !== DEMO_ACCOUNT_ID) return;
    try {
      await demo.ensure();
    } catch (err) {
      throw new AppError('demo-unavailable', (err as Error).message, { action: 'retry-later' });
    }
  };
  return {
    ...session,
    login: async (opts = {}) => {
      await ready(opts.accountId);
      return session.login(opts);
    },
    relogin: async () => {
      await ready(undefined);
      return session.relogin();
    },
  };
}
