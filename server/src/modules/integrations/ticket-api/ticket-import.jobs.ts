import { z } from 'zod';
import { defineJobAddress } from '../../../core/jobs/job-queue';

/** Where the Ticket API's work is queued (its kinds and handlers: ticket-import.task.ts). */
export const ticketImportQueue = defineJobAddress({
  name: 'ticket-import',
  body: z.object({ runId: z.number().int().positive() }).strict(),
});

export const ticketImportReportQueue = defineJobAddress({
  name: 'ticket-import-report',
  body: z.object({ runId: z.number().int().positive() }).strict(),
});
