/**
 * How many requests reached each API route (`METHOD /path`), counted at the broker: the
 * send-once tests and the UI double-send proof read it (GET /__sandbox/requests) to count
 * what arrived twice, whatever the app believes it sent. Test controls only.
 */
export class RequestCounts {
  private readonly byRoute = new Map<string, number>();

  /** Counts one request that reached the route. */
  count(route: string): void {
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
  }

  /** The counts since the sandbox started, by route key. */
  snapshot(): Record<string, number> {
    return Object.fromEntries(this.byRoute);
  }
}
