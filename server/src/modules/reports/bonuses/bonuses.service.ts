import {
  type AutomaticBonusesResult,
  MANUAL_BONUS_TYPES,
  type ManualBonusesResult,
  operationGroupOf,
  type ReportQuery,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { nameOf, staffNames } from '../report-names';
import * as repo from './bonuses.repo';

const byName = (a: string | null, b: string | null) =>
  a === null
    ? b === null
      ? 0
      : 1
    : b === null
      ? -1
      : a.localeCompare(b, undefined, { sensitivity: 'base' });

/** Automatic bonuses (GET /reports/mainRechargesBonus): by the code that gave them, and by staff. */
export async function automaticBonuses(
  ctx: AppContext,
  eventId: number,
  q: ReportQuery,
): Promise<AutomaticBonusesResult> {
  const [rows, staffRows, names] = await Promise.all([
    repo.automaticByType(ctx.db, eventId, q),
    repo.automaticByStaff(ctx.db, eventId, q),
    staffNames(ctx.db, eventId),
  ]);
  const totals = { count: 0, amount: 0, bonus: 0 };
  for (const r of rows) {
    totals.count += r.count;
    totals.amount += r.amount;
    totals.bonus += r.bonus;
  }
  return {
    rows: rows.map((r) => ({ ...r, group: operationGroupOf(r.type) })),
    byStaff: staffRows
      .map((r) => ({ ...r, staffName: nameOf(names, r.idStaff) }))
      .sort((a, b) => byName(a.staffName, b.staffName) || (a.idStaff ?? 0) - (b.idStaff ?? 0)),
    totals,
  };
}

/** Manual bonuses (the bonuses screen's manual tab): who gave them, under which supervisor. */
export async function manualBonuses(
  ctx: AppContext,
  eventId: number,
  q: ReportQuery,
): Promise<ManualBonusesResult> {
  const [rows, names] = await Promise.all([repo.manualRows(ctx.db, eventId, q), staffNames(ctx.db, eventId)]);
  const totals = { count: 0, amount: 0, bonus: 0, articles: 0 };
  for (const r of rows) {
    totals.count += r.count;
    totals.amount += r.amount;
    totals.bonus += r.bonus;
    totals.articles += r.articles;
  }
  const order = (t: string) => (MANUAL_BONUS_TYPES as readonly string[]).indexOf(t);
  return {
    rows: rows
      .map((r) => ({
        ...r,
        staffName: nameOf(names, r.idStaff),
        supervisorName: nameOf(names, r.idSupervisor),
      }))
      .sort(
        (a, b) =>
          byName(a.staffName, b.staffName) ||
          (a.idStaff ?? 0) - (b.idStaff ?? 0) ||
          byName(a.supervisorName, b.supervisorName) ||
          (a.idSupervisor ?? 0) - (b.idSupervisor ?? 0) ||
          order(a.type) - order(b.type),
      ),
    totals,
  };
}
