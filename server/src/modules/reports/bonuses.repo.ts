import { codesOfGroup, MANUAL_BONUS_TYPES, type ReportQuery } from '@pulsera/contracts';
import { and, asc, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { topUps } from '../../db/schema';
import { feedWhere } from './report-window';

/**
 * The bonuses report's queries. Automatic bonuses: the bonus part of the operations that give one
 * without anyone choosing it — top-ups (the event's bonus rules), ticket validations and role
 * recordings (the role's bonus) and add-ons (the add-on's bonus). The feed does not record which
 * bonus rule applied, so they are told apart by the operation code that gave them. Manual bonuses:
 * the codes M, M-E, M-WA and MC (01-console §3).
 */
export const AUTOMATIC_BONUS_TYPES = codesOfGroup('topUp', 'ticket', 'addon');

const total = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);
const n = () => sql<number>`count(*)::bigint`.mapWith(Number);
const where = (eventId: number, q: ReportQuery, ...more: SQL[]) =>
  and(
    feedWhere(
      {
        eventId: topUps.eventId,
        time: topUps.deviceTime,
        locationId: topUps.locationId,
        staffId: topUps.staffId,
        deviceId: topUps.deviceId,
      },
      eventId,
      q,
    ),
    ...more,
  );

const automatic = (eventId: number, q: ReportQuery) =>
  where(eventId, q, inArray(topUps.type, AUTOMATIC_BONUS_TYPES), ne(topUps.bonus, 0));

export function automaticByType(db: Executor, eventId: number, q: ReportQuery) {
  return db
    .select({
      type: topUps.type,
      paymentType: topUps.paymentType,
      count: n(),
      amount: total(sql`sum(${topUps.amount})`),
      bonus: total(sql`sum(${topUps.bonus})`),
    })
    .from(topUps)
    .where(automatic(eventId, q))
    .groupBy(topUps.type, topUps.paymentType)
    .orderBy(asc(topUps.type), asc(topUps.paymentType));
}

export function automaticByStaff(db: Executor, eventId: number, q: ReportQuery) {
  return db
    .select({
      idStaff: topUps.staffId,
      count: n(),
      amount: total(sql`sum(${topUps.amount})`),
      bonus: total(sql`sum(${topUps.bonus})`),
    })
    .from(topUps)
    .where(automatic(eventId, q))
    .groupBy(topUps.staffId);
}

/** Manual bonus operations by staff member, supervisor and code, with the articles given (M-WA). */
export function manualRows(db: Executor, eventId: number, q: ReportQuery) {
  const articles = sql`(select coalesce(sum((a->>'quantity')::int), 0) from jsonb_array_elements(${topUps.articles}) a)`;
  return db
    .select({
      idStaff: topUps.staffId,
      idSupervisor: topUps.supervisorId,
      type: topUps.type,
      count: n(),
      amount: total(sql`sum(${topUps.amount})`),
      bonus: total(sql`sum(${topUps.bonus})`),
      articles: total(sql`sum(${articles})`),
    })
    .from(topUps)
    .where(where(eventId, q, inArray(topUps.type, MANUAL_BONUS_TYPES)))
    .groupBy(topUps.staffId, topUps.supervisorId, topUps.type);
}
