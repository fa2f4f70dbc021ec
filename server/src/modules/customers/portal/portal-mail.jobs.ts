import { LANGUAGES } from '@pulsera/contracts';
import { z } from 'zod';
import { defineJobAddress } from '../../../core/jobs/job-queue';

/**
 * Where the portal's e-mails are queued (the kind: portal-mail.task.ts), inside the transaction of
 * what they tell: a card top-up's receipt with its credit (which happens once, however many webhooks
 * arrive), a refund request's acknowledgement with the refund, a lost wristband's notice after its
 * ban. Queued only for an attendee with an e-mail address; the job reads what it tells at send time.
 * `id`: the online top-up, the refund or the wristband; `operationId`: the credited top-up (its receipt).
 */
export const portalMailQueue = defineJobAddress({
  name: 'portal-mail',
  body: z
    .object({
      kind: z.enum(['topUpReceipt', 'refundRequested', 'wristbandBlocked']),
      eventId: z.number().int(),
      id: z.number().int(),
      operationId: z.string().uuid().optional(),
      lang: z.enum(LANGUAGES),
      to: z.string().max(320),
    })
    .strict(),
});
export type PortalMail = z.infer<typeof portalMailQueue.body>;
