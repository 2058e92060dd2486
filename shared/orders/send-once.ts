/**
 * Send once: what the renderer and the core share so that one act of the trader (a click,
 * a held Enter, the same control in two windows) reaches the broker once. Its one home: the
 * IPC contract validates the id with it, the core refuses with these kinds, and the screens
 * recognise the refusal by kind, never by message text.
 */
import { z } from 'zod';

/**
 * A client-generated id for one send act (a ticket's Place, a basket's Send or Send again).
 * The core accepts each id once per session: the same act arriving twice (a replayed call, a
 * second window holding the same basket) is refused instead of placing its orders again.
 */
export const SendId = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'A send id is 8 to 64 letters, digits or dashes.');
/** A send act's id. */
export type SendId = z.infer<typeof SendId>;

/** Why the core refused a send, as the IpcError kind the screens read. */
export const SendRefusal = {
  /** The same action on the same order, position or basket is still on its way or unconfirmed. */
  inFlight: 'send-in-flight',
  /** This send act (its SendId) was already carried out; a new act needs a new id. */
  alreadySent: 'already-sent',
  /** The very same action on the same target was just carried out (a double click, a held key). */
  justSent: 'just-sent',
} as const;

/**
 * How long after an action's outcome is known the very same action on the same target is
 * taken as a repeat of it (a double click, a key held down, a second window a moment late)
 * and refused. A different change to the same order is never refused by it.
 */
export const SEND_REPEAT_WINDOW_MS = 1500;
/** One of the SendRefusal kinds. */
export type SendRefusal = (typeof SendRefusal)[keyof typeof SendRefusal];

/** True when an IPC error kind is one of the send-once refusals (nothing was sent). */
export function isSendRefusal(kind: string): kind is SendRefusal {
  return (
    kind === SendRefusal.inFlight ||
    kind === SendRefusal.alreadySent ||
    kind === SendRefusal.justSent
  );
}
