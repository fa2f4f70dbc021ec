import { codesOfGroup, MANUAL_BONUS_TYPES, type ReportQuery } from '@pulsera/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { topUpsOf } from '../top-ups/topups.repo';

/**
 * The bonuses report's queries. Automatic bonuses: the bonus part of the operations that give one
 * without anyone choosing it — top-ups (the event's bonus rules), ticket validations and role
 * recordings (the role's bonus) and add-ons (the add-on's bonus). The feed does not record which
 * bonus rule applied, so they are told apart by the operation code that gave them. Manual bonuses:
 * the codes M, M-E, M-WA and MC (01-console §3).
 */
export const AUTOMATIC_BONUS_TYPES = codesOfGroup('topUp', 'ticket', 'addon');

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const list = (codes: readonly string[]) =>
  sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );

/**
 * The automatic bonus operations (codes that give one, gift balance changed) of the window, from the
 * top-ups' hourly rollup: `with_bonus` counts them and `with_bonus_amount` sums their cash amount (an
 * operation without bonus adds 0 to the bonus sum).
 */
function automaticSums(eventId: number, q: ReportQuery, key: SQL) {
  return sql`
    select ${key}, sum(x.with_bonus)::bigint as count, sum(x.with_bonus_amount)::bigint as amount,
      sum(x.bonus)::bigint as bonus
    from (${topUpsOf(eventId, q)}) x
    where x.type in (${list(AUTOMATIC_BONUS_TYPES)}) and x.with_bonus > 0`;
}

export async function automaticByType(db: Executor, eventId: number, q: ReportQuery) {
  const res = await db.execute(sql`
    ${automaticSums(eventId, q, sql`x.type, x.payment_type`)}
    group by x.type, x.payment_type
    order by x.type asc, x.payment_type asc`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    type: String(r.type),
    paymentType: (r.payment_type as string | null) ?? null,
    count: num(r.count),
    amount: num(r.amount),
    bonus: num(r.bonus),
  }));
}

export async function automaticByStaff(db: Executor, eventId: number, q: ReportQuery) {
  const res = await db.execute(sql`
    ${automaticSums(eventId, q, sql`x.staff_id`)}
    group by x.staff_id`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    idStaff: idOrNull(r.staff_id),
    count: num(r.count),
    amount: num(r.amount),
    bonus: num(r.bonus),
  }));
}

/** Manual bonus operations by staff member, supervisor and code, with the articles given (M-WA). */
export async function manualRows(db: Executor, eventId: number, q: ReportQuery) {
  const res = await db.execute(sql`
    select x.staff_id, x.supervisor_id, x.type, sum(x.operations)::bigint as count,
      sum(x.amount)::bigint as amount, sum(x.bonus)::bigint as bonus, sum(x.articles)::bigint as articles
    from (${topUpsOf(eventId, q)}) x
    where x.type in (${list(MANUAL_BONUS_TYPES)})
    group by x.staff_id, x.supervisor_id, x.type`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    idStaff: idOrNull(r.staff_id),
    idSupervisor: idOrNull(r.supervisor_id),
    type: String(r.type),
    count: num(r.count),
    amount: num(r.amount),
    bonus: num(r.bonus),
    articles: num(r.articles),
  }));
}
