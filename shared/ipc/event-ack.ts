/**
 * Flow control for pushed events in the desktop app. Electron's `webContents.send` never
 * says no, so a hung or slow page would let the main process queue events without end. The
 * preload counts the events it has received and reports the count back on this one channel;
 * the main process calls a window busy when too many are unanswered, and the feeds that
 * coalesce (order deltas, price frames) then hold their changes until it catches up, exactly
 * as the harness does with its WebSocket's buffered bytes.
 */

/** The only renderer-to-main `send` channel: the preload's running count of events received. */
export const EVENT_ACK_CHANNEL = 'tickdesk:events-received';

/** Events a window may have outstanding before it counts as behind (a healthy page answers within a frame). */
export const MAX_UNACKED_EVENTS = 400;
