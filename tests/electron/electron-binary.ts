/**
 * The Electron binary is fetched on first launch (Electron 42 and later), from a host some
 * machines (this project's development machines among them) cannot reach. The one check
 * lives in scripts/lib/electron-binary.mjs, shared with `npm start`. On the CI runners
 * (.github/workflows/test.yml) TICKDESK_REQUIRE_ELECTRON=1 turns a missing binary into a
 * failure: there these tests must run, never skip.
 */
import { electronBinary as find } from '../../scripts/lib/electron-binary.mjs';

/** Whether this run must have the real Electron (set on the CI runners). */
export const electronRequired = process.env.TICKDESK_REQUIRE_ELECTRON === '1';

/** The binary, or why it is missing; throws when it is missing but required. */
export function electronBinary(): { path: string } | { missing: string } {
  const found = find();
  if ('missing' in found && electronRequired) {
    throw new Error(
      `TICKDESK_REQUIRE_ELECTRON=1 but ${found.missing}: run npm start once (it downloads Electron) before the tests`,
    );
  }
  return found;
}
