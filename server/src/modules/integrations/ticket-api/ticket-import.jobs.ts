import { z } from 'zod';
import { defineJobAddress } from '../../../core/jobs/job-queue';

/** Where the Ticket API's work is queued (its kinds and handlers: ticket-import.task.ts). */
export const ticketImportQueue = defineJobAddress({
  name: 'ticket-import',
  body: z.object({ runId: z.number().int().positive() }).strict(),
});

/** Attempts of an import job after its first (the queue's back-off: 30 s, doubling). */
export const TICKET_IMPORT_RETRIES = 5;

/**
 * A run's report: when it finished (sent on a change or a failure), or at once when its first
 * attempt failed (`retrying`: the address hears that the platform refuses, and why, while the queue
 * retries).
 */
export const ticketImportReportQueue = defineJobAddress({
  name: 'ticket-import-report',
  body: z.object({ runId: z.number().int().positive(), retrying: z.boolean().optional() }).strict(),
});
