import type { AddonStatsQuery, AddonStatsResult, AddonStatsRow, AddonStatsTable } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import * as repo from './addon-stats.repo';

const byName = (a: string | null, b: string | null) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : a.localeCompare(b);

/**
 * The add-on statistics (02-catalogue §2 Add-ons statistics, §7 Add-on report): one table per add-on
 * with its operations by staff member (manuals, sales, validations), for the filters given. Staff and
 * add-ons are named where their rows still exist (history keeps plain ids); rows are by name.
 */
export async function addonStats(
  ctx: AppContext,
  eventId: number,
  q: AddonStatsQuery,
): Promise<AddonStatsResult> {
  const [counted, addons, staff] = await Promise.all([
    repo.countAddonOperations(ctx.db, eventId, q),
    repo.eventAddons(ctx.db, eventId),
    repo.eventStaff(ctx.db, eventId),
  ]);
  const addonById = new Map(addons.map((a) => [a.id, a]));
  const staffName = new Map(staff.map((s) => [s.id, s.name]));
  const tables = new Map<number, AddonStatsTable>();
  let logs = 0;
  for (const r of counted) {
    logs += r.logs;
    let table = tables.get(r.addon_id);
    if (!table) {
      const a = addonById.get(r.addon_id);
      table = {
        id: r.addon_id,
        name: a?.name ?? null,
        color: a?.color ?? null,
        manuals: 0,
        sales: 0,
        validations: 0,
        staff: [],
      };
      tables.set(r.addon_id, table);
    }
    const row: AddonStatsRow = {
      staffId: r.staff_id,
      staffName: r.staff_id === null ? null : (staffName.get(r.staff_id) ?? null),
      manuals: r.manuals,
      sales: r.sales,
      validations: r.validations,
    };
    table.staff.push(row);
    table.manuals += row.manuals;
    table.sales += row.sales;
    table.validations += row.validations;
  }
  const reports = [...tables.values()].sort((a, b) => byName(a.name, b.name) || a.id - b.id);
  for (const t of reports)
    t.staff.sort(
      (a, b) =>
        byName(a.staffName, b.staffName) ||
        (a.staffId ?? Number.MAX_SAFE_INTEGER) - (b.staffId ?? Number.MAX_SAFE_INTEGER),
    );
  return {
    reports: { addons: reports },
    addonLogs: logs,
    filters: {
      addons: addons.map(({ id, name }) => ({ id, name })),
      staffs: staff,
    },
  };
}
