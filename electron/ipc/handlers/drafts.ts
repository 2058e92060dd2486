import type { draftsChannels } from '../../../shared/ipc/channels/drafts';
import type { AppCore } from '../../core/app/app-core';
import type { HandlersFor } from '../handler-types';

/** The drafts.* channels: the ticket as typed, kept across a renderer crash. */
export function draftsHandlers(core: AppCore): HandlersFor<typeof draftsChannels> {
  return {
    'drafts.keepTicket': (ticket) => core.drafts.keepTicket(ticket),
    'drafts.pageClosed': () => core.drafts.pageClosed(),
    'drafts.ticket': () => core.drafts.ticketToRestore(),
  };
}
