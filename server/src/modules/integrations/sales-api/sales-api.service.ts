import { createHash, randomBytes } from 'node:crypto';
import type {
  SalesLocationsSave,
  SalesPeriod,
  SalesReloadRequest,
  SalesScheduleSave,
  SalesTokensRequest,
} from '@pulsera/contracts';
import { scheduleIdOfState } from '@pulsera/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor, Tx } from '../../../core/db/client';
import {
  salesAuthStates,
  salesPushes,
  salesScheduleLocations,
  salesSchedules,
} from '../../../core/db/schema';
import { JobAttemptError } from '../../../core/jobs/job-queue';
import { AppError, fail } from '../../../core/lib/errors';
import { SecretBox } from '../../../core/lib/secret-box';
import { idempotencyKey, type Period, periodOf } from './periods';
import {
  exchangeCode,
  listStores,
  type PlatformConnection,
  PlatformError,
  refreshTokens,
  sendSales,
  type TokenSet,
} from './platform';
import type { ScheduleRow } from './sales-api.repo';
import * as repo from './sales-api.repo';
import { salesPushQueue } from './sales-push.jobs';

/** How long an authorisation request (its state) may take. */
const STATE_MINUTES = 15;
/** An access token this close to its expiry is refreshed first. */
const REFRESH_MARGIN_MS = 60_000;
/** At most this many periods are queued per schedule at one tick (a long backlog drains over ticks). */
const PERIODS_PER_TICK = 48;

const CTX = {
  secret: 'sales_schedules.client_secret',
  access: 'sales_schedules.access_token',
  refresh: 'sales_schedules.refresh_token',
};

const box = (ctx: Pick<AppContext, 'config'>) => new SecretBox(ctx.config.secretsKey);
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

const notFound = () => fail('notFound');

/** The schedule of this event, or 404 (another event's schedule is not named). */
async function ownSchedule(db: Executor, eventId: number, id: number, lock = false) {
  const row = await repo.scheduleById(db, id, lock);
  if (!row || row.eventId !== eventId) throw notFound();
  return row;
}

const authStatus = (s: ScheduleRow): 'none' | 'authorized' | 'expired' =>
  !s.accessTokenEnc
    ? 'none'
    : s.tokenExpiresAt && s.tokenExpiresAt < new Date() && !s.refreshTokenEnc
      ? 'expired'
      : 'authorized';

export async function listSchedules(ctx: AppContext, eventId: number, redirectUri: string) {
  const rows = await repo.schedulesOf(ctx.db, eventId);
  const ids = rows.map((r) => r.s.id);
  const [maps, counts, locs] = await Promise.all([
    repo.mappingsOf(ctx.db, ids),
    repo.pushCounts(ctx.db, ids),
    repo.sellingLocations(ctx.db, eventId),
  ]);
  return {
    schedules: rows.map(({ s, authorizedByEmail }) => {
      const count = (status: string) =>
        counts.find((c) => c.scheduleId === s.id && c.status === status)?.n ?? 0;
      return {
        id: s.id,
        name: s.name,
        authorizeUrl: s.authorizeUrl,
        tokenUrl: s.tokenUrl,
        apiBaseUrl: s.apiBaseUrl,
        clientId: s.clientId,
        clientSecretSet: box(ctx).open(s.clientSecretEnc, CTX.secret) !== null,
        scope: s.scope,
        period: s.period as SalesPeriod,
        startAt: s.startAt?.toISOString() ?? null,
        enabled: s.enabled,
        authStatus: authStatus(s),
        authorizedAt: s.accessTokenEnc ? (s.authorizedAt?.toISOString() ?? null) : null,
        authorizedByEmail: s.accessTokenEnc ? (authorizedByEmail ?? null) : null,
        nextPeriodStart: s.nextPeriodStart?.toISOString() ?? null,
        locations: maps
          .filter((m) => m.scheduleId === s.id)
          .map((m) => ({ locationId: m.locationId, storeId: m.storeId, storeName: m.storeName })),
        pushes: { sent: count('sent'), failed: count('failed'), pending: count('pending') },
        updatedAt: s.updatedAt.toISOString(),
      };
    }),
    locations: locs,
    redirectUri,
  };
}

