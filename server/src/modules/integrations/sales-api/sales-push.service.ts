import type { SALES_PUSH_STATUSES, SalesPeriod, SalesReloadRequest } from '@pulsera/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor, Tx } from '../../../core/db/client';
import { salesPushes, salesSchedules } from '../../../core/db/schema';
import { JobAttemptError } from '../../../core/jobs/job-queue';
import { fail } from '../../../core/lib/errors';
import { idempotencyKey, type Period, periodOf } from './periods';
import { PlatformError, sendSales, type TokenSet } from './platform';
import type { ScheduleRow } from './sales-api.repo';
import * as repo from './sales-api.repo';
import { salesPushQueue } from './sales-push.jobs';
import { ownSchedule } from './sales-schedules.service';
import { accessToken, connectionOf, keepTokens, refreshed } from './sales-tokens';

/**
 * Sales pushes: each ended period's sales per mapped location sent to the platform with a stable
 * idempotency key — queued by the tick or a reload, pushed by the job `sales-push` (sales-push.task.ts),
 * and their history.
 */

/** At most this many periods are queued per schedule at one tick (a long backlog drains over ticks). */
const PERIODS_PER_TICK = 48;

export async function pushes(ctx: AppContext, eventId: number, scheduleId: number) {
  const s = await ownSchedule(ctx.db, eventId, scheduleId);
  return (await repo.pushesOf(ctx.db, s.id)).map(({ p, locationName }) => ({
    id: p.id,
    periodStart: p.periodStart.toISOString(),
    periodEnd: p.periodEnd.toISOString(),
    locationId: p.locationId,
    locationName,
    storeId: p.storeId,
    // Not sent yet but with an error: an attempt failed and the queue tries again.
    status: (p.status === 'pending' && p.lastError
      ? 'retrying'
      : p.status) as (typeof SALES_PUSH_STATUSES)[number],
    attempts: p.attempts,
    amount: p.amount,
    orders: p.orders,
    devolutions: p.devolutions,
    idempotencyKey: p.idempotencyKey,
    remoteId: p.remoteId,
    lastError: p.lastError,
    sentAt: p.sentAt?.toISOString() ?? null,
    updatedAt: p.updatedAt.toISOString(),
  }));
}

/** Marks the period's rows pending (creating them) and queues its push; inside the caller's transaction. */
async function queuePeriod(
  ctx: AppContext,
  db: Executor,
  s: ScheduleRow,
  period: Period,
  opts: { locationId?: number; resend: boolean },
) {
  const maps = (await repo.mappingsOf(db, [s.id])).filter(
    (m) => !opts.locationId || m.locationId === opts.locationId,
  );
  if (!maps.length) return null;
  await db
    .insert(salesPushes)
    .values(
      maps.map((m) => ({
        scheduleId: s.id,
        eventId: s.eventId,
        locationId: m.locationId,
        storeId: m.storeId,
        periodStart: period.start,
        periodEnd: period.end,
        idempotencyKey: idempotencyKey(s.id, period.start, m.locationId),
      })),
    )
    .onConflictDoUpdate({
      target: [salesPushes.scheduleId, salesPushes.periodStart, salesPushes.locationId],
      set: { status: 'pending', lastError: null, updatedAt: new Date() },
      ...(opts.resend ? {} : { setWhere: sql`${salesPushes.status} <> 'sent'` }),
    });
  return ctx.jobs.enqueue(
    salesPushQueue,
    {
      scheduleId: s.id,
      periodStart: period.start.toISOString(),
      ...(opts.locationId ? { locationId: opts.locationId } : {}),
      resend: opts.resend,
    },
    {
      tx: db as Tx,
      eventId: s.eventId,
      hourRange: period,
      tourId: `sales-push:${s.id}:${period.start.toISOString()}`,
    },
  );
}

/**
 * POST /api-server/sales-schedule/reload {scheduleId, periodStart?, locationId?}: sends a period
 * again with the same keys (the platform keeps one report per key: corrected figures replace, the
 * same figures change nothing). Without a period: the last one that has ended.
 */
