import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tickets, zones } from '../../db/schema';

/**
 * The demo festival's zones (before the simulation, whose gates lead into them) and tickets sold
 * online whose holders have not come yet, so the capacities and validations reports show figures:
 * the grounds with a VIP area inside, both counted from a 10:00 reset when the venue is empty, and a
 * backstage without capacity control. Does nothing when the event has zones already.
 */
export async function seedDemoAccessAndTickets(db: Db, eventId: number) {
  const [{ n }] = await db.select({ n: count() }).from(zones).where(eq(zones.eventId, eventId));
  if (Number(n) > 0) return;
  const reset = { resetCapacity: 1, resetHour: '10:00:00' };
  const [grounds] = await db
    .insert(zones)
    .values({ eventId, idUnique: 1, name: 'Festival grounds', capacity: 150, noCheckCapacity: 10, ...reset })
    .returning({ id: zones.id });
  await db.insert(zones).values([
    { eventId, idUnique: 2, name: 'VIP area', parentId: grounds!.id, capacity: 15, ...reset },
    { eventId, idUnique: 3, name: 'Backstage', capacity: -1, resetCapacity: 0 },
  ]);
  // The simulator's ticket rols: 1 general, 2 VIP.
  const sold = new Date(Date.now() - 20 * 86_400_000);
  await db.insert(tickets).values(
    Array.from({ length: 24 }, (_, i) => ({
      eventId,
      code: `WEB-${(i + 1).toString().padStart(5, '0')}`,
      roleId: i % 8 === 0 ? 2 : 1,
      cancelled: i % 12 === 5 ? 1 : 0,
      createdAt: sold,
    })),
  );
}
