import { z } from 'zod';
import { channel } from '../define';

/** What support staff ask a trader for; everything in it is redacted before it is written. */
export const diagnosticsChannels = {
  'diagnostics.exportBundle': channel({
    doc: 'Writes a redacted support bundle (logs, versions, settings without secrets) and says where.',
    input: z.void(),
    output: z.object({ path: z.string(), bytes: z.number() }),
  }),
  'diagnostics.report': channel({
    doc: 'Lets the renderer log its own failures into the main log (redacted like the rest).',
    input: z.object({
      level: z.enum(['info', 'warn', 'error']),
      message: z.string().max(2000),
      context: z.string().max(200).optional(),
    }),
    output: z.void(),
  }),
};
