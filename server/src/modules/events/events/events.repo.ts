import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db/client';
import { preparedOnce } from '../../../core/db/prepared-once';
import {
  applications,
  appParams,
  articles,
  currencies,
  eventParamExceptions,
  eventParams,
  events,
  eventTeams,
  languages,
  promoters,
  provinces,
  teams,
} from '../../../core/db/schema';
import { effectivePermissions, eventsWithAccess } from '../../../core/lib/event-access.repo';

export type EventRow = typeof events.$inferSelect;

export interface EventFilter {
  /** null: every event. */
  state: 'past' | 'active' | 'pending' | 'closed' | null;
  name?: string;
  /** Non-admins only see events where they hold permissions. */
  visibleToUser?: number;
}

/** The values of a filter's conditions: real values, or placeholders of a prepared list. */
interface FilterValues {
  now: Date | Placeholder;
  name?: string | Placeholder;
  user?: number | Placeholder;
}

const namePattern = (name: string) => `%${name.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** A filter's own values, for a statement built each time (the prepared list takes placeholders). */
const valuesOf = (f: EventFilter, now: Date): FilterValues => ({
  now,
  name: f.name ? namePattern(f.name) : undefined,
  user: f.visibleToUser,
});

function where(f: EventFilter, v: FilterValues): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.state) parts.push(eq(events.isClosed, f.state === 'closed' ? 1 : 0));
  if (f.state === 'active') parts.push(lte(events.dateStart, v.now), gte(events.dateEnd, v.now));
  if (f.state === 'past') parts.push(lt(events.dateEnd, v.now));
  if (f.state === 'pending') parts.push(gt(events.dateStart, v.now));
  if (f.name && v.name !== undefined) parts.push(sql`lower(${events.name}) like ${v.name}`);
  if (f.visibleToUser !== undefined && v.user !== undefined) {
    parts.push(inArray(events.id, eventsWithAccess(v.user)));
  }
  return and(...parts);
}

/** The columns an event's list item shows (statusOf, topUpSiteAddress and the item's own). */
const LIST_COLUMNS = {
  id: events.id,
  name: events.name,
  dateStart: events.dateStart,
  dateEnd: events.dateEnd,
  timezone: events.timezone,
  isClosed: events.isClosed,
  subdomain: events.subdomain,
  slug: events.slug,
};
export type EventListRow = Pick<EventRow, keyof typeof LIST_COLUMNS>;

/**
 * The list's statement for one shape of filter (state, name or not, visibility or not, paged or not),
 * prepared once: the values travel as placeholders.
 */
function listStatement(db: Executor, f: EventFilter, paged: boolean) {
  const shape = `${f.state ?? 'all'}_${f.name ? 'n' : ''}${f.visibleToUser !== undefined ? 'u' : ''}${paged ? 'p' : ''}`;
  return preparedOnce(db, `events_list_${shape}`, (name) => {
    const p = sql.placeholder;
    const order =
      f.state === 'pending'
        ? [asc(events.dateStart), asc(events.id)]
        : [desc(events.dateStart), desc(events.id)];
    const q = db
      .select({ ...LIST_COLUMNS, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(events)
      .where(where(f, { now: p('now'), name: p('name'), user: p('user') }))
      .orderBy(...order)
      .offset(p('offset'));
    return (paged ? q.limit(p('limit')) : q).prepare(name);
  });
}

/**
 * One page of events and the count of every event the filter keeps, in one statement (the count rides
 * on each row as a window count); only a page past the end, which has no row to carry it, counts apart.
 */
export async function listEvents(
  db: Executor,
  f: EventFilter,
  page: { offset: number; limit: number | null },
): Promise<{ rows: EventListRow[]; total: number }> {
  const now = new Date();
  const found = await listStatement(db, f, page.limit !== null).execute({
    now: now.toISOString(),
    name: f.name ? namePattern(f.name) : null,
    user: f.visibleToUser ?? null,
    offset: page.offset,
    limit: page.limit,
  });
  if (found.length) return { rows: found, total: found[0]!.total };
  if (page.offset === 0) return { rows: [], total: 0 };
  const cond = where(f, valuesOf(f, now));
  const [{ total }] = await db.select({ total: count() }).from(events).where(cond);
  return { rows: [], total: Number(total) };
}

export const searchEvents = (db: Executor, f: EventFilter, limit: number) =>
  db
    .select({ id: events.id, nombre: events.name, isClosed: events.isClosed })
    .from(events)
    .where(where(f, valuesOf(f, new Date())))
    .orderBy(desc(events.dateStart))
    .limit(limit);

export const findEventById = async (db: Executor, id: number) =>
  (await db.select().from(events).where(eq(events.id, id)).limit(1))[0];

/**
 * The language of a new event: `preferred` when it is configured, else the first configured one by
 * name; held (FOR KEY SHARE) until the transaction ends, so a concurrent delete of it waits and then
 * finds the event. Undefined while no language is configured.
 */
export const holdDefaultLanguage = async (db: Executor, preferred: string) =>
  (
    await db
      .select({ iso: languages.iso })
      .from(languages)
      .orderBy(sql`${languages.iso} = ${preferred} desc`, asc(languages.name), asc(languages.id))
      .limit(1)
      .for('key share')
  )[0];

export async function insertEvent(db: Executor, values: typeof events.$inferInsert) {
  const [row] = await db.insert(events).values(values).returning();
  return row!;
}

export const closeEvent = (db: Executor, id: number) =>
  db
    .update(events)
    .set({ isClosed: 1, isActive: 0, updatedAt: new Date() })
    .where(eq(events.id, id))
    .returning();

export async function eventRelations(db: Executor, row: EventRow) {
  const fin = alias(currencies, 'fin');
  const [relations] = await db
    .select({
      promoterName: promoters.name,
      provinceId: provinces.id,
      provinceName: provinces.name,
      provinceCountry: provinces.country,
    })
    .from(events)
    .leftJoin(promoters, eq(promoters.id, events.promoterId))
    .leftJoin(provinces, eq(provinces.id, events.provinceId))
    .where(eq(events.id, row.id));
  const ids = [row.currencyId, row.localCurrencyId].filter((x): x is number => x !== null);
  const currencyRows = ids.length ? await db.select().from(fin).where(inArray(fin.id, ids)) : [];
  const teamRows = await db
    .select({ teamId: eventTeams.teamId, name: teams.name })
    .from(eventTeams)
    .innerJoin(teams, eq(teams.id, eventTeams.teamId))
    .where(eq(eventTeams.eventId, row.id))
    .orderBy(asc(teams.name));
  return {
    promoterName: relations?.promoterName ?? null,
    province:
      relations?.provinceId && relations.provinceName
        ? { id: relations.provinceId, name: relations.provinceName, country: relations.provinceCountry ?? '' }
        : null,
    financial: currencyRows.find((c) => c.id === row.currencyId) ?? null,
    local: currencyRows.find((c) => c.id === row.localCurrencyId) ?? null,
    teamIds: teamRows.map((t) => t.teamId),
    teams: teamRows.map((t) => ({ id: t.teamId, name: t.name })),
  };
}

export const eventArticles = (db: Executor, eventId: number) =>
  db
    .select({ id: articles.id, nombre: articles.name })
    .from(articles)
    .where(eq(articles.eventId, eventId))
    .orderBy(asc(articles.name));

export async function eventParamsWithExceptions(db: Executor, eventId: number) {
  const params = await db
    .select({
      id: appParams.id,
      nameUnique: appParams.nameUnique,
      name: appParams.name,
      description: appParams.description,
      module: appParams.module,
      defaultValue: appParams.defaultValue,
      idApp: appParams.idApp,
      appName: applications.name,
      value: eventParams.value,
    })
    .from(appParams)
    .leftJoin(eventParams, and(eq(eventParams.paramId, appParams.id), eq(eventParams.eventId, eventId)))
    .leftJoin(applications, eq(applications.id, appParams.idApp))
    .orderBy(asc(appParams.nameUnique));
  const exceptions = await db
    .select()
    .from(eventParamExceptions)
    .where(eq(eventParamExceptions.eventId, eventId))
    .orderBy(asc(eventParamExceptions.id));
  return params.map((p) => ({
    ...p,
    exceptions: exceptions
      .filter((e) => e.paramId === p.id)
      .map((e) => ({ idDevice: e.idDevice, idLocation: e.idLocation, value: e.value })),
  }));
}

/**
 * The parameter the event form's payment-method letters are saved in (01-console §3, §4), made when
 * missing (a database started without the demo): idempotent, safe from several processes at once.
 */
export async function ensureAppParam(
  db: Executor,
  param: { nameUnique: string; name: string; description: string; defaultValue: string },
) {
  const [found] = await db
    .select({ id: appParams.id })
    .from(appParams)
    .where(eq(appParams.nameUnique, param.nameUnique))
    .limit(1);
  if (found) return;
  await db.insert(appParams).values(param).onConflictDoNothing({ target: appParams.nameUnique });
}

/** Direct codes and those of the permission roles granted in the event (console-users' event access). */
export const userPermissions = (db: Executor, userId: number, eventId: number) =>
  effectivePermissions(db, userId, eventId);

export const findCurrencyByIso = async (db: Executor, iso: string) =>
  (
    await db
      .select()
      .from(currencies)
      .where(and(eq(currencies.iso, iso), sql`${currencies.eventId} is null`))
      .limit(1)
  )[0];
