/**
 * The core's one view of self-update, between the shell that runs it and the screens and
 * support bundle that report it. The updater lives in the shell (electron-updater needs
 * Electron), but Settings and the bundle are the core's: without this hub a trader could not
 * see whether updates were looked for at all, and support could not tell "up to date" from
 * "this build never updates" (a .deb install, a development build, the browser harness).
 */
import type { InstallAnswer, UpdateState } from '../../../shared/ipc/channels/updates';
import type { UpdateController } from './update-controller';

/** What the hub needs of the running controller (the shell attaches it). */
export type UpdatesPort = Pick<UpdateController, 'check' | 'installNow' | 'state'>;

/** The hub; see the module comment. */
export interface UpdatesHub {
  state(): UpdateState;
  /** Checks now through the attached controller; without one, says why there is none. */
  check(): Promise<UpdateState>;
  /** "Restart and update": the policy's answer in words. */
  install(): InstallAnswer;
  /** The shell: the controller running for this build. */
  attach(controller: UpdatesPort): void;
  /** The shell: this build does not update itself, and why. */
  unavailable(why: string): void;
  /** The controller's every change (its `onChange`). */
  changed(state: UpdateState): void;
}

/** Builds the hub; `emit` tells the screens each change. */
export function createUpdatesHub(opts: {
  /** Before the shell attaches anything: why there is no updater yet. */
  initialWhy: string;
  emit: (state: UpdateState) => void;
}): UpdatesHub {
  let current: UpdateState = { status: 'unavailable', why: opts.initialWhy };
  let port: UpdatesPort | null = null;
  const set = (s: UpdateState) => {
    // The controller's answer is the state it already told (the same object): said once.
    if (s === current) return;
    current = s;
    opts.emit(s);
  };
  return {
    state: () => current,
    async check() {
      if (!port) return current;
      set(await port.check());
      return current;
    },
    install() {
      if (!port)
        return {
          installing: false,
          message: current.status === 'unavailable' ? current.why : 'No update is ready.',
        };
      const d = port.installNow();
      return d.install
        ? { installing: true, message: 'Restarting into the update.' }
        : { installing: false, message: d.message };
    },
    attach(controller) {
      port = controller;
      set(controller.state());
    },
    unavailable(why) {
      port = null;
      set({ status: 'unavailable', why });
    },
    changed: set,
  };
}
