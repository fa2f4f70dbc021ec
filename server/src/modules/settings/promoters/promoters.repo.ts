import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { events, promoters } from '../../../core/db/schema';

export type PromoterRow = typeof promoters.$inferSelect;

export const listPromoters = (db: Executor) =>
  db.select().from(promoters).orderBy(asc(promoters.name), asc(promoters.id));

export const findPromoter = async (db: Executor, id: number) =>
  (await db.select().from(promoters).where(eq(promoters.id, id)).limit(1))[0];

/** Names are unique without regard to case (the table's unique index on lower(name)). */
export const findPromoterByName = async (db: Executor, name: string) =>
  (
    await db.select().from(promoters).where(sql`lower(${promoters.name}) = ${name.toLowerCase()}`).limit(1)
  )[0];

export async function insertPromoter(db: Executor, values: typeof promoters.$inferInsert) {
  const [row] = await db.insert(promoters).values(values).returning();
  return row!;
}

export async function updatePromoter(
  db: Executor,
  id: number,
  values: Partial<typeof promoters.$inferInsert>,
) {
  const [row] = await db
    .update(promoters)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(promoters.id, id))
    .returning();
  return row!;
}

export const deletePromoter = (db: Executor, id: number) => db.delete(promoters).where(eq(promoters.id, id));

export async function promoterInUse(db: Executor, id: number) {
  const rows = await db.select({ id: events.id }).from(events).where(eq(events.promoterId, id)).limit(1);
  return rows.length > 0;
}
