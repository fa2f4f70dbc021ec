import { count, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client';
import {
  events,
  flagAccess,
  flags,
  gates,
  locations,
  rolAccess,
  rols,
  rolTimeRanges,
  tickets,
  timeRanges,
  zones,
} from '../../../core/db/schema';
import { nextUniqueNumber } from '../../venue';

const DAY = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The demo festival's access (before the simulation, whose terminals use it) and tickets sold online
 * whose holders have not come yet, so the capacities and validations reports and the customer lookup
 * show names: the grounds with a VIP area inside, both counted from a 10:00 reset when the venue is
 * empty, and a backstage without capacity control; the ticket roles General, VIP (with the 15.00 bonus
 * the gates load) and Backstage crew with their access during the festival; a backstage pass flag (what
 * the desk grants the crew); and the North and South gates (locations with their scanners) into the
 * grounds, plus the VIP entrance from the grounds into the VIP area. Does nothing when the event has
 * zones already.
 */
export async function seedDemoAccessAndTickets(db: Db, eventId: number) {
  const [{ n }] = await db.select({ n: count() }).from(zones).where(eq(zones.eventId, eventId));
  if (Number(n) > 0) return;
  await db.transaction(async (tx) => {
    const reset = { resetCapacity: 1, resetHour: '10:00:00' };
    const [grounds] = await tx
      .insert(zones)
      .values({
        eventId,
        idUnique: 1,
        name: 'Festival grounds',
        capacity: 150,
        noCheckCapacity: 10,
        ...reset,
      })
      .returning({ id: zones.id });
    const [vipArea, backstage] = await tx
      .insert(zones)
      .values([
        { eventId, idUnique: 2, name: 'VIP area', parentId: grounds!.id, capacity: 15, ...reset },
        { eventId, idUnique: 3, name: 'Backstage', capacity: -1, resetCapacity: 0 },
      ])
      .returning({ id: zones.id });

    // The festival's days, from the day before it opens to the day after it ends.
    const [ev] = await tx
      .select({ start: events.dateStart, end: events.dateEnd })
      .from(events)
      .where(eq(events.id, eventId));
    const [festival] = await tx
      .insert(timeRanges)
      .values({
        eventId,
        name: 'Festival days',
        dateStart: day(new Date(ev!.start.getTime() - DAY)),
        dateEnd: day(new Date(ev!.end.getTime() + DAY)),
      })
      .returning({ id: timeRanges.id });
    const range = festival!.id;

    // Ticket roles: the simulator's general, VIP and crew tickets (first three by id).
    const [general, vip, crew] = await tx
      .insert(rols)
      .values([
        { eventId, name: 'General', price: 6000, category: 'Festival pass' },
        { eventId, name: 'VIP', price: 15000, amountBonus: 1500, category: 'Festival pass' },
        { eventId, name: 'Backstage crew', category: 'Accreditation' },
      ])
      .returning({ id: rols.id });
    const access: [number, number[]][] = [
      [general!.id, [grounds!.id]],
      [vip!.id, [grounds!.id, vipArea!.id]],
      [crew!.id, [grounds!.id, vipArea!.id, backstage!.id]],
    ];
    await tx.insert(rolTimeRanges).values(access.map(([rolId]) => ({ eventId, rolId, timeRangeId: range })));
    await tx
      .insert(rolAccess)
      .values(
        access.flatMap(([rolId, zoneIds]) =>
          zoneIds.map((zoneId) => ({ eventId, rolId, zoneId, timeRangeId: range })),
        ),
      );
    const [pass] = await tx
      .insert(flags)
      .values({ eventId, flagNumber: 1, name: 'Backstage pass', description: 'Crew access to the backstage' })
      .returning({ id: flags.id });
    await tx
      .insert(flagAccess)
      .values({ eventId, flagId: pass!.id, zoneId: backstage!.id, timeRangeId: range });

    // The gates and the locations of their scanners (validation and access).
    const place = async (name: string, activities: string[]) => {
      const idUnique = await nextUniqueNumber(tx, 'locations', locations, locations.idUnique, eventId);
      const [row] = await tx
        .insert(locations)
        .values({ eventId, idUnique, name, intern: 'N', activities })
        .returning({ id: locations.id });
      return row!.id;
    };
    const passages = [
      { name: 'North gate', activities: ['A', 'T'], from: null, to: grounds!.id },
      { name: 'South gate', activities: ['A', 'T'], from: null, to: grounds!.id },
      { name: 'VIP entrance', activities: ['A'], from: grounds!.id, to: vipArea!.id },
    ];
    for (const p of passages) {
      const locationId = await place(p.name, p.activities);
      const [gate] = await tx
        .insert(gates)
        .values({ eventId, name: p.name, zoneFromId: p.from, zoneToId: p.to, locationId })
        .returning({ id: gates.id });
      await tx.update(locations).set({ gateId: gate!.id }).where(eq(locations.id, locationId));
    }

    const sold = new Date(Date.now() - 20 * DAY);
    await tx.insert(tickets).values(
      Array.from({ length: 24 }, (_, i) => ({
        eventId,
        code: `WEB-${(i + 1).toString().padStart(5, '0')}`,
        roleId: i % 8 === 0 ? vip!.id : general!.id,
        cancelled: i % 12 === 5 ? 1 : 0,
        createdAt: sold,
      })),
    );
  });
}
