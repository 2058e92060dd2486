import { AppError } from '../../../shared/ipc/errors';
import type { DepositoryWindowPort } from '../edis/depository-window-port';

/**
 * Where the host cannot open a depository window (a headless tool, a test without one),
 * eDIS authorization says so plainly instead of pretending to start.
 */
export const unavailableDepositoryWindow: DepositoryWindowPort = {
  open() {
    throw new AppError(
      'unavailable',
      'This window cannot open the depository page. Use the desktop app to authorize holdings.',
      {
        action: 'none',
      },
    );
  },
};
