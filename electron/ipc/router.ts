import { contract as defaultContract, events as defaultEvents } from '../../shared/ipc/contract';
import type { ChannelMap, EventMap } from '../../shared/ipc/define';
import { AppError, isIpcPresentable, type IpcError, type IpcResult } from '../../shared/ipc/errors';
import type { CallContext, HandlersFor } from './handler-types';
import { isTrustedSender, type SenderFrame } from './sender-trust';
import { createToldLog } from './told-log';
import { unsafeTextIn } from '../../shared/ipc/text';

/** Where the router reports what it refused, what failed inside a handler, and what the trader was told. */
export interface RouterLogger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** One incoming call as any transport sees it. */
export interface IncomingCall {
  channel: string;
  input: unknown;
  sender: SenderFrame | null;
  ctx: CallContext;
}

/**
 * The single entry point for every renderer call, shared by both transports (Electron IPC
 * and the harness WebSocket) so that the checks cannot differ between them:
 * known channel, trusted sender, valid input, then the handler, then a valid output.
 * It never throws: every outcome is an IpcResult the renderer can show.
 */
export interface Router {
  dispatch(call: IncomingCall): Promise<IpcResult<unknown>>;
  /** Validates an event payload against the contract; returns the parsed payload or throws. */
  checkEvent(name: string, payload: unknown): unknown;
  readonly channelNames: readonly string[];
  readonly eventNames: readonly string[];
}

export interface RouterOptions<M extends ChannelMap> {
  handlers: HandlersFor<M>;
  trustedOrigins: readonly string[];
  logger: RouterLogger;
  contract?: M;
  events?: EventMap;
}

/** Builds the router; handlers are checked against the contract at construction. */
export function createRouter<M extends ChannelMap = typeof defaultContract>(
  opts: RouterOptions<M>,
): Router {
  const contract = (opts.contract ?? defaultContract) as ChannelMap;
  const events: EventMap = opts.events ?? defaultEvents;
  const handlers = opts.handlers as Record<string, (input: unknown, ctx: CallContext) => unknown>;
  const missing = Object.keys(contract).filter((name) => typeof handlers[name] !== 'function');
  const extra = Object.keys(handlers).filter((name) => !(name in contract));
  if (missing.length || extra.length) {
    throw new Error(
      `IPC handlers do not match the contract. Missing: [${missing.join(', ')}]; not in contract: [${extra.join(', ')}]`,
    );
  }

  const logTold = createToldLog(opts.logger);

  async function dispatch(call: IncomingCall): Promise<IpcResult<unknown>> {
    const def = Object.hasOwn(contract, call.channel) ? contract[call.channel] : undefined;
    if (!def) {
      opts.logger.warn('ipc: unknown channel refused', {
        channel: String(call.channel).slice(0, 80),
      });
      return fail({
        kind: 'unknown-channel',
        message: 'This action is not available.',
        action: 'report',
      });
    }
    if (!isTrustedSender(call.sender, opts.trustedOrigins)) {
      opts.logger.warn('ipc: untrusted sender refused', {
        channel: call.channel,
        url: call.sender?.url.slice(0, 120),
        topFrame: call.sender?.isTopFrame,
      });
      return fail({
        kind: 'untrusted-sender',
        message: 'Refused: the request did not come from Tickdesk.',
        action: 'none',
      });
    }
    const parsed = def.input.safeParse(call.input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.map(String).join('.') || undefined;
      const message = issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid input.';
      return fail({
        kind: 'invalid-input',
        message,
        action: 'fix-field',
        ...(field ? { field } : {}),
      });
    }
    // Every string of every input must be text: a control character or a lone surrogate in
    // any field is refused here, typed, before a handler (or a log line) sees it.
    const untext = unsafeTextIn(parsed.data);
    if (untext) {
      return fail({
        kind: 'invalid-input',
        message: `${untext.path ? `${untext.path}: ` : ''}${untext.reason}`,
        action: 'fix-field',
        ...(untext.path ? { field: untext.path } : {}),
      });
    }
    let output: unknown;
    try {
      output = await handlers[call.channel]!(parsed.data, call.ctx);
    } catch (err) {
      if (err instanceof AppError || isIpcPresentable(err)) {
        const told = err.toIpc();
        // What the trader was told, for support: a refusal the screen shows is a log line too.
        logTold(call.channel, told);
        return fail(told);
      }
      opts.logger.error('ipc: handler failed', {
        channel: call.channel,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        // The stack says where it failed; the logger redacts it like every other field.
        ...(err instanceof Error && err.stack ? { stack: err.stack } : {}),
      });
      return fail({
        kind: 'internal',
        message: 'Something went wrong inside Tickdesk. The details are in the log.',
        action: 'report',
      });
    }
    const checked = def.output.safeParse(output);
    if (!checked.success) {
      opts.logger.error('ipc: handler returned data outside the contract', {
        channel: call.channel,
        issue: checked.error.issues[0]?.message,
        path: checked.error.issues[0]?.path.join('.'),
      });
      return fail({
        kind: 'internal',
        message: 'Tickdesk produced an unexpected answer. The details are in the log.',
        action: 'report',
      });
    }
    return { ok: true, data: checked.data };
  }

  function checkEvent(name: string, payload: unknown): unknown {
    const def = Object.hasOwn(events, name) ? events[name] : undefined;
    if (!def) throw new Error(`Unknown event: ${name}`);
    return def.payload.parse(payload);
  }

  return {
    dispatch,
    checkEvent,
    channelNames: Object.keys(contract).sort(),
    eventNames: Object.keys(events).sort(),
  };
}

function fail(error: IpcError): IpcResult<never> {
  return { ok: false, error };
}
