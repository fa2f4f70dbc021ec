import { and, asc, eq, max } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { ads, images } from '../../../core/db/schema';

const columns = {
  id: ads.id,
  eventId: ads.eventId,
  sortOrder: ads.sortOrder,
  dateStart: ads.dateStart,
  dateEnd: ads.dateEnd,
  timeStartUtc: ads.timeStartUtc,
  timeEndUtc: ads.timeEndUtc,
  dayWeek: ads.dayWeek,
  imageId: ads.imageId,
  imageUrl: images.url,
  updatedAt: ads.updatedAt,
};

const select = (db: Executor) => db.select(columns).from(ads).leftJoin(images, eq(images.id, ads.imageId));

/** The event's ads in their order. */
export const listAds = (db: Executor, eventId: number) =>
  select(db).where(eq(ads.eventId, eventId)).orderBy(asc(ads.sortOrder), asc(ads.id));

export const findAd = async (db: Executor, eventId: number, id: number) =>
  (
    await select(db)
      .where(and(eq(ads.eventId, eventId), eq(ads.id, id)))
      .limit(1)
  )[0];

export type AdRow = Awaited<ReturnType<typeof listAds>>[number];

/** The next order of the event: the highest plus one (1 for the first ad). */
export async function nextOrder(db: Executor, eventId: number) {
  const [row] = await db
    .select({ top: max(ads.sortOrder) })
    .from(ads)
    .where(eq(ads.eventId, eventId));
  return (row?.top ?? 0) + 1;
}

export async function insertAd(db: Executor, values: typeof ads.$inferInsert) {
  const [row] = await db.insert(ads).values(values).returning({ id: ads.id });
  return row!.id;
}

export const updateAd = (
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof ads.$inferInsert>,
) =>
  db
    .update(ads)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ads.eventId, eventId), eq(ads.id, id)));

export const deleteAd = (db: Executor, eventId: number, id: number) =>
  db.delete(ads).where(and(eq(ads.eventId, eventId), eq(ads.id, id)));
