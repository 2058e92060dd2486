/**
 * Decides whether an IPC message comes from our own UI. Checked before the input is even
 * parsed, as GitHub Desktop and VS Code do: a message from an iframe, from a page the
 * window was navigated to, or from any other origin is refused.
 */

/** What the transports know about the frame that sent a message. */
export interface SenderFrame {
  /** The frame's URL at the time it sent the message. */
  readonly url: string;
  /** True when the frame is the window's top frame (not an iframe). */
  readonly isTopFrame: boolean;
}

/** True when the frame is the top frame of a page served from one of our trusted origins. */
export function isTrustedSender(
  frame: SenderFrame | null | undefined,
  trustedOrigins: readonly string[],
): boolean {
  if (!frame || !frame.isTopFrame) return false;
  let origin: string;
  try {
    const url = new URL(frame.url);
    // Custom schemes report an opaque origin ('null'); rebuild it from scheme and host.
    origin = url.origin !== 'null' ? url.origin : `${url.protocol}//${url.host}`;
  } catch {
    return false;
  }
  return trustedOrigins.includes(origin);
}
