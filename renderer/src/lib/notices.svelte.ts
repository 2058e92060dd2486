/** One transient message at the corner of the screen. */
export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error' | 'success';
  message: string;
}

/**
 * Short confirmations and warnings (order sent, position exited, keychain missing) that
 * must not steal focus from the keyboard: a polite live region shows them and they fade.
 */
class NoticeStore {
  items = $state<Notice[]>([]);
  #next = 1;

  push(level: Notice['level'], message: string, ttlMs = 6000): void {
    const id = this.#next++;
    this.items = [...this.items.slice(-4), { id, level, message }];
    if (ttlMs > 0) setTimeout(() => this.dismiss(id), ttlMs);
  }

  dismiss(id: number): void {
    this.items = this.items.filter((n) => n.id !== id);
  }
}

/** The app's one notice list. */
export const notices = new NoticeStore();
