import type {
  PresenceDetail,
  PresenceHoursIssue,
  PresenceListResult,
  PresenceSummary,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';
import * as repo from './presence.repo';

/** Worked time as "H:MM" (hours may pass 24), or why it cannot be told. */
export function hoursOf(
  a: Pick<repo.PresenceAggregate, 'nChecks' | 'workedSeconds' | 'openIns' | 'orphanOuts'>,
) {
  const issue: PresenceHoursIssue | null =
    a.nChecks === 0
      ? 'noChecks'
      : a.openIns > 0
        ? 'missingCheckOut'
        : a.orphanOuts > 0
          ? 'missingCheckIn'
          : null;
  if (issue) return issue;
  const minutes = Math.floor(a.workedSeconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

const toSummary = (a: repo.PresenceAggregate): PresenceSummary => ({
  idStaff: a.idStaff,
  staff: a.name ?? `#${a.idStaff}`,
  user: a.user,
  // A staff id the terminals recorded that is no longer staff of the event counts as external.
  isIntern: a.intern === 1,
  nChecks: a.nChecks,
  hours: hoursOf(a),
  lastType: a.lastType,
  lastDate: a.lastAt === null ? null : new Date(a.lastAt).toISOString(),
  idLastLocation: a.idLastLocation,
  lastLocation: a.idLastLocation === null ? null : (a.lastLocation ?? `#${a.idLastLocation}`),
});

/**
 * GET /controlPresence: every staff member's presence in the selected event (internal and external
 * alike), filtered by name or user (contains, any case), last location and at least one action; and
 * the last locations to filter by.
 */
export async function listPresence(
  ctx: AppContext,
  eventId: number,
  q: { name?: string; idLocation?: number; withActions?: boolean },
): Promise<PresenceListResult> {
  const all = (await repo.presenceSummaries(ctx.db, eventId)).map(toSummary);
  const byId = new Map<number, string>();
  for (const s of all) if (s.idLastLocation !== null) byId.set(s.idLastLocation, s.lastLocation!);
  const locations = [...byId]
    .map(([id, nombre]) => ({ id, nombre }))
    .sort((a, b) => a.nombre.localeCompare(b.nombre) || a.id - b.id);
  const text = q.name?.trim().toLowerCase();
  const staff = all.filter(
    (s) =>
      (!text || s.staff.toLowerCase().includes(text) || (s.user ?? '').toLowerCase().includes(text)) &&
      (q.idLocation === undefined || s.idLastLocation === q.idLocation) &&
      (!q.withActions || s.nChecks > 0),
  );
  return { staff, locations };
}

/** GET /controlPresence/{id}: one staff member's summary and records (404 when neither exists). */
export async function presenceDetail(
  ctx: AppContext,
  eventId: number,
  staffId: number,
): Promise<PresenceDetail> {
  const [summary] = await repo.presenceSummaries(ctx.db, eventId, staffId);
  if (!summary) throw fail('notFound');
  const records = await repo.presenceRecordsOf(ctx.db, eventId, staffId);
  return {
    summary: toSummary(summary),
    records: records.map((r) => ({
      id: r.id,
      type: r.type as 'in' | 'out',
      datePresence: r.datePresence.toISOString(),
      idController: r.idController,
      controller: r.idController === null ? null : (r.controller ?? `#${r.idController}`),
      idLocation: r.idLocation,
      location: r.idLocation === null ? null : (r.location ?? `#${r.idLocation}`),
      idDevice: r.idDevice,
      device: r.idDevice === null ? null : (r.device ?? `#${r.idDevice}`),
      date: r.createdAt.toISOString(),
      date_update: r.updatedAt.toISOString(),
    })),
  };
}

/**
 * POST /controlPresence/delete {idControls}: all the records or none, in one transaction. A record
 * that does not exist in the selected event (another event's, or already deleted) refuses the whole
 * deletion. Answers how many were deleted.
 */
export const deletePresence = (ctx: AppContext, eventId: number, ids: number[]) =>
  ctx.db.transaction(async (tx) => {
    const deleted = await repo.deletePresenceRecords(tx, eventId, ids);
    if (deleted.length !== ids.length)
      throw fail('presenceRecordsNotFound', { params: { count: ids.length - deleted.length } });
    return deleted.length;
  });
