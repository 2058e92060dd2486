import { capabilitiesFor, NO_CAPABILITIES } from '../../../shared/broker/permissions';
import type { Capabilities, SessionSnapshot } from '../../../shared/ipc/channels/session';
import type { IpcError } from '../../../shared/ipc/errors';
import { backend } from '../lib/backend';
import { isViewId, nav } from '../lib/nav.svelte';

/**
 * The login session as the renderer may know it (never the token). Screens read
 * `capabilities` to offer only what the app's permission template allows, and the
 * status bar counts down to the 06:00 IST expiry from `expiresAt`.
 */
class SessionStore {
  snapshot = $state<SessionSnapshot | null>(null);
  error = $state<IpcError | null>(null);
  busy = $state(false);
  #unsubscribe: (() => void) | null = null;
  #listeners = new Set<(s: SessionSnapshot, prev: SessionSnapshot | null) => void>();

  get status(): SessionSnapshot['status'] | 'unknown' {
    return this.snapshot?.status ?? 'unknown';
  }

  /** True while the token is usable (active, or active but close to expiry). */
  get live(): boolean {
    return this.status === 'active' || this.status === 'expiring';
  }

  get can(): Capabilities {
    return this.live && this.snapshot ? this.snapshot.capabilities : NO_CAPABILITIES;
  }

  /** What the permission template grants, live or not: an expired session keeps its screens. */
  get granted(): Capabilities {
    return capabilitiesFor(this.snapshot?.template ?? null);
  }

  async init(): Promise<void> {
    const api = backend();
    this.#unsubscribe?.();
    this.#unsubscribe = api.on.session.changed((s) => this.#apply(s));
    const r = await api.session.state();
    if (r.ok) this.#apply(r.data);
    else this.error = r.error;
  }

  /** Calls `fn` after every change, with the previous snapshot (views refresh on login). */
  onChange(fn: (s: SessionSnapshot, prev: SessionSnapshot | null) => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  /** Starts a login; `returnTo` is the screen to come back to (defaults to the current one). */
  async login(returnTo: string = nav.view): Promise<void> {
    const accountId = this.snapshot?.accountId ?? undefined;
    await this.#run(() =>
      backend().session.login({ ...(accountId ? { accountId } : {}), returnTo }),
    );
  }

  /**
   * The one-click login after expiry. It passes the screen the trader is on now (not the
   * one remembered at the last login), so coming back lands exactly where they left off.
   */
  async relogin(): Promise<void> {
    await this.login(nav.view);
  }

  async cancelLogin(): Promise<void> {
    await this.#run(() => backend().session.cancelLogin());
  }

  async logout(): Promise<void> {
    await this.#run(() => backend().session.logout());
  }

  async #run(
    call: () => Promise<{ ok: true; data: SessionSnapshot } | { ok: false; error: IpcError }>,
  ): Promise<void> {
    this.busy = true;
    this.error = null;
    try {
      const r = await call();
      if (r.ok) this.#apply(r.data);
      else this.error = r.error;
    } finally {
      this.busy = false;
    }
  }

  #apply(next: SessionSnapshot): void {
    const prev = this.snapshot;
    this.snapshot = next;
    if (next.status === 'active' || next.status === 'expiring') this.error = null;
    const cameBack =
      next.status === 'active' &&
      prev !== null &&
      prev.status !== 'active' &&
      prev.status !== 'expiring';
    if (cameBack && isViewId(next.returnTo)) nav.go(next.returnTo);
    for (const fn of this.#listeners) fn(next, prev);
  }
}

/** The app's one session state. */
export const session = new SessionStore();
