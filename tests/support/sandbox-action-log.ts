/**
 * Counts the order and position actions the sandbox broker received, from its request log
 * (`SandboxOptions.requestLog`: one line per answered request, method and path only). The
 * send-once tests and the UI double-send proof count duplicates here, at the broker, not
 * in the app that might be wrong about what it sent.
 */

/** The broker routes that change orders or positions (spec: place, modify, cancel, exit, convert). */
export const ACTION_ROUTES = [
  'POST /api/v2/orders',
  'POST /api/v2/orders-multi',
  'PUT /api/v2/orders',
  'PUT /api/v2/orders-multi',
  'DELETE /api/v2/orders',
  'DELETE /api/v2/orders-multi',
  'DELETE /api/v2/positions',
  'PUT /api/v2/positions',
] as const;

/** A request log sink and the counts it gathered. */
export interface SandboxActionLog {
  /** Pass as the sandbox's `requestLog`. */
  log(line: string): void;
  /** Action requests received since the start (or since `mark`), by route. */
  since(mark: number): Record<string, number>;
  /** The number of action requests so far, to count from. */
  mark(): number;
}

/** Starts an empty log. */
export function sandboxActionLog(): SandboxActionLog {
  const seen: string[] = [];
  return {
    log(line) {
      const route = ACTION_ROUTES.find((r) => line.startsWith(`${r} `));
      if (route) seen.push(route);
    },
    mark: () => seen.length,
    since(mark) {
      const out: Record<string, number> = {};
      for (const r of seen.slice(mark)) out[r] = (out[r] ?? 0) + 1;
      return out;
    },
  };
}
