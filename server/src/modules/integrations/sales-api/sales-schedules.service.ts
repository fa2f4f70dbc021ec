import type { SalesLocationsSave, SalesPeriod, SalesScheduleSave } from '@pulsera/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { salesPushes, salesScheduleLocations, salesSchedules } from '../../../core/db/schema';
import { AppError, fail } from '../../../core/lib/errors';
import { addressProblem, policyOf } from '../outbound-address';
import { listStores, PlatformError } from './platform';
import type { ScheduleRow } from './sales-api.repo';
import * as repo from './sales-api.repo';
import { accessToken, box, CTX, connectionOf, keepTokens, refreshed } from './sales-tokens';

/**
 * Sales schedules (admin/api-sales): the list with each schedule's authorisation and push counts,
 * saving (the client secret sealed; the period locked once anything was queued) and deleting, and the
 * location mapping with the platform's stores.
 */

const notFound = () => fail('notFound');

/** The schedule of this event, or 404 (another event's schedule is not named). */
export async function ownSchedule(db: Executor, eventId: number, id: number, lock = false) {
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
        pushes: {
          sent: count('sent'),
          failed: count('failed'),
          pending: count('pending') + count('retrying'),
        },
        updatedAt: s.updatedAt.toISOString(),
      };
    }),
    locations: locs,
    redirectUri,
  };
}

/**
 * http and addresses inside the network are refused unless the deployment allows them (a local test
 * platform: INTEGRATIONS_ALLOW_HTTP, INTEGRATIONS_ALLOW_PRIVATE_ADDRESSES).
 */
function checkUrls(ctx: AppContext, input: SalesScheduleSave) {
  const policy = policyOf(ctx.config);
  const fields = (['authorizeUrl', 'tokenUrl', 'apiBaseUrl'] as const).flatMap((path) => {
    const problem = addressProblem(input[path], policy);
    if (!problem) return [];
    return [
      { path, message: problem === 'private' ? 'validation.privateAddress' : 'validation.platformUrl' },
    ];
  });
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
