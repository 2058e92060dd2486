import { z } from 'zod';
import { ALERT_KINDS, type AlertKind } from '../alerts/alert';

/**
 * The trader's alert choices, per kind: raised at all (the in-app toast), shown as an OS
 * notification (a browser notification in the harness), with a sound. One home for the
 * settings store, the settings view and the core that filters alerts, with defaults for
 * every field so documents written before alerts existed load unchanged (no migration).
 */
export const AlertKindSettings = z.object({
  enabled: z.boolean().default(true),
  notify: z.boolean().default(true),
  sound: z.boolean().default(false),
});
/** The choices for one kind. */
export type AlertKindSettings = z.infer<typeof AlertKindSettings>;

const kind = () => AlertKindSettings.default(AlertKindSettings.parse({}));

/** Every kind's choices; a kind missing from a stored document gets the defaults. */
export const AlertSettings = z.object({
  fill: kind(),
  'partial-fill': kind(),
  rejection: kind(),
  'stop-loss': kind(),
  'square-off': kind(),
  'session-expiry': kind(),
  price: kind(),
  gtt: kind(),
}) satisfies z.ZodType<Record<AlertKind, AlertKindSettings>>;
/** Alert settings as stored and as shown. */
export type AlertSettings = z.infer<typeof AlertSettings>;

/** The defaults: everything on, sound off. */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = AlertSettings.parse({});

/** Kinds in Settings order. */
export const ALERT_SETTING_KINDS: readonly AlertKind[] = ALERT_KINDS;
