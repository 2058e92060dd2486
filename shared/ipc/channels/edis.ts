import { z } from 'zod';
import { EdisDetail, EdisInquiry } from '../../broker/models';
import { channel } from '../define';

const Isin = z.string().regex(/^IN[A-Z0-9]{9}[0-9]$/, 'Not a valid Indian ISIN.');

/**
 * eDIS: authorizing the sale of demat holdings. The TPIN and OTP are typed only into the
 * depository's own page in its own window; they never pass through these channels.
 */
/**
 * How an authorization ended, for the eDIS screen and the ticket's offer (one home: the
 * service, the channel and the screen once each spelt it out). `unconfirmed`: the depository
 * finished but the broker does not list the authorization (yet), so there is nothing to
 * inquire about.
 */
export const EdisAuthorizeResult = z.object({
  outcome: z.enum(['completed', 'cancelled', 'failed', 'unconfirmed']),
  transactionId: z.string().nullable(),
  inquiry: EdisInquiry.nullable(),
  message: z.string(),
});
export type EdisAuthorizeResult = z.infer<typeof EdisAuthorizeResult>;

export const edisChannels = {
  'edis.requestTpin': channel({
    doc: 'Asks the depository to send a TPIN to the trader by SMS and e-mail.',
    input: z.void(),
    output: z.object({ message: z.string() }),
  }),
  'edis.authorize': channel({
    doc: 'Authorizes the chosen holdings and quantities: opens the depository page, waits, then inquires.',
    input: z.object({
      items: z
        .array(z.object({ isin: Isin, qty: z.number().int().positive() }))
        .min(1)
        .max(50),
    }),
    output: EdisAuthorizeResult,
  }),
  'edis.inquiry': channel({
    doc: 'Asks how an earlier authorization ended.',
    input: z.object({ transactionId: z.string().min(1).max(100) }),
    output: EdisInquiry,
  }),
  'edis.details': channel({
    doc: 'The authorization history, for the eDIS screen.',
    input: z.void(),
    output: z.array(EdisDetail),
  }),
};
