import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  accessRecords,
  locations,
  orderErrors,
  presenceRecords,
  roleRecordings,
  rooms,
  sales,
  staff,
  ticketValidations,
  topUps,
  wristbandChanges,
} from '../../../core/db/schema';

export type StaffRow = typeof staff.$inferSelect;

/** The event's staff, by name. */
export const listStaff = (db: Executor, eventId: number) =>
  db
    .select()
    .from(staff)
    .where(eq(staff.eventId, eventId))
    .orderBy(asc(sql`lower(${staff.name})`), asc(staff.id));

/** The staff member, locked until the transaction ends (a delete decides on its operations). */
export const lockStaff = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(staff)
      .where(and(eq(staff.eventId, eventId), eq(staff.id, id)))
      .for('update')
  )[0];

export const findStaff = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(staff)
      .where(and(eq(staff.eventId, eventId), eq(staff.id, id)))
      .limit(1)
  )[0];

/** Another staff member of the event with this user, case-insensitively. */
export const findUserClash = async (db: Executor, eventId: number, user: string, exceptId?: number) =>
  (
    await db
      .select({ id: staff.id })
      .from(staff)
      .where(
        and(
          eq(staff.eventId, eventId),
          eq(sql`lower(${staff.user})`, user.toLowerCase()),
          exceptId !== undefined ? ne(staff.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  )[0];

/** Every user of the event (for the import's clash check: one query, whatever the file's size). */
export const eventUsers = async (db: Executor, eventId: number) =>
  (await db.select({ user: staff.user }).from(staff).where(eq(staff.eventId, eventId))).map((r) => r.user);

export async function insertStaff(db: Executor, values: typeof staff.$inferInsert) {
  const [row] = await db.insert(staff).values(values).returning();
  return row!;
}

/** Rows per INSERT of an import: 1,000 rows × 7 values stay far below PostgreSQL's 65,535 parameters. */
export const IMPORT_BATCH = 1000;

export async function insertMany(db: Executor, values: (typeof staff.$inferInsert)[]) {
  for (let i = 0; i < values.length; i += IMPORT_BATCH)
    await db.insert(staff).values(values.slice(i, i + IMPORT_BATCH));
}

export async function updateStaff(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof staff.$inferInsert>,
) {
  const [row] = await db
    .update(staff)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(staff.eventId, eventId), eq(staff.id, id)))
    .returning();
  return row!;
}

export const deleteStaff = (db: Executor, eventId: number, id: number) =>
  db.delete(staff).where(and(eq(staff.eventId, eventId), eq(staff.id, id)));

/** The event's locations and rooms, as the form's choices. */
export const locationOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.eventId, eventId))
    .orderBy(asc(sql`lower(${locations.name})`), asc(locations.id));

export const roomOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(eq(rooms.eventId, eventId))
    .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.id));

/** How many of these ids are locations (or rooms) of the event. */
export async function countEventLocations(db: Executor, eventId: number, ids: number[]) {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.eventId, eventId), inArray(locations.id, ids)));
  return rows.length;
}

export async function countEventRooms(db: Executor, eventId: number, ids: number[]) {
  const rows = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.eventId, eventId), inArray(rooms.id, ids)));
  return rows.length;
}

/**
 * The operations a staff member of the event did, in every feed table that names staff (top-ups,
 * sales, accesses, validations, role recordings, wristband changes, presence checks, order errors).
 */
export async function countOperations(db: Executor, eventId: number, staffId: number) {
  const tables = [
    topUps,
    sales,
    accessRecords,
    ticketValidations,
    roleRecordings,
    wristbandChanges,
    presenceRecords,
    orderErrors,
  ] as const;
  const parts = tables.map(
    (t) => sql`(select count(*) from ${t} where ${t.eventId} = ${eventId} and ${t.staffId} = ${staffId})`,
  );
  const res = await db.execute(sql`select (${sql.join(parts, sql` + `)})::int as n`);
  return Number((res as unknown as { rows: { n: unknown }[] }).rows[0]?.n ?? 0);
}
