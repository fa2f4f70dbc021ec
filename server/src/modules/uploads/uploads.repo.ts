import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../core/db/client';
import { images } from '../../core/db/schema';

export const findByKey = async (db: Executor, storageKey: string) =>
  (await db.select().from(images).where(eq(images.storageKey, storageKey)).limit(1))[0] ?? null;

export async function insertImage(db: Executor, values: typeof images.$inferInsert) {
  const [row] = await db.insert(images).values(values).returning();
  return row!;
}

/** Deletes an image of that event (or a global one when eventId is null); answers its storage key. */
export async function deleteImage(db: Executor, id: number, eventId: number | null) {
  const [row] = await db
    .delete(images)
    .where(and(eq(images.id, id), eventId === null ? isNull(images.eventId) : eq(images.eventId, eventId)))
    .returning({ storageKey: images.storageKey });
  return row?.storageKey ?? null;
}