/** http is refused unless the deployment allows it (a local test platform). */
function checkUrls(ctx: AppContext, input: SalesScheduleSave) {
  if (ctx.config.integrationsAllowHttp) return;
  const fields = (['authorizeUrl', 'tokenUrl', 'apiBaseUrl'] as const)
    .filter((k) => !/^https:/i.test(input[k]))
    .map((path) => ({ path, message: 'validation.platformUrl' }));
  if (fields.length) throw new AppError('validation', { fields });
}

export async function saveSchedule(ctx: AppContext, eventId: number, input: SalesScheduleSave) {
  checkUrls(ctx, input);
  const secret = input.clientSecret?.trim() ? input.clientSecret.trim() : null;
  const values = {
    name: input.name,
    authorizeUrl: input.authorizeUrl,
    tokenUrl: input.tokenUrl,
    apiBaseUrl: input.apiBaseUrl.replace(/\/+$/, ''),
    clientId: input.clientId,
    scope: input.scope,
    period: input.period,
    startAt: input.startAt ? new Date(input.startAt) : null,
    enabled: input.enabled,
    updatedAt: new Date(),
  };
  if (!input.id) {
    if (!secret)
      throw new AppError('validation', {
        fields: [{ path: 'clientSecret', message: 'validation.clientSecretRequired' }],
      });
    const [row] = await ctx.db
      .insert(salesSchedules)
      .values({ ...values, eventId, clientSecretEnc: box(ctx).seal(secret, CTX.secret) })
      .returning({ id: salesSchedules.id });
    return { id: row!.id };
  }
  const current = await ownSchedule(ctx.db, eventId, input.id, true);
  if (input.updatedAt && Date.parse(input.updatedAt) !== current.updatedAt.getTime())
    throw fail('staleUpdate');
  if (!secret && box(ctx).open(current.clientSecretEnc, CTX.secret) === null)
    throw new AppError('validation', {
      fields: [{ path: 'clientSecret', message: 'validation.clientSecretRequired' }],
    });
  // The period and the first period shape every key sent: they stay once anything was queued.
  const [queued] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(salesPushes)
    .where(eq(salesPushes.scheduleId, current.id));
  if (
    (queued?.n ?? 0) > 0 &&
    (values.period !== current.period ||
      (values.startAt?.getTime() ?? null) !== (current.startAt?.getTime() ?? null))
  ) {
    const fields = [];
    if (values.period !== current.period)
      fields.push({ path: 'period', message: 'validation.salesPeriodLocked' });
    else fields.push({ path: 'startAt', message: 'validation.salesPeriodLocked' });
    throw new AppError('validation', { fields });
  }
  // Another platform or client: the authorisation given to the old one does not carry over.
  const connectionChanged =
    values.authorizeUrl !== current.authorizeUrl ||
    values.tokenUrl !== current.tokenUrl ||
    values.apiBaseUrl !== current.apiBaseUrl ||
    values.clientId !== current.clientId;
  await ctx.db
    .update(salesSchedules)
    .set({
      ...values,
      ...(secret ? { clientSecretEnc: box(ctx).seal(secret, CTX.secret) } : {}),
      ...(connectionChanged
        ? {
            accessTokenEnc: null,
            refreshTokenEnc: null,
            tokenExpiresAt: null,
            authorizedAt: null,
            authorizedBy: null,
          }
        : {}),
      ...(values.startAt?.getTime() !== current.startAt?.getTime() ? { nextPeriodStart: null } : {}),
    })
    .where(eq(salesSchedules.id, current.id));
  return { id: current.id };
}

export async function deleteSchedule(ctx: AppContext, eventId: number, id: number) {
  const row = await ownSchedule(ctx.db, eventId, id);
  await ctx.db.delete(salesSchedules).where(eq(salesSchedules.id, row.id));
  return true;
}

/**
 * Starts an authorisation (RFC 6749 §4.1.1): a state of 32 random bytes, stored hashed, bound to this
 * user and schedule, single use, valid 15 minutes; the answer is the platform's authorisation address.
 */
