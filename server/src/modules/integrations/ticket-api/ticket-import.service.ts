import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor, Tx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { ticketImportRuns, ticketImportSchedules } from '../../../core/db/schema';
import { JobAttemptError, type JobRun } from '../../../core/jobs/job-queue';
import { fail } from '../../../core/lib/errors';
import { ConnectorError } from './connectors/connector';
import { applyPositions } from './ticket-apply';
import { TICKET_IMPORT_RETRIES, ticketImportQueue, ticketImportReportQueue } from './ticket-import.jobs';
import { readMissingNames } from './ticket-products.service';
import {
  connectionOf,
  connectorOf,
  findSchedule,
  nextSlot,
  type RunRow,
  runOut,
  type ScheduleRow,
} from './ticket-schedules.service';

/**
 * Ticket API import runs: a schedule's runs, run now, the minute tick that starts the schedules due,
 * and one job of a run (pages read and applied, continued in a new job or finished with its report
 * queued). The job kinds are in ticket-import.task.ts; this file queues through ticket-import.jobs.ts.
 */

export async function listRuns(ctx: AppContext, eventId: number, id: number) {
  await findSchedule(ctx.db, eventId, id);
  const rows = await ctx.db
    .select()
    .from(ticketImportRuns)
    .where(eq(ticketImportRuns.scheduleId, id))
    .orderBy(desc(ticketImportRuns.id))
    .limit(20);
  return rows.map(runOut);
}

/** The queue's state of a job ('created', 'retry', 'active', 'completed', 'failed', …; null: gone). */
async function jobState(db: Executor, jobId: string | null) {
  if (!jobId) return null;
  const res = await db.execute(sql`
    select state::text as state from pgboss.job where id = ${jobId}::uuid
    union all select state::text from pgboss.archive where id = ${jobId}::uuid`);
  return rowsOf<{ state: string }>(res)[0]?.state ?? null;
}

/**
 * The schedule's run in progress, if its job still lives. A run whose job failed for good (or is
 * gone) is closed as failed here, and its report queued.
 */
async function liveRun(ctx: AppContext, tx: Executor, scheduleId: number) {
  const [running] = await tx
    .select()
    .from(ticketImportRuns)
    .where(and(eq(ticketImportRuns.scheduleId, scheduleId), eq(ticketImportRuns.status, 'running')))
    .orderBy(desc(ticketImportRuns.id))
    .limit(1);
  if (!running) return null;
  const state = await jobState(tx, running.jobId);
  if (state && ['created', 'retry', 'active'].includes(state)) return running;
  await tx
    .update(ticketImportRuns)
    .set({ status: 'failed', finishedAt: new Date(), error: running.error ?? `job ${state ?? 'lost'}` })
    .where(eq(ticketImportRuns.id, running.id));
  await ctx.jobs.enqueue(
    ticketImportReportQueue,
    { runId: running.id },
    {
      eventId: running.eventId,
      tx: tx as Tx,
    },
  );
  return null;
}

/** Starts a run of the schedule: its first job is queued in `tx` (null: a run is in progress). */
export async function startRun(
  ctx: AppContext,
  tx: Executor,
  s: ScheduleRow,
  trigger: 'schedule' | 'manual',
) {
  if (await liveRun(ctx, tx, s.id)) return null;
  const [run] = await tx
    .insert(ticketImportRuns)
    .values({ eventId: s.eventId, scheduleId: s.id, trigger, since: s.cursor })
    .returning();
  const jobId = await ctx.jobs.enqueue(
    ticketImportQueue,
    { runId: run!.id },
    {
      eventId: s.eventId,
      tx: tx as Tx,
    },
  );
  await tx.update(ticketImportRuns).set({ jobId }).where(eq(ticketImportRuns.id, run!.id));
  return { runId: run!.id, jobId };
}

/** POST …/run: run now (refused while a run is in progress). */
export async function runNow(ctx: AppContext, eventId: number, id: number) {
  const s = await findSchedule(ctx.db, eventId, id, true);
  const started = await startRun(ctx, ctx.db, s, 'manual');
  if (!started) throw fail('ticketImportRunning');
  return started;
}

/** The tick (every minute): starts the enabled schedules whose slot has come, once per slot. */
export async function startDueRuns(ctx: AppContext, tx: Tx, now: Date) {
  const due = await tx
    .select()
    .from(ticketImportSchedules)
    .where(
      sql`${ticketImportSchedules.enabled} = 1 and (${ticketImportSchedules.nextRunAt} is null or ${ticketImportSchedules.nextRunAt} <= ${now.toISOString()}::timestamptz)`,
    )
    .for('update', { skipLocked: true });
  let started = 0;
  for (const s of due) {
    if (await startRun(ctx, tx, s, 'schedule')) started++;
    await tx
      .update(ticketImportSchedules)
      .set({ nextRunAt: nextSlot(now, s.intervalMinutes) })
      .where(eq(ticketImportSchedules.id, s.id));
  }
  return { due: due.length, started };
}

/**
 * One job of a run: reads up to `pagesPerJob` pages from where the run stands, applying each page
 * before reading the next, and continues in a new job, or finishes the run (the schedule's cursor
 * moves to the platform's time at the run's first page, and the report is queued). A platform
 * failure on the job's first page fails the attempt (the queue retries with back-off); after pages
 * were applied, their progress is kept and the run continues in a new job a little later.
 */