export async function reload(ctx: AppContext, eventId: number, input: SalesReloadRequest) {
  const s = await ownSchedule(ctx.db, eventId, input.scheduleId);
  if (!s.accessTokenEnc) throw fail('salesNotAuthorized');
  const facts = await repo.eventFacts(ctx.db, eventId);
  const tz = facts?.timezone ?? 'UTC';
  const kind = s.period as SalesPeriod;
  const now = new Date();
  const period = input.periodStart
    ? periodOf(kind, tz, new Date(input.periodStart))
    : periodOf(kind, tz, new Date(periodOf(kind, tz, now).start.getTime() - 1));
  if (period.end > now) throw fail('salesPeriodNotEnded');
  const maps = await repo.mappingsOf(ctx.db, [s.id]);
  if (!maps.length || (input.locationId && !maps.some((m) => m.locationId === input.locationId)))
    throw fail('salesNoLocations');
  const jobId = await queuePeriod(ctx, ctx.db, s, period, { locationId: input.locationId, resend: true });
  return { periodStart: period.start.toISOString(), periodEnd: period.end.toISOString(), jobId };
}

/**
 * The scheduled tick: for every enabled, authorised schedule, queues each period that has ended
 * since its cursor (from its start, or the event's), at most PERIODS_PER_TICK at a time, and moves
 * the cursor — in the tick's transaction, the schedules locked, so a period is queued once.
 */
export async function queueEndedPeriods(ctx: AppContext, tx: Tx, now = new Date()) {
  const due = await tx
    .select()
    .from(salesSchedules)
    .where(and(eq(salesSchedules.enabled, true), sql`${salesSchedules.accessTokenEnc} is not null`))
    .for('update', { skipLocked: true });
  let queued = 0;
  for (const s of due) {
    const facts = await repo.eventFacts(tx, s.eventId);
    // Nothing mapped yet: the cursor waits, so the first mapping still gets every ended period.
    if (!facts || !(await repo.mappingsOf(tx, [s.id])).length) continue;
    const kind = s.period as SalesPeriod;
    const tz = facts.timezone;
    const eventStart = new Date(
      Math.min(facts.dateStart.getTime(), facts.operationsStart?.getTime() ?? Number.POSITIVE_INFINITY),
    );
    const eventEnd = new Date(Math.max(facts.dateEnd.getTime(), facts.operationsEnd?.getTime() ?? 0));
    let cursor = s.nextPeriodStart ?? periodOf(kind, tz, s.startAt ?? eventStart).start;
    let n = 0;
    while (n < PERIODS_PER_TICK && cursor < eventEnd) {
      const period = periodOf(kind, tz, cursor);
      if (period.end > now) break;
      await queuePeriod(ctx, tx, s, period, { resend: false });
      cursor = period.end;
      n++;
    }
    if (n) {
      await tx.update(salesSchedules).set({ nextPeriodStart: cursor }).where(eq(salesSchedules.id, s.id));
      queued += n;
    }
  }
  return { schedules: due.length, periods: queued };
}

export interface PushBody {
  scheduleId: number;
  periodStart: string;
  locationId?: number;
  resend: boolean;
}

interface Outcome {
  locationId: number;
  storeId: string;
  amount: number;
  orders: number;
  devolutions: number;
  ok: boolean;
  remoteId: string | null;
  error: string | null;
}

/**
 * One push of a period (the job `sales-push`): the period's sales per mapped location, from the
 * reports' tables, each POSTed with its stable idempotency key. Locations already sent are skipped
 * unless the push is a reload. What each call answered, and refreshed tokens, are stored even when
 * the attempt fails (JobAttemptError): the history shows every attempt; a failed location makes the
 * attempt fail, and the queue retries it with back-off.
 */
