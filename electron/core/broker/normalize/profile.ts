/** Profile normalizer: PAN/pan and pwd_change_date/password_last_changed become one shape. */
import type { Profile } from '../../../../shared/broker/models';
import { parseIstDateTime } from '../../../../shared/format/ist';
import { bool, numOrNull, obj, pick, str } from './coerce';

/** Turns the profile `data` object into the clean Profile. */
export function normalizeProfile(data: unknown): Profile {
  const raw = obj(data);
  const changed = str(pick(raw, 'password_last_changed', 'pwd_change_date'));
  return {
    name: str(raw.name),
    displayName: str(pick(raw, 'display_name', 'displayName')),
    clientId: str(pick(raw, 'svc_id', 'svcId', 'client_id')),
    imageUrl: str(raw.image),
    email: str(pick(raw, 'email_id', 'email')),
    pan: str(pick(raw, 'pan', 'PAN')),
    passwordChangedAt: changed ? (parseIstDateTime(changed) ?? null) : null,
    passwordExpiryDays: numOrNull(pick(raw, 'password_expiry_days', 'pwd_to_expire')),
    // v3's profile says whether the account has DDPI (docs/broker-v3.md); v2's does not.
    // Absent or null is unknown, never "no DDPI" (that would ask for eDIS it may not need).
    ddpi:
      raw.ddpi_enabled === undefined || raw.ddpi_enabled === null ? null : bool(raw.ddpi_enabled),
  };
}
