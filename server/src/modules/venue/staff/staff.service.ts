import {
  checkStaffImportRows,
  type Staff,
  type StaffImportProblem,
  type StaffImportResult,
  type StaffImportRowInput,
  type StaffListResult,
  type StaffSave,
} from '@pulsera/contracts';
import { newStaffPin } from '@pulsera/contracts/terminals/staff-pin';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { isUniqueViolation } from '../../../core/lib/db-errors';
import { type AppError, fail, fieldError } from '../../../core/lib/errors';
import * as repo from './staff.repo';

/**
 * A stored id list as the API answers it: null stays "all"; ids of deleted locations or rooms drop
 * out (arrays carry no foreign keys).
 */
const liveIds = (ids: number[] | null, live?: Set<number>) =>
  ids === null ? null : live ? ids.filter((id) => live.has(id)) : ids;

const toDto = (r: repo.StaffRow, live?: { locations: Set<number>; rooms: Set<number> }): Staff => ({
  id: r.id,
  idEvent: r.eventId,
  user: r.user,
  name: r.name,
  rfid: r.rfid,
  hasPin: r.pinHash !== null,
  intern: r.intern === 0 ? 0 : 1,
  dateInactive: r.dateInactive?.toISOString() ?? null,
  trusts: r.trusts,
  idsLocation: liveIds(r.locationIds, live?.locations),
  availableRooms: liveIds(r.roomIds, live?.rooms),
  date_update: r.updatedAt.toISOString(),
});

/** GET /staff: the event's staff with the form's choices (its locations and rooms). */
export async function listStaff(ctx: AppContext, eventId: number): Promise<StaffListResult> {
  const [rows, locations, rooms] = await Promise.all([
    repo.listStaff(ctx.db, eventId),
    repo.locationOptions(ctx.db, eventId),
    repo.roomOptions(ctx.db, eventId),
  ]);
  const live = { locations: new Set(locations.map((l) => l.id)), rooms: new Set(rooms.map((r) => r.id)) };
  return { staff: rows.map((r) => toDto(r, live)), locations, rooms };
}

/** Chosen locations and rooms must be the event's own. */
async function checkVenue(db: Executor, eventId: number, input: StaffSave) {
  const locs = input.idsLocation;
  if (locs && (await repo.countEventLocations(db, eventId, locs)) !== locs.length)
    throw fieldError('staff.idsLocation', 'validation.unknownLocations');
  const rooms = input.availableRooms;
  if (rooms && (await repo.countEventRooms(db, eventId, rooms)) !== rooms.length)
    throw fieldError('staff.availableRooms', 'validation.unknownRooms');
}

/**
 * POST /staff {staff}: no id creates, an id updates that staff member of the event. The user is
 * unique within the event, case-insensitively (409 staffUserTaken). A save replaces the item: left-out
 * rfid and inactive date are cleared, left-out locations and rooms mean all; the PIN alone is kept
 * when left out (write-only: set by digits, cleared by '' or null), stored as a salted hash.
 */
export async function saveStaff(ctx: AppContext, eventId: number, input: StaffSave): Promise<Staff> {
  // Hashed before the transaction: 100,000 PBKDF2 rounds hold no row lock.
  const pin =
    input.pin === undefined
      ? {}
      : input.pin
        ? await newStaffPin(input.pin).then(({ hash, salt }) => ({ pinHash: hash, pinSalt: salt }))
        : { pinHash: null, pinSalt: null };
  const taken = () =>
    fail('staffUserTaken', {
      params: { user: input.user },
      fields: [{ path: 'staff.user', message: 'validation.staffUserTaken' }],
    });
  try {
    return await ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findStaff(tx, eventId, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      if (await repo.findUserClash(tx, eventId, input.user, existing?.id)) throw taken();
      await checkVenue(tx, eventId, input);
      const values = {
        user: input.user,
        name: input.name,
        rfid: input.rfid || null,
        intern: input.intern,
        dateInactive: input.dateInactive ? new Date(input.dateInactive) : null,
        trusts: input.trusts,
        locationIds: input.idsLocation ?? null,
        roomIds: input.availableRooms ?? null,
        ...pin,
      };
      const row = existing
        ? await repo.updateStaff(tx, eventId, existing.id, values)
        : await repo.insertStaff(tx, { ...values, eventId });
      return toDto(row);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
}

/**
 * DELETE /staff/{id}: only staff without operations. Reports name whoever did an operation, so a
 * staff member with any is refused (409 staffHasOperations with the count: set an inactive date).
 */
export const deleteStaff = (ctx: AppContext, eventId: number, id: number) =>
  ctx.db.transaction(async (tx) => {
    if (!(await repo.lockStaff(tx, eventId, id))) throw fail('notFound');
    const count = await repo.countOperations(tx, eventId, id);
    if (count > 0) throw fail('staffHasOperations', { params: { count }, answerParams: true });
    await repo.deleteStaff(tx, eventId, id);
    return true;
  });

/** How many values a message lists before an ellipsis. */
const LISTED = 10;
const listed = (values: string[]) =>
  values.length > LISTED ? `${values.slice(0, LISTED).join(', ')}, …` : values.join(', ');

function problemError(p: StaffImportProblem): AppError {
  switch (p.kind) {
    case 'missing':
      return fail('staffImportMissing', { params: { column: p.column, row: p.row } });
    case 'duplicated':
      return fail('staffDuplicated', {
        params: { column: p.column, count: p.count, values: listed(p.values) },
      });
    case 'invalid':
      if (p.reason === 'trusts') return fail('staffImportTrusts', { params: { row: p.row } });
      if (p.reason === 'intern') return fail('staffImportIntern', { params: { row: p.row } });
      return fail('staffImportTooLong', { params: { row: p.row, column: p.column, max: p.max } });
  }
}

/**
 * POST /massive-import/staffs {staff:[rows]}: all rows or none. The server applies every row rule
 * again (02-catalogue §5), refuses the whole file when a user already exists in the event (it never
 * updates existing staff: 409 staffImportUsersExist names them), then inserts in batches inside one
 * transaction. Imported staff get the defaults: all locations, all rooms, no rfid, active.
 */
export async function importStaff(
  ctx: AppContext,
  eventId: number,
  raws: StaffImportRowInput[],
): Promise<StaffImportResult> {
  const checked = checkStaffImportRows(raws);
  if (!checked.ok) throw problemError(checked.problem);
  const rows = checked.rows;
  const clashes = async (db: Executor) => {
    const existing = new Set((await repo.eventUsers(db, eventId)).map((u) => u.toLowerCase()));
    return rows.filter((r) => existing.has(r.user.toLowerCase())).map((r) => r.user);
  };
  // Each clash names its row (`staff.<index>.user`), so the preview shows it there.
  const refuse = (users: string[]) => {
    const taken = new Set(users);
    const fields = rows.flatMap((r, i) =>
      taken.has(r.user) ? [{ path: `staff.${i}.user`, message: 'validation.staffUserExists' }] : [],
    );
    return fail('staffImportUsersExist', { params: { count: users.length, users: listed(users) }, fields });
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      const taken = await clashes(tx);
      if (taken.length > 0) throw refuse(taken);
      await repo.insertMany(
        tx,
        rows.map((r) => ({ eventId, user: r.user, name: r.name, trusts: r.trusts, intern: r.intern })),
      );
      return { inserted: rows.length };
    });
  } catch (e) {
    // Another writer added one of these users meanwhile: the same refusal, nothing written.
    if (isUniqueViolation(e)) throw refuse(await clashes(ctx.db));
    throw e;
  }
}
