import {
  ALL_PERMISSION_CODES,
  DEFAULT_LANGUAGE,
  DEFAULT_TIMEZONE,
  EVENT_DEFAULTS,
  type Event,
  type EventListItem,
  eventListState,
  eventStatus,
  eventTypesIn,
  isAdminUser,
  type Language,
  TYPEAHEAD_LIMIT,
} from '@pulsera/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { fail } from '../../../core/lib/errors';
import { pageWindow } from '../../../core/lib/paging';
import { topUpSiteAddress } from '../../../core/lib/site-address';
import { randomToken } from '../../../core/lib/tokens';
import type { Principal } from '../../../core/plugins/guard';
import * as repo from './events.repo';

dayjs.extend(utc);
dayjs.extend(timezone);

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const flag = (n: number) => (n === 1 ? 1 : 0) as 0 | 1;

/** The status of 01-console §3 by the one rule of contracts (`eventStatus`), at this moment. */
export const statusOf = (row: Pick<repo.EventRow, 'isClosed' | 'dateStart' | 'dateEnd'>): Event['status'] =>
  eventStatus(row);

const currencyModel = (c: { id: number; iso: string; symbol: string; fraction: number } | null) =>
  c ? { id: c.id, iso: c.iso, symbol: c.symbol, fraction: c.fraction } : null;

export const ALLOWED_PAYMENT_METHODS = 'ALLOWED_PAYMENT_METHODS';

/**
 * The event parameter of the payment-method letters always exists: the demo makes it with the
 * terminals' application; a database started without the demo gets it the first time an event's
 * parameters are read (no application, default C T L), so the event form can always save the letters.
 */
export const ensurePaymentMethodsParam = (db: Executor) =>
  repo.ensureAppParam(db, {
    nameUnique: ALLOWED_PAYMENT_METHODS,
    name: 'Allowed payment methods',
    description:
      'Payment method letters a terminal offers: C cash, T external TPV, L cashless, P pin pad, I integrated TPV',
    defaultValue: EVENT_DEFAULTS.paymentMethods,
  });

/** The Event of 01-console §3, as the console reads it. */
export async function toEvent(db: Executor, row: repo.EventRow): Promise<Event> {
  const rel = await repo.eventRelations(db, row);
  const params = await repo.eventParamsWithExceptions(db, row.id);
  const pm = params.find((p) => p.nameUnique === ALLOWED_PAYMENT_METHODS);
  return {
    id: row.id,
    token: row.token,
    nombre: row.name,
    f_inicio: row.dateStart.toISOString(),
    f_fin: row.dateEnd.toISOString(),
    f_inicio_operaciones: iso(row.operationsStart),
    f_fin_operaciones: iso(row.operationsEnd),
    idioma: row.language,
    moneda: row.currencyId,
    id_promotor: row.promoterId,
    promoterName: rel.promoterName,
    porcentaje_Fiscal: row.fiscalPercent,
    IVA: row.vat,
    Nombre_fiscal: row.fiscalName,
    NIF: row.nif,
    businessTypeId: row.businessTypeId as Event['businessTypeId'],
    zona_horaria: row.timezone,
    offset: row.offsetHours,
    localCurrency: row.localCurrencyId,
    localCurrencyRate: row.localCurrencyRate,
    feeReusableTag: row.feeReusableTag,
    refundBalanceWhenReusableTag: flag(row.refundBalanceWhenReusableTag),
    subdomain: row.subdomain,
    trusts: row.trusts,
    isActive: flag(row.isActive),
    isClosed: flag(row.isClosed),
    website: row.website,
    slug: row.slug,
    financialCurrencyModel: currencyModel(rel.financial),
    localCurrencyModel: currencyModel(rel.local),
    messageOriginator: row.messageOriginator,
    eventVat: row.eventVat,
    cashLabel: row.cashLabel,
    externalAnalytics: flag(row.externalAnalytics),
    externalAnalyticsId: row.externalAnalyticsId,
    teamId: row.teamId,
    teamIds: rel.teamIds,
    teams: rel.teams,
    servicesOnlineDateStart: iso(row.servicesOnlineDateStart),
    servicesOnlineDateEnd: iso(row.servicesOnlineDateEnd),
    pictureSponsor:
      row.pictureSponsorId && row.pictureSponsorUrl
        ? { id: row.pictureSponsorId, url: row.pictureSponsorUrl }
        : null,
    pictureReceiptLogo:
      row.pictureReceiptLogoId && row.pictureReceiptLogoUrl
        ? { id: row.pictureReceiptLogoId, url: row.pictureReceiptLogoUrl }
        : null,
    province: rel.province,
    enabledApiBebeRapid: flag(row.enabledApiBebeRapid),
    queueSyncLoggables: flag(row.queueSyncLoggables),
    paymentMethods: pm?.value ?? pm?.defaultValue ?? '',
    tagCounters: row.tagCounters,
    featureToggle: { capacityLog: flag(row.capacityLog) },
    status: statusOf(row),
    update_time: row.updatedAt.toISOString(),
  };
}

