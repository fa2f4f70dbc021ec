import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { events, provinces } from '../../../core/db/schema';
import { containsPattern } from '../../../core/lib/db-errors';

export type ProvinceRow = typeof provinces.$inferSelect;

export const listProvinces = (db: Executor) =>
  db.select().from(provinces).orderBy(asc(provinces.name), asc(provinces.id));

/** The typeahead: names containing the text, without regard to case. */
export const findProvincesByName = (db: Executor, name: string, limit: number) =>
  db
    .select()
    .from(provinces)
    .where(name ? sql`lower(${provinces.name}) like ${containsPattern(name)}` : undefined)
    .orderBy(asc(provinces.name), asc(provinces.id))
    .limit(limit);

export const findProvince = async (db: Executor, id: number) =>
  (await db.select().from(provinces).where(eq(provinces.id, id)).limit(1))[0];

export async function insertProvince(db: Executor, values: typeof provinces.$inferInsert) {
  const [row] = await db.insert(provinces).values(values).returning();
  return row!;
}

export async function updateProvince(
  db: Executor,
  id: number,
  values: Partial<typeof provinces.$inferInsert>,
) {
  const [row] = await db
    .update(provinces)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(provinces.id, id))
    .returning();
  return row!;
}

export const deleteProvince = (db: Executor, id: number) => db.delete(provinces).where(eq(provinces.id, id));

export async function provinceInUse(db: Executor, id: number) {
  const rows = await db.select({ id: events.id }).from(events).where(eq(events.provinceId, id)).limit(1);
  return rows.length > 0;
}
