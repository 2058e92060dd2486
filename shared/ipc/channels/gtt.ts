import { z } from 'zod';
import { Gtt, GttAction, GttDraft, GttView } from '../../broker/gtt';
import { channel, event } from '../define';

/** A GTT's id as the renderer sends it back. */
const GttId = Gtt.shape.id.max(40);

/** GTT orders held by the broker (v3 accounts): the GTT book, create, modify, cancel. */
export const gttChannels = {
  'gtt.view': channel({
    doc: 'The GTT book as last read, the GTT actions and their outcomes, and whether this account has GTT.',
    input: z.void(),
    output: GttView,
  }),
  'gtt.refresh': channel({
    doc: 'Reads the GTT book from the broker now (the GTT screen opening).',
    input: z.void(),
    output: GttView,
  }),
  'gtt.create': channel({
    doc: 'Creates a single or OCO GTT after every leg’s pre-checks; `confirmed` sends past the guards and wrong-side triggers it asked about.',
    input: z.object({ draft: GttDraft, confirmed: z.boolean().default(false) }),
    output: GttAction,
  }),
  'gtt.modify': channel({
    doc: 'Changes a pending GTT’s legs (same checks as a create).',
    input: z.object({ id: GttId, draft: GttDraft, confirmed: z.boolean().default(false) }),
    output: GttAction,
  }),
  'gtt.cancel': channel({
    doc: 'Cancels a pending GTT.',
    input: z.object({ id: GttId }),
    output: GttAction,
  }),
};

/** The GTT screen redraws from these. */
export const gttEvents = {
  'gtt.changed': event({
    doc: 'The GTT book was read or a GTT action moved on (sent, confirmed, failed).',
    payload: GttView,
  }),
};
