import { createHash } from 'node:crypto';
import {
  SCHEDULE_EMAIL_LINK_HOURS,
  type TicketIssue,
  type TicketIssueKind,
  type TicketRun,
  type TicketSchedule,
  type TicketScheduleSave,
  TicketScheduleSave as TicketScheduleSaveSchema,
} from '@pulsera/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor, Tx } from '../../../core/db/client';
import {
  events,
  scheduleEmailTokens,
  ticketImportIssues,
  ticketImportRuns,
  ticketImportSchedules,
} from '../../../core/db/schema';
import { fail, fieldError } from '../../../core/lib/errors';
import { boundedPageWindow } from '../../../core/lib/paging';
import { SecretBox } from '../../../core/lib/secret-box';
import { randomToken } from '../../../core/lib/tokens';
import { CONNECTORS, type Platform } from './connectors';
import { ConnectorError, type ExternalPosition, type TicketConnection } from './connectors/connector';
import { verificationEmail } from './report-email';
import { applyPositions } from './ticket-apply';
import { ticketImportQueue, ticketImportReportQueue } from './ticket-import.jobs';

/** The purpose an API token is sealed for (secret-box additional data). */
const TOKEN_PURPOSE = 'ticket-import-token';
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type ScheduleRow = typeof ticketImportSchedules.$inferSelect;
type RunRow = typeof ticketImportRuns.$inferSelect;

export const runOut = (r: RunRow): TicketRun => ({
  id: r.id,
  trigger: r.trigger,
  status: r.status as TicketRun['status'],
  pages: r.pages,
  created: r.created,
  updated: r.updated,
  cancelled: r.cancelled,
  unchanged: r.unchanged,
  skipped: r.skipped,
  issues: r.issues,
  error: r.error,
  startedAt: r.startedAt.toISOString(),
  finishedAt: iso(r.finishedAt),
});

const scheduleOut = (s: ScheduleRow, lastRun: RunRow | null): TicketSchedule => ({
  id: s.id,
  name: s.name,
  platform: s.platform as TicketSchedule['platform'],
  baseUrl: s.baseUrl,
  organizer: s.organizer,
  platformEvent: s.platformEvent,
  hasToken: !!s.tokenCipher,
  mappings: s.mappings,
  intervalMinutes: s.intervalMinutes,
  enabled: s.enabled,
  reportEmail: s.reportEmail,
  reportEmailVerified: !!s.reportEmail && !!s.reportEmailVerifiedAt,
  cursor: iso(s.cursor),
  nextRunAt: iso(s.nextRunAt),
  lastRun: lastRun ? runOut(lastRun) : null,
  updatedAt: s.updatedAt.toISOString(),
});