/** The saved slug / subdomain of the online services (online-services module) on the top-up site. */
const onlineServicesUrl = (ctx: AppContext, row: Pick<repo.EventRow, 'slug' | 'subdomain'>) =>
  topUpSiteAddress(ctx.config.topUpSiteUrl, row);

function toListItem(ctx: AppContext, row: repo.EventListRow): EventListItem {
  return {
    id: row.id,
    nombre: row.name,
    f_inicio: row.dateStart.toISOString(),
    f_fin: row.dateEnd.toISOString(),
    zona_horaria: row.timezone,
    status: statusOf(row),
    subdomain: row.subdomain,
    slug: row.slug,
    isClosed: flag(row.isClosed),
    onlineServicesUrl: onlineServicesUrl(ctx, row),
  };
}

/** GET /events/{status}: past, active, pending, closed or all; none or any other value: active. */
export async function listEvents(
  ctx: AppContext,
  user: Principal,
  status: string | undefined,
  q: { page: number; paginationLimit: number; eventName?: string; disablePagination?: boolean },
) {
  const listed = eventListState(status);
  const state = listed === 'all' ? null : listed;
  const filter = {
    state,
    name: q.eventName || undefined,
    visibleToUser: isAdminUser(user) ? undefined : user.id,
  } as const;
  const page = pageWindow(q, q.paginationLimit);
  const { rows, total } = await repo.listEvents(ctx.db, filter, page);
  return { events: rows.map((r) => toListItem(ctx, r)), total };
}

export const searchEvents = (ctx: AppContext, user: Principal, search: string) =>
  repo.searchEvents(
    ctx.db,
    { state: null, name: search, visibleToUser: isAdminUser(user) ? undefined : user.id },
    TYPEAHEAD_LIMIT,
  );

/**
 * The dates of a new event: tomorrow at local midnight in the event's time zone, for three festival
 * days (the last ends at 23:59:59 local), so the form shows 00:00 – 23:59 whatever the zone's offset.
 */
export function newEventDates(now: Date, timezone: string) {
  const first = dayjs(now).tz(timezone).startOf('day').add(1, 'day');
  const start = dayjs.tz(first.format('YYYY-MM-DD 00:00:00'), timezone);
  const end = dayjs.tz(first.add(2, 'day').format('YYYY-MM-DD 23:59:59'), timezone);
  return { start: start.toDate(), end: end.toDate() };
}

/** GET /event/types (01-console §7): the event types with their names in the caller's language. */
export const eventTypes = (lang: Language) => eventTypesIn(lang);

/**
 * POST /event from the chooser: a new event with only a name; the rest takes the defaults. Its
 * language is en when configured, else the first configured language (en while there is none).
 */
export async function createEvent(ctx: AppContext, name: string) {
  const { start, end } = newEventDates(new Date(), DEFAULT_TIMEZONE);
  return ctx.db.transaction(async (tx) => {
    const eur = await repo.findCurrencyByIso(tx, 'EUR');
    const language = await repo.holdDefaultLanguage(tx, DEFAULT_LANGUAGE);
    const row = await repo.insertEvent(tx, {
      token: randomToken(),
      name,
      dateStart: start,
      dateEnd: end,
      currencyId: eur?.id ?? null,
      localCurrencyId: eur?.id ?? null,
      localCurrencyRate: 1,
      language: language?.iso ?? DEFAULT_LANGUAGE,
    });
    return row.id;
  });
}

/** Can this user see this event at all? Admins see every event; others need permissions in it. */
async function visibleEvent(ctx: AppContext, user: Principal, id: number) {
  const row = await repo.findEventById(ctx.db, id);
  if (!row) throw fail('notFound');
  if (isAdminUser(user)) return { row, permissions: [...ALL_PERMISSION_CODES] as number[] };
  const permissions = await repo.userPermissions(ctx.db, user.id, id);
  if (permissions.length === 0) throw fail('forbidden');
  return { row, permissions };
}

/** POST /closeEvent: marks the event closed and inactive. Closing twice answers the same. */
export async function closeEvent(ctx: AppContext, id: number) {
  const row = await repo.findEventById(ctx.db, id);
  if (!row) throw fail('notFound');
  if (row.isClosed !== 1) await repo.closeEvent(ctx.db, id);
  return true;
}

export async function findEvent(ctx: AppContext, user: Principal, id: number) {
  const { row } = await visibleEvent(ctx, user, id);
  await ensurePaymentMethodsParam(ctx.db);
  return {
    event: await toEvent(ctx.db, row),
    articles: await repo.eventArticles(ctx.db, id),
    params: await repo.eventParamsWithExceptions(ctx.db, id),
  };
}

export async function currentEvent(ctx: AppContext, id: number) {
  const row = await repo.findEventById(ctx.db, id);
  if (!row) throw fail('notFound');
  await ensurePaymentMethodsParam(ctx.db);
  return toEvent(ctx.db, row);
}

/** GET /event/trusts/{id}: the trust token for the selected event (01-console §4, §6). */
export async function eventTrusts(ctx: AppContext, user: Principal, id: number) {
  const { permissions } = await visibleEvent(ctx, user, id);
  const token = await ctx.tokens.trusts(user.id, id, permissions);
  return { token, permissions };
}
