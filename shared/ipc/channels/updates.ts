import { z } from 'zod';
import { channel, event } from '../define';

/**
 * Where the app's self-update stands, for Settings and the support bundle (one home: the
 * controller in electron/core/updates works in the same shape). `unavailable` says why this
 * build cannot update itself (development, the browser harness, a .deb install), so a trader
 * or support engineer never has to guess whether an update was even looked for.
 */
export const UpdateState = z.discriminatedUnion('status', [
  z.object({ status: z.literal('unavailable'), why: z.string() }),
  z.object({ status: z.literal('off') }),
  z.object({ status: z.literal('idle'), checkedAt: z.number().nullable() }),
  z.object({ status: z.literal('downloading'), version: z.string() }),
  z.object({ status: z.literal('ready'), version: z.string(), notes: z.string() }),
  z.object({ status: z.literal('failed'), message: z.string(), checkedAt: z.number() }),
]);
export type UpdateState = z.infer<typeof UpdateState>;

/** The answer to "Restart and update": installing now, or why not (market hours, an order unsettled). */
export const InstallAnswer = z.object({ installing: z.boolean(), message: z.string() });
export type InstallAnswer = z.infer<typeof InstallAnswer>;

/** Self-update: what Settings shows and the two things the trader may ask for. */
export const updatesChannels = {
  'updates.state': channel({
    doc: 'Where self-update stands (or why this build has none).',
    input: z.void(),
    output: UpdateState,
  }),
  'updates.check': channel({
    doc: 'Checks for an update now (if checks are on), downloading it in the background.',
    input: z.void(),
    output: UpdateState,
  }),
  'updates.install': channel({
    doc: 'Restarts into the downloaded update, if the update policy allows it now.',
    input: z.void(),
    output: InstallAnswer,
  }),
};

/** Pushed whenever the update state changes. */
export const updatesEvents = {
  'updates.changed': event({ doc: 'The update state changed.', payload: UpdateState }),
};
