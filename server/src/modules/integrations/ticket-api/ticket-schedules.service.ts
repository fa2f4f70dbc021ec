import { createHash } from 'node:crypto';
import {
  SCHEDULE_EMAIL_LINK_HOURS,
  type TicketRun,
  type TicketSchedule,
  type TicketScheduleSave,
  TicketScheduleSave as TicketScheduleSaveSchema,
} from '@pulsera/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import {
  events,
  scheduleEmailTokens,
  ticketImportRuns,
  ticketImportSchedules,
} from '../../../core/db/schema';
import { fail, fieldError } from '../../../core/lib/errors';
import { SecretBox } from '../../../core/lib/secret-box';
import { randomToken } from '../../../core/lib/tokens';
import { addressProblem, policyOf } from '../outbound-address';
import { CONNECTORS, type Platform } from './connectors';
import type { TicketConnection } from './connectors/connector';
import { verificationEmail } from './report-email';

/**
 * Ticket API import schedules (admin/api-ticket): listing, saving (the API token sealed, the report
 * address verified by an e-mailed link) and deleting; the connection and connector of a schedule, and
 * the platform's products for the mapping.
 */

/** The purpose an API token is sealed for (secret-box additional data). */
export const TOKEN_PURPOSE = 'ticket-import-token';
const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type ScheduleRow = typeof ticketImportSchedules.$inferSelect;
export type RunRow = typeof ticketImportRuns.$inferSelect;

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
  retrying: r.status === 'running' && r.error !== null,
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
  products: s.products,
  intervalMinutes: s.intervalMinutes,
  enabled: s.enabled,
  reportEmail: s.reportEmail,
  reportEmailVerified: !!s.reportEmail && !!s.reportEmailVerifiedAt,
  cursor: iso(s.cursor),
  nextRunAt: iso(s.nextRunAt),
  lastRun: lastRun ? runOut(lastRun) : null,
  updatedAt: s.updatedAt.toISOString(),
});

export async function findSchedule(db: Executor, eventId: number, id: number, lock = false) {
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
  const problem = addressProblem(input.baseUrl, policyOf(ctx.config));
  if (problem)
    throw fieldError(
      'schedule.baseUrl',
      problem === 'private' ? 'validation.privateAddress' : 'validation.ticketBaseUrl',
    );
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
  return {
    baseUrl: s.baseUrl,
    organizer: s.organizer,
    event: s.platformEvent,
    token,
    policy: policyOf(ctx.config),
  };
}

/** The connector of a schedule's platform. */
export const connectorOf = (s: Pick<ScheduleRow, 'platform'>) =>
  CONNECTORS[s.platform as Platform] ?? CONNECTORS.pretix;
