import { ADDON_OPERATION_TYPES, type AddonStatsQuery } from '@pulsera/contracts';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { addons, staff } from '../../../core/db/schema';

const codesOf = (kind: (typeof ADDON_OPERATION_TYPES)[keyof typeof ADDON_OPERATION_TYPES]) =>
  sql.join(
    Object.entries(ADDON_OPERATION_TYPES)
      .filter(([, k]) => k === kind)
      .map(([code]) => sql`${code}`),
    sql`, `,
  );

export interface AddonCountRow {
  addon_id: number;
  staff_id: number | null;
  manuals: number;
  sales: number;
  validations: number;
  logs: number;
}

/** The filters as SQL on a feed table with event_id, addon_id, staff_id and device_time. */
function where(table: string, eventId: number, q: AddonStatsQuery): SQL {
  const t = sql.raw(table);
  const parts = [sql`${t}.event_id = ${eventId}`, sql`${t}.addon_id is not null`];
  if (q.idAddon) parts.push(sql`${t}.addon_id = ${q.idAddon}`);
  if (q.idStaff) parts.push(sql`${t}.staff_id = ${q.idStaff}`);
  if (q.dateStart) parts.push(sql`${t}.device_time >= ${q.dateStart}::timestamptz`);
  if (q.dateEnd) parts.push(sql`${t}.device_time < ${q.dateEnd}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/**
 * Add-on operations counted per add-on and staff member, in one statement over the partial add-on
 * indexes: the add-on codes of the top-ups (AM manual, AV validation, AS sale, D-SA taking a sale
 * back), and the sales naming an add-on (a devolution takes one back).
 */
export async function countAddonOperations(db: Executor, eventId: number, q: AddonStatsQuery) {
  const res = await db.execute(sql`
    select addon_id, staff_id, sum(manuals)::int as manuals, sum(sales)::int as sales,
      sum(validations)::int as validations, sum(logs)::int as logs
    from (
      select addon_id, staff_id,
        count(*) filter (where type in (${codesOf('manual')})) as manuals,
        count(*) filter (where type in (${codesOf('sale')}))
          - count(*) filter (where type in (${codesOf('saleRefund')})) as sales,
        count(*) filter (where type in (${codesOf('validation')})) as validations,
        count(*) as logs
      from top_ups
      where ${where('top_ups', eventId, q)}
      group by addon_id, staff_id
      union all
      select addon_id, staff_id, 0, count(*) filter (where not is_devolution)
          - count(*) filter (where is_devolution), 0, count(*)
      from sales
      where ${where('sales', eventId, q)}
      group by addon_id, staff_id
    ) counted
    group by addon_id, staff_id`);
  return rowsOf<AddonCountRow>(res).map((r) => ({
    ...r,
    addon_id: Number(r.addon_id),
    staff_id: r.staff_id === null ? null : Number(r.staff_id),
  }));
}

export const eventAddons = (db: Executor, eventId: number) =>
  db
    .select({ id: addons.id, name: addons.name, color: addons.color })
    .from(addons)
    .where(eq(addons.eventId, eventId))
    .orderBy(asc(addons.name), asc(addons.id));

export const eventStaff = (db: Executor, eventId: number) =>
  db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(eq(staff.eventId, eventId))
    .orderBy(asc(staff.name), asc(staff.id));