export async function runImportJob(
  ctx: AppContext,
  tx: Tx,
  runId: number,
  job: Pick<JobRun, 'id' | 'attempt'> = { id: '', attempt: 0 },
) {
  const [run] = await tx.select().from(ticketImportRuns).where(eq(ticketImportRuns.id, runId)).for('update');
  if (run && run.status === 'failed' && job.id && run.jobId === job.id && (await isLatestRun(tx, run)))
    // "Retry" on the jobs screen: the run's own failed job is back, so the run is again.
    await tx
      .update(ticketImportRuns)
      .set({ status: 'running', finishedAt: null, reportSentAt: null })
      .where(eq(ticketImportRuns.id, run.id));
  else if (run?.status !== 'running') return { skipped: true };
  const [s] = await tx
    .select()
    .from(ticketImportSchedules)
    .where(eq(ticketImportSchedules.id, run.scheduleId))
    .for('update');
  if (!s) return { skipped: true };
  const conn = connectionOf(ctx, s);
  if (!conn) return finish(ctx, tx, run, s, 'failed', 'The API token can no longer be read; enter it again');
  const connector = connectorOf(s);
  const state = { ...run };
  // The products' names are read at most once a job, when a page names one not known yet.
  let namesRead = false;
  for (let n = 0; n < ctx.config.ticketImportPagesPerJob; n++) {
    const url = state.nextUrl ?? connector.firstPage(conn, state.since);
    let page: Awaited<ReturnType<typeof connector.page>>;
    try {
      page = await connector.page(conn, url);
    } catch (e) {
      if (!(e instanceof ConnectorError)) throw e;
      if (n === 0) throw attemptFailed(ctx, run!, s, job.attempt, e.message);
      await saveProgress(tx, state, e.message);
      const jobId = await ctx.jobs.enqueue(
        ticketImportQueue,
        { runId },
        {
          eventId: s.eventId,
          tx,
          startAfter: new Date(Date.now() + 30_000),
        },
      );
      await tx.update(ticketImportRuns).set({ jobId }).where(eq(ticketImportRuns.id, runId));
      return { pages: n, paused: e.message };
    }
    if (!namesRead) namesRead = await readMissingNames(ctx, tx, s, [...page.positions, ...s.mappings]);
    const applied = await applyPositions(tx, s, page.positions, { runId });
    if (state.pages === 0) state.pageGenerated = page.generatedAt ?? state.startedAt;
    state.pages++;
    state.created += applied.created;
    state.updated += applied.updated;
    state.cancelled += applied.cancelled;
    state.unchanged += applied.unchanged;
    state.skipped += applied.skipped;
    state.issues += applied.issues;
    state.nextUrl = page.next;
    if (!page.next) {
      await saveProgress(tx, state, null);
      return finish(ctx, tx, state, s, 'done', null);
    }
  }
  await saveProgress(tx, state, null);
  const jobId = await ctx.jobs.enqueue(ticketImportQueue, { runId }, { eventId: s.eventId, tx });
  await tx.update(ticketImportRuns).set({ jobId }).where(eq(ticketImportRuns.id, runId));
  return { pages: state.pages - run.pages, continued: true };
}

const isLatestRun = async (tx: Tx, run: RunRow) =>
  (
    await tx
      .select({ id: ticketImportRuns.id })
      .from(ticketImportRuns)
      .where(eq(ticketImportRuns.scheduleId, run.scheduleId))
      .orderBy(desc(ticketImportRuns.id))
      .limit(1)
  )[0]?.id === run.id;

/**
 * The platform failed the attempt's first page: the attempt rolls back, and what it learnt is kept
 * (issue 27 item 19). The run shows why it is retrying; the first failure tells the report address at
 * once; the last one closes the run as failed with that answer and queues its report (not 25 minutes
 * later at the next start).
 */
function attemptFailed(ctx: AppContext, run: RunRow, s: ScheduleRow, attempt: number, why: string) {
  const final = attempt >= TICKET_IMPORT_RETRIES;
  return new JobAttemptError(why, async (tx) => {
    await tx
      .update(ticketImportRuns)
      .set(
        final
          ? { status: 'failed', error: why, finishedAt: new Date(), nextUrl: null, reportSentAt: null }
          : { error: why },
      )
      .where(
        final
          ? eq(ticketImportRuns.id, run.id)
          : and(eq(ticketImportRuns.id, run.id), eq(ticketImportRuns.status, 'running')),
      );
    if (final || attempt === 0)
      await ctx.jobs.enqueue(
        ticketImportReportQueue,
        final ? { runId: run.id } : { runId: run.id, retrying: true },
        { eventId: s.eventId, tx },
      );
  });
}

const saveProgress = (tx: Tx, r: RunRow, error: string | null) =>
  tx
    .update(ticketImportRuns)
    .set({
      pageGenerated: r.pageGenerated,
      nextUrl: r.nextUrl,
      pages: r.pages,
      created: r.created,
      updated: r.updated,
      cancelled: r.cancelled,
      unchanged: r.unchanged,
      skipped: r.skipped,
      issues: r.issues,
      error,
    })
    .where(eq(ticketImportRuns.id, r.id));

async function finish(
  ctx: AppContext,
  tx: Tx,
  run: RunRow,
  s: ScheduleRow,
  status: 'done' | 'failed',
  error: string | null,
) {
  await tx
    .update(ticketImportRuns)
    .set({ status, error, finishedAt: new Date(), nextUrl: null })
    .where(eq(ticketImportRuns.id, run.id));
  if (status === 'done' && run.pageGenerated)
    await tx
      .update(ticketImportSchedules)
      .set({ cursor: run.pageGenerated })
      .where(eq(ticketImportSchedules.id, s.id));
  await ctx.jobs.enqueue(ticketImportReportQueue, { runId: run.id }, { eventId: s.eventId, tx });
  return { status, pages: run.pages, created: run.created, issues: run.issues };
}
