import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { events, ticketImportRuns, ticketImportSchedules } from '../../../core/db/schema';
import { defineJobKind } from '../../../core/jobs/job-queue';
import { reportEmail } from './report-email';
import { TICKET_IMPORT_RETRIES, ticketImportQueue, ticketImportReportQueue } from './ticket-import.jobs';
import { runImportJob, startDueRuns } from './ticket-import.service';

/**
 * The Ticket API's jobs (docs/decisions.md "Ticket API"):
 * - `ticket-import-tick`, every minute (one job per minute slot whatever the number of processes):
 *   starts the schedules whose next slot has come, each once per its own slot (`next_run_at`, moved
 *   under the schedule's row lock in the same transaction);
 * - `ticket-import`: one part of a run (ticket-import.service `runImportJob`), retried with back-off;
 * - `ticket-import-report`: e-mails a finished run's report to the verified address (retried when
 *   the e-mail fails).
 */
export const ticketImportTickJob = defineJobKind({
  name: 'ticket-import-tick',
  body: z.object({}).strict(),
  retry: { limit: 1, delaySeconds: 10, backoff: false },
  expireSeconds: 5 * 60,
  schedule: () => ({ cron: '* * * * *', slotSeconds: 60 }),
  run: (ctx, tx, _body, job) => startDueRuns(ctx, tx, job.slotStart),
});

export const ticketImportJob = defineJobKind({
  ...ticketImportQueue,
  retry: { limit: TICKET_IMPORT_RETRIES, delaySeconds: 30, backoff: true },
  expireSeconds: 15 * 60,
  run: (ctx, tx, body, job) => runImportJob(ctx, tx, body.runId, job),
});

export const ticketImportReportJob = defineJobKind({
  ...ticketImportReportQueue,
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  run: async (ctx, tx, body) => {
    const [run] = await tx.select().from(ticketImportRuns).where(eq(ticketImportRuns.id, body.runId));
    if (!run || (!body.retrying && run.reportSentAt)) return { sent: false };
    // A run that finished changing nothing sends no report (issue 27 item 19): a change or a failure does.
    const changed = run.created + run.updated + run.cancelled + run.issues > 0;
    if (!body.retrying && run.status === 'done' && !changed)
      return { sent: false, reason: 'nothing changed' };
    // The retrying notice is for a run still failing; one that has recovered or closed says it itself.
    if (body.retrying && (run.status !== 'running' || !run.error))
      return { sent: false, reason: 'recovered' };
    const [s] = await tx
      .select()
      .from(ticketImportSchedules)
      .where(eq(ticketImportSchedules.id, run.scheduleId));
    if (!s?.reportEmail || !s.reportEmailVerifiedAt) return { sent: false, reason: 'no verified address' };
    const [event] = await tx
      .select({ name: events.name, language: events.language, timezone: events.timezone })
      .from(events)
      .where(eq(events.id, s.eventId));
    await ctx.mailer.send(
      reportEmail(event?.language ?? 'en', {
        to: s.reportEmail,
        schedule: s.name,
        event: event?.name ?? '',
        timeZone: event?.timezone ?? 'UTC',
        status: run.status,
        retrying: body.retrying === true,
        started: run.startedAt,
        created: run.created,
        updated: run.updated,
        cancelled: run.cancelled,
        unchanged: run.unchanged,
        skipped: run.skipped,
        issues: run.issues,
        error: run.error,
      }),
    );
    if (!body.retrying)
      await tx
        .update(ticketImportRuns)
        .set({ reportSentAt: new Date() })
        .where(eq(ticketImportRuns.id, run.id));
    return { sent: true, to: s.reportEmail, retrying: body.retrying === true };
  },
});
