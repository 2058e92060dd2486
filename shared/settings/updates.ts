import { z } from 'zod';

/**
 * Whether Tickdesk looks for updates (at start and every few hours; electron/core/updates).
 * One home for the settings store and the settings view sent to the renderer. Off means no
 * request to the release feed at all; an update already downloaded still waits for a quit
 * outside market hours.
 */
export const UpdateSettings = z.object({
  checkAutomatically: z.boolean().default(true),
});
/** The update preference, as stored and as shown. */
export type UpdateSettings = z.infer<typeof UpdateSettings>;