export async function pushPeriod(ctx: AppContext, tx: Tx, body: PushBody, attempt = 0, retries = 0) {
  const s = await repo.scheduleById(tx, body.scheduleId);
  if (!s) return { skipped: 'the schedule was deleted' };
  const facts = await repo.eventFacts(tx, s.eventId);
  const period = periodOf(s.period as SalesPeriod, facts?.timezone ?? 'UTC', new Date(body.periodStart));
  const maps = (await repo.mappingsOf(tx, [s.id])).filter(
    (m) => !body.locationId || m.locationId === body.locationId,
  );
  const existing = await tx
    .select()
    .from(salesPushes)
    .where(and(eq(salesPushes.scheduleId, s.id), eq(salesPushes.periodStart, period.start)));
  const unsent = maps.filter(
    (m) => body.resend || existing.find((e) => e.locationId === m.locationId)?.status !== 'sent',
  );
  if (!unsent.length) return { sent: 0, failed: 0 };
  const figures = await repo.salesByLocation(
    tx,
    s.eventId,
    period.start,
    period.end,
    unsent.map((m) => m.locationId),
  );
  const outcomes: Outcome[] = [];
  let tokens: TokenSet | 'refused' | null = null;
  let token: string | null = null;
  let authError: string | null = null;
  try {
    const got = await accessToken(ctx, s);
    token = got.token;
    tokens = got.changed;
  } catch (e) {
    authError = e instanceof Error ? e.message : String(e);
    if (e instanceof PlatformError && e.grantRefused && s.accessTokenEnc) tokens = 'refused';
  }
  for (const m of unsent) {
    const f = figures.get(m.locationId) ?? { amount: 0, orders: 0, devolutions: 0 };
    const base = { locationId: m.locationId, storeId: m.storeId, ...f };
    if (!token) {
      outcomes.push({ ...base, ok: false, remoteId: null, error: authError });
      continue;
    }
    const report = {
      storeId: m.storeId,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      currency: facts?.currency ?? 'EUR',
      amount: f.amount,
      orders: f.orders,
      devolutions: f.devolutions,
      reference: idempotencyKey(s.id, period.start, m.locationId),
    };
    try {
      let res: { remoteId: string | null };
      try {
        res = await sendSales(connectionOf(ctx, s), token, report);
      } catch (e) {
        // A token refused before its announced expiry: refreshed once, then the same report again.
        if (!(e instanceof PlatformError && e.status === 401) || tokens) throw e;
        const again = await refreshed(ctx, s);
        token = again.token;
        tokens = again.changed;
        res = await sendSales(connectionOf(ctx, s), token, report);
      }
      outcomes.push({ ...base, ok: true, remoteId: res.remoteId, error: null });
    } catch (e) {
      if (e instanceof PlatformError && e.grantRefused && e.status !== 401) tokens = 'refused';
      outcomes.push({
        ...base,
        ok: false,
        remoteId: null,
        error: e instanceof Error ? e.message : String(e),
      });
    }
  }
  // A failure the queue will try again stays pending (with its error: the history says retrying), not
  // failed, which is for a push with no attempt left (issue 27 item 19).
  const failedAs = (willRetry: boolean) => (willRetry ? 'pending' : 'failed');
  const record = async (db: Executor, willRetry = false) => {
    await keepTokens(ctx, db, s.id, tokens);
    const now = new Date();
    for (const o of outcomes) {
      await db
        .insert(salesPushes)
        .values({
          scheduleId: s.id,
          eventId: s.eventId,
          locationId: o.locationId,
          storeId: o.storeId,
          periodStart: period.start,
          periodEnd: period.end,
          idempotencyKey: idempotencyKey(s.id, period.start, o.locationId),
          status: o.ok ? 'sent' : failedAs(willRetry),
          attempts: 1,
          amount: o.amount,
          orders: o.orders,
          devolutions: o.devolutions,
          remoteId: o.remoteId,
          lastError: o.error?.slice(0, 500) ?? null,
          sentAt: o.ok ? now : null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [salesPushes.scheduleId, salesPushes.periodStart, salesPushes.locationId],
          set: {
            storeId: o.storeId,
            status: o.ok ? 'sent' : failedAs(willRetry),
            attempts: sql`${salesPushes.attempts} + 1`,
            amount: o.amount,
            orders: o.orders,
            devolutions: o.devolutions,
            ...(o.ok
              ? { remoteId: o.remoteId, sentAt: now, lastError: null }
              : { lastError: o.error?.slice(0, 500) ?? null }),
            updatedAt: now,
          },
        });
    }
  };
  const failed = outcomes.filter((o) => !o.ok);
  if (failed.length && tokens !== 'refused' && token)
    throw new JobAttemptError(
      `${failed.length} of ${outcomes.length} locations not sent: ${failed[0]!.error}`,
      (db) => record(db, attempt < retries),
    );
  // Sent, or not authorised (again): nothing a retry would change; the history says why.
  await record(tx);
  return {
    sent: outcomes.length - failed.length,
    failed: failed.length,
    ...(failed.length ? { error: failed[0]!.error } : {}),
  };
}