export async function startAuthorization(
  ctx: AppContext,
  eventId: number,
  userId: number,
  scheduleId: number,
  redirectUri: string,
) {
  const s = await ownSchedule(ctx.db, eventId, scheduleId);
  const state = `${s.id}.${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + STATE_MINUTES * 60_000);
  await ctx.db.insert(salesAuthStates).values({
    scheduleId: s.id,
    userId,
    stateHash: sha256(state),
    redirectUri,
    expiresAt,
  });
  const url = new URL(s.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', s.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (s.scope) url.searchParams.set('scope', s.scope);
  url.searchParams.set('state', state);
  return { url: url.toString(), expiresAt: expiresAt.toISOString() };
}

const connectionOf = (ctx: AppContext, s: ScheduleRow): PlatformConnection => {
  const clientSecret = box(ctx).open(s.clientSecretEnc, CTX.secret);
  if (clientSecret === null) throw fail('salesNotAuthorized');
  return { tokenUrl: s.tokenUrl, apiBaseUrl: s.apiBaseUrl, clientId: s.clientId, clientSecret };
};

const sealedTokens = (ctx: AppContext, t: TokenSet) => ({
  accessTokenEnc: box(ctx).seal(t.accessToken, CTX.access),
  refreshTokenEnc: t.refreshToken ? box(ctx).seal(t.refreshToken, CTX.refresh) : null,
  tokenExpiresAt: t.expiresAt,
});

/**
 * auth/enable-uber-auth → POST /api-server/sales-schedule/tokens {scheduleId, code, state}: the state
 * must be one this user started for this schedule, unused and unexpired; it is spent whatever
 * follows. The code is exchanged at the token URL (client authentication by HTTP Basic) and the
 * tokens stored encrypted. Any refusal is 'Error activating synchronization' (enablePosTokenError).
 */
export async function redeemTokens(
  ctx: AppContext,
  eventId: number,
  userId: number,
  input: SalesTokensRequest,
  log: (o: object, m: string) => void,
) {
  const refused = (why: string) => {
    log({ scheduleId: input.scheduleId, why }, 'sales API authorisation refused');
    // The spent state stays spent (the request's writes commit).
    return fail('enablePosTokenError', { keepChanges: true });
  };
  if (scheduleIdOfState(input.state) !== input.scheduleId) throw refused('state names another schedule');
  const [found] = await ctx.db
    .select()
    .from(salesAuthStates)
    .where(eq(salesAuthStates.stateHash, sha256(input.state)));
  if (!found || found.usedAt || found.expiresAt <= new Date())
    throw refused('unknown, used or expired state');
  // Someone else's state (or another schedule's) is refused and left to its owner.
  if (found.userId !== userId) throw refused('state of another user');
  if (found.scheduleId !== input.scheduleId) throw refused('state of another schedule');
  // Spent once: of two redemptions racing, one wins.
  const [spent] = await ctx.db
    .update(salesAuthStates)
    .set({ usedAt: new Date() })
    .where(and(eq(salesAuthStates.id, found.id), isNull(salesAuthStates.usedAt)))
    .returning();
  if (!spent) throw refused('state already used');
  const s = await repo.scheduleById(ctx.db, input.scheduleId, true);
  if (!s || s.eventId !== eventId) throw refused('schedule of another event');
  let tokens: TokenSet;
  try {
    tokens = await exchangeCode(connectionOf(ctx, s), input.code, spent.redirectUri);
  } catch (e) {
    throw refused(e instanceof Error ? e.message : 'token exchange failed');
  }
  await ctx.db
    .update(salesSchedules)
    .set({
      ...sealedTokens(ctx, tokens),
      authorizedAt: new Date(),
      authorizedBy: userId,
      updatedAt: new Date(),
    })
    .where(eq(salesSchedules.id, s.id));
  return { enabled: true, scheduleId: s.id, name: s.name };
}

/**
 * A valid access token of the schedule: refreshed first when it is (about to be) expired. `changed`
 * holds the new tokens to store (the caller stores them, whatever else happens).
 */
async function accessToken(ctx: AppContext, s: ScheduleRow) {
  const access = box(ctx).open(s.accessTokenEnc, CTX.access);
  if (!access) throw new PlatformError('not authorised: authorise the schedule with the platform', true);
  const due = s.tokenExpiresAt && s.tokenExpiresAt.getTime() - REFRESH_MARGIN_MS < Date.now();
  if (!due) return { token: access, changed: null as TokenSet | null };
  return refreshed(ctx, s);
}

async function refreshed(ctx: AppContext, s: ScheduleRow) {
  const refresh = box(ctx).open(s.refreshTokenEnc, CTX.refresh);
  if (!refresh) throw new PlatformError('the authorisation expired: authorise the schedule again', true);
  const set = await refreshTokens(connectionOf(ctx, s), refresh);
  return { token: set.accessToken, changed: set as TokenSet | null };
}

/** Stores refreshed tokens, or forgets a refused authorisation. */
async function keepTokens(ctx: AppContext, db: Executor, scheduleId: number, t: TokenSet | 'refused' | null) {
  if (!t) return;
  await db
    .update(salesSchedules)
    .set(
      t === 'refused'
        ? { accessTokenEnc: null, refreshTokenEnc: null, tokenExpiresAt: null }
        : sealedTokens(ctx, t),
    )
    .where(eq(salesSchedules.id, scheduleId));
}

/** GET /api-server/sales-schedule/stores?scheduleId: the platform's stores (for the locations screen). */
export async function stores(ctx: AppContext, eventId: number, scheduleId: number) {
  const s = await ownSchedule(ctx.db, eventId, scheduleId);
  if (!s.accessTokenEnc) throw fail('salesNotAuthorized');
  try {
    let { token, changed } = await accessToken(ctx, s);
    try {
      return await listStores(connectionOf(ctx, s), token);
    } catch (e) {
      if (!(e instanceof PlatformError && e.status === 401) || changed) throw e;
      ({ token, changed } = await refreshed(ctx, s));
      return await listStores(connectionOf(ctx, s), token);
    } finally {
      await keepTokens(ctx, ctx.db, s.id, changed);
    }
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    if (e.grantRefused && e.status !== 401) await keepTokens(ctx, ctx.db, s.id, 'refused');
    throw fail('salesPlatformError', { params: { reason: e.message } });
  }
}

/** POST /api-server/sales-schedule/locations: the schedule's locations and their stores, replaced. */
export async function saveLocations(ctx: AppContext, eventId: number, input: SalesLocationsSave) {
  const s = await ownSchedule(ctx.db, eventId, input.scheduleId, true);
  const selling = new Set((await repo.sellingLocations(ctx.db, eventId)).map((l) => l.id));
  const seen = new Set<number>();
  const fields: { path: string; message: string }[] = [];
  input.locations.forEach((l, i) => {
    if (!selling.has(l.locationId))
      fields.push({ path: `locations.${i}.locationId`, message: 'validation.invalid' });
    else if (seen.has(l.locationId))
      fields.push({ path: `locations.${i}.locationId`, message: 'validation.duplicateLocation' });
    seen.add(l.locationId);
  });
  if (fields.length) throw new AppError('validation', { fields });
  await ctx.db.delete(salesScheduleLocations).where(eq(salesScheduleLocations.scheduleId, s.id));
  if (input.locations.length)
    await ctx.db.insert(salesScheduleLocations).values(
      input.locations.map((l) => ({
        scheduleId: s.id,
        locationId: l.locationId,
        storeId: l.storeId.trim(),
        storeName: (l.storeName ?? '').trim(),
      })),
    );
  await ctx.db.update(salesSchedules).set({ updatedAt: new Date() }).where(eq(salesSchedules.id, s.id));
  return true;
}

export async function pushes(ctx: AppContext, eventId: number, scheduleId: number) {
  const s = await ownSchedule(ctx.db, eventId, scheduleId);
  return (await repo.pushesOf(ctx.db, s.id)).map(({ p, locationName }) => ({
    id: p.id,
    periodStart: p.periodStart.toISOString(),
    periodEnd: p.periodEnd.toISOString(),
    locationId: p.locationId,
    locationName,
    storeId: p.storeId,
    status: p.status as 'pending' | 'sent' | 'failed',
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
      set: { status: 'pending', updatedAt: new Date() },
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
export async function pushPeriod(ctx: AppContext, tx: Tx, body: PushBody) {
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
  const record = async (db: Executor) => {
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
          status: o.ok ? 'sent' : 'failed',
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
            status: o.ok ? 'sent' : 'failed',
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
      (db) => record(db),
    );
  // Sent, or not authorised (again): nothing a retry would change; the history says why.
  await record(tx);
  return {
    sent: outcomes.length - failed.length,
    failed: failed.length,
    ...(failed.length ? { error: failed[0]!.error } : {}),
  };
}