async function findSchedule(db: Executor, eventId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(ticketImportSchedules)
    .where(and(eq(ticketImportSchedules.eventId, eventId), eq(ticketImportSchedules.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw fail('notFound');
  return row;
}

const lastRuns = async (db: Executor, scheduleIds: number[]) => {
  if (!scheduleIds.length) return new Map<number, RunRow>();
  const res = await db.execute(sql`
    select distinct on (schedule_id) id from ticket_import_runs
    where schedule_id in (select (json_array_elements_text(${JSON.stringify(scheduleIds)}::json))::int)
    order by schedule_id, id desc`);
  const ids = rowsOf<{ id: number }>(res).map((r) => Number(r.id));
  if (!ids.length) return new Map<number, RunRow>();
  const runs = await db
    .select()
    .from(ticketImportRuns)
    .where(
      sql`${ticketImportRuns.id} in (select (json_array_elements_text(${JSON.stringify(ids)}::json))::int)`,
    );
  return new Map(runs.map((r) => [r.scheduleId, r]));
};

export async function listSchedules(ctx: AppContext, eventId: number) {
  const rows = await ctx.db
    .select()
    .from(ticketImportSchedules)
    .where(eq(ticketImportSchedules.eventId, eventId))
    .orderBy(ticketImportSchedules.name);
  const runs = await lastRuns(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => scheduleOut(r, runs.get(r.id) ?? null));
}

export async function getSchedule(ctx: AppContext, eventId: number, id: number) {
  const row = await findSchedule(ctx.db, eventId, id);
  const runs = await lastRuns(ctx.db, [id]);
  return scheduleOut(row, runs.get(id) ?? null);
}

/** The next start of a slot of `minutes` after `now` (slots from the epoch, like the queue's). */
export const nextSlot = (now: Date, minutes: number) => {
  const ms = minutes * 60_000;
  return new Date(Math.floor(now.getTime() / ms) * ms + ms);
};

/** Rols named by the mapping must be the event's; resellers too. */
async function checkMappings(db: Executor, eventId: number, input: TicketScheduleSave) {
  const roleIds = new Set(
    rowsOf<{ id: number }>(await db.execute(sql`select id from rols where event_id = ${eventId}`)).map((r) =>
      Number(r.id),
    ),
  );
  const resellerIds = new Set(
    rowsOf<{ id: number }>(
      await db.execute(sql`select id from ticket_resellers where event_id = ${eventId}`),
    ).map((r) => Number(r.id)),
  );
  const seen = new Set<string>();
  input.mappings.forEach((m, i) => {
    if (!roleIds.has(m.roleId)) throw fieldError(`mappings.${i}.roleId`, 'validation.invalid');
    if (m.resellerId !== null && !resellerIds.has(m.resellerId))
      throw fieldError(`mappings.${i}.resellerId`, 'validation.invalid');
    const key = `${m.item}:${m.variation ?? ''}`;
    if (seen.has(key)) throw fieldError(`mappings.${i}.item`, 'validation.duplicate');
    seen.add(key);
  });
}

/**
 * Saves a schedule. The token is sealed (never answered); a new or changed report address is
 * unverified until its link is followed, and the link is e-mailed now (a failed e-mail keeps the save:
 * emailFailed with keepChanges, "send the link again" retries).
 */
export async function saveSchedule(
  ctx: AppContext,
  eventId: number,
  raw: TicketScheduleSave,
  origin: string,
) {
  const input = TicketScheduleSaveSchema.parse(raw);
  await checkMappings(ctx.db, eventId, input);
  const token = input.token?.trim() || null;
  const email = input.reportEmail?.trim() || null;
  const values = {
    name: input.name,
    platform: input.platform,
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
    organizer: input.organizer,
    platformEvent: input.platformEvent,
    mappings: input.mappings.map((m) => ({ ...m })),
    intervalMinutes: input.intervalMinutes,
    enabled: input.enabled,
    reportEmail: email,
    updatedAt: new Date(),
  };
  let saved: ScheduleRow;
  let emailChanged: boolean;
  if (input.id) {
    const before = await findSchedule(ctx.db, eventId, input.id, true);
    emailChanged = !!email && email.toLowerCase() !== (before.reportEmail ?? '').toLowerCase();
    const connectionChanged =
      before.baseUrl !== values.baseUrl ||
      before.organizer !== values.organizer ||
      before.platformEvent !== values.platformEvent ||
      before.platform !== values.platform;
    [saved] = (await ctx.db
      .update(ticketImportSchedules)
      .set({
        ...values,
        ...(token ? { tokenCipher: new SecretBox(ctx.config.secretsKey).seal(token, TOKEN_PURPOSE) } : {}),
        ...(emailChanged || !email ? { reportEmailVerifiedAt: null } : {}),
        // Another platform event: the next import reads it from the start.
        ...(connectionChanged ? { cursor: null } : {}),
        ...(before.intervalMinutes !== values.intervalMinutes || !before.nextRunAt
          ? { nextRunAt: nextSlot(new Date(), values.intervalMinutes) }
          : {}),
      })
      .where(eq(ticketImportSchedules.id, input.id))
      .returning()) as [ScheduleRow];
  } else {
    if (!token)
      throw fail('ticketTokenRequired', { fields: [{ path: 'token', message: 'validation.required' }] });
    emailChanged = !!email;
    [saved] = (await ctx.db
      .insert(ticketImportSchedules)
      .values({
        ...values,
        eventId,
        tokenCipher: new SecretBox(ctx.config.secretsKey).seal(token, TOKEN_PURPOSE),
        nextRunAt: nextSlot(new Date(), values.intervalMinutes),
      })
      .returning()) as [ScheduleRow];
  }
  if (emailChanged) await sendVerification(ctx, saved, origin);
  const runs = await lastRuns(ctx.db, [saved.id]);
  return { schedule: scheduleOut(saved, runs.get(saved.id) ?? null), verificationSent: emailChanged };
}

/** A new verification link for the schedule's report address (earlier links of it stop working). */
export async function sendVerification(ctx: AppContext, schedule: ScheduleRow, origin: string) {
  if (!schedule.reportEmail) throw fail('ticketNoReportEmail');
  const token = randomToken(32);
  await ctx.db.delete(scheduleEmailTokens).where(eq(scheduleEmailTokens.scheduleId, schedule.id));
  await ctx.db.insert(scheduleEmailTokens).values({
    eventId: schedule.eventId,
    scheduleId: schedule.id,
    email: schedule.reportEmail,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SCHEDULE_EMAIL_LINK_HOURS * 3600_000),
  });
  const [event] = await ctx.db
    .select({ name: events.name, language: events.language })
    .from(events)
    .where(eq(events.id, schedule.eventId));
  const link = `${origin}/auth/schedule?apiScheduleToken=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(
      verificationEmail(event?.language ?? 'en', {
        to: schedule.reportEmail,
        schedule: schedule.name,
        event: event?.name ?? '',
        link,
        hours: SCHEDULE_EMAIL_LINK_HOURS,
      }),
    );
  } catch (e) {
    ctx.mailer.log?.info({ err: String(e), to: schedule.reportEmail }, 'E-mail could not be sent');
    throw fail('emailFailed', { keepChanges: true });
  }
}

export async function resendVerification(ctx: AppContext, eventId: number, id: number, origin: string) {
  const schedule = await findSchedule(ctx.db, eventId, id);
  if (schedule.reportEmailVerifiedAt) return { sent: false };
  await sendVerification(ctx, schedule, origin);
  return { sent: true };
}

export async function deleteSchedule(ctx: AppContext, eventId: number, id: number) {
  await findSchedule(ctx.db, eventId, id, true);
  await ctx.db.delete(ticketImportSchedules).where(eq(ticketImportSchedules.id, id));
  return id;
}

/** The connection of a schedule, its token opened (null: sealed with another server secret). */
export function connectionOf(ctx: Pick<AppContext, 'config'>, s: ScheduleRow): TicketConnection | null {
  const token = new SecretBox(ctx.config.secretsKey).open(s.tokenCipher, TOKEN_PURPOSE);
  if (token === null) return null;
  return { baseUrl: s.baseUrl, organizer: s.organizer, event: s.platformEvent, token };
}

const connectorOf = (s: ScheduleRow) => CONNECTORS[s.platform as Platform] ?? CONNECTORS.pretix;

/** The platform's products (for the mapping), read live. */
export async function platformProducts(ctx: AppContext, eventId: number, id: number) {
  const s = await findSchedule(ctx.db, eventId, id);
  const conn = connectionOf(ctx, s);
  if (!conn) throw fail('ticketTokenUnreadable');
  try {
    return await connectorOf(s).products(conn);
  } catch (e) {
    if (e instanceof ConnectorError) throw fail('ticketApiError', { params: { reason: e.status ?? e.kind } });
    throw e;
  }
}

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

// ---------------------------------------------------------------------------------------------
// Runs

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
export async function runImportJob(ctx: AppContext, tx: Tx, runId: number) {
  const [run] = await tx.select().from(ticketImportRuns).where(eq(ticketImportRuns.id, runId)).for('update');
  if (run?.status !== 'running') return { skipped: true };
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
  for (let n = 0; n < ctx.config.ticketImportPagesPerJob; n++) {
    const url = state.nextUrl ?? connector.firstPage(conn, state.since);
    let page: Awaited<ReturnType<typeof connector.page>>;
    try {
      page = await connector.page(conn, url);
    } catch (e) {
      if (!(e instanceof ConnectorError) || n === 0) throw e;
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

// ---------------------------------------------------------------------------------------------
// Issues

const issueOut = (r: Record<string, unknown>): TicketIssue => {
  const position = (r.position ?? {}) as Partial<ExternalPosition>;
  return {
    id: Number(r.id),
    scheduleId: Number(r.schedule_id),
    schedule: String(r.schedule ?? ''),
    kind: r.kind as TicketIssueKind,
    code: String(r.code),
    orderCode: String(r.order_code),
    externalId: String(r.external_id),
    holder: position.holderName ?? position.holderEmail ?? null,
    detail: (r.detail ?? {}) as Record<string, unknown>,
    solved: r.solved_at !== null,
    solvedAt: r.solved_at ? new Date(r.solved_at as string).toISOString() : null,
    createdAt: new Date(r.created_at as string).toISOString(),
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
};

export async function listIssues(
  ctx: AppContext,
  eventId: number,
  q: { solved?: number; kind?: string; scheduleId?: number; page?: number; paginationLimit?: number },
) {
  const where = sql.join(
    [
      sql`i.event_id = ${eventId}`,
      ...(q.solved === 1 ? [sql`i.solved_at is not null`] : q.solved === 0 ? [sql`i.solved_at is null`] : []),
      ...(q.kind ? [sql`i.kind = ${q.kind}`] : []),
      ...(q.scheduleId ? [sql`i.schedule_id = ${q.scheduleId}`] : []),
    ],
    sql` and `,
  );
  const { limit, offset } = boundedPageWindow(q, 100);
  const [rows, total] = await Promise.all([
    ctx.db.execute(sql`
      select i.*, s.name as schedule from ticket_import_issues i
      join ticket_import_schedules s on s.id = i.schedule_id
      where ${where} order by i.solved_at is null desc, i.updated_at desc, i.id desc
      limit ${limit} offset ${offset}`),
    ctx.db.execute(sql`select count(*)::int as n from ticket_import_issues i where ${where}`),
  ]);
  return {
    issues: rowsOf<Record<string, unknown>>(rows).map(issueOut),
    total: Number(rowsOf<{ n: number }>(total)[0]!.n),
  };
}

async function issueRow(db: Executor, eventId: number, id: number) {
  const res = await db.execute(sql`
    select i.*, s.name as schedule from ticket_import_issues i
    join ticket_import_schedules s on s.id = i.schedule_id
    where i.event_id = ${eventId} and i.id = ${id} for update of i`);
  const row = rowsOf<Record<string, unknown>>(res)[0];
  if (!row) throw fail('notFound');
  return row;
}

/** Re-applies the issue's position as the import would now (the mapping or the tickets may have changed). */
export async function retryIssue(ctx: AppContext, eventId: number, id: number) {
  const row = await issueRow(ctx.db, eventId, id);
  if (row.solved_at !== null) throw fail('ticketIssueSolved');
  const s = await findSchedule(ctx.db, eventId, Number(row.schedule_id), true);
  await applyPositions(ctx.db, s, [row.position as ExternalPosition], { runId: null, force: true });
  const after = issueOut(await issueRow(ctx.db, eventId, id));
  return { solved: after.solved, issue: after };
}

export async function solveIssue(ctx: AppContext, eventId: number, id: number, userId: number | null) {
  const row = await issueRow(ctx.db, eventId, id);
  if (row.solved_at !== null) throw fail('ticketIssueSolved');
  await ctx.db
    .update(ticketImportIssues)
    .set({ solvedAt: new Date(), solvedBy: userId, updatedAt: new Date() })
    .where(eq(ticketImportIssues.id, id));
  return issueOut(await issueRow(ctx.db, eventId, id));
}
