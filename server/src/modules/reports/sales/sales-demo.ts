import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../core/db/client';
import { kitchenPrinters, kitchenRooms, kitchens, locations, rooms, staff } from '../../../core/db/schema';
import { nextUniqueNumber } from '../../venue';

/**
 * Where the demo festival sells and loads money, before the simulation (`simulateDemo`) runs, so the
 * sales report shows named bars, the metre sales report kitchens, rooms and metres, and the top-ups
 * name their places: three bars, a food court whose two kitchens serve three rooms, two metres (trust
 * M), the top-up kiosks (cash and card, activities C and K) and the info desk (manual top-ups, add-ons
 * and role recordings, activity C). Keeps what exists (same names).
 */
export const BARS = ['Main Bar', 'Beach Bar', 'Cocktail Tent'];
export const FOOD_COURT = 'Food Court';
export const TOP_UP_PLACES: [name: string, activities: string[]][] = [
  ['Top-up kiosks', ['C', 'K']],
  ['Info desk', ['C']],
];
const ROOMS = ['Terrace', 'Dining Hall', 'VIP Lounge'];
const KITCHENS: { name: string; printer: [string, string]; rooms: string[] }[] = [
  { name: 'Grill', printer: ['Grill printer', '10.0.20.11'], rooms: ['Terrace', 'Dining Hall'] },
  { name: 'Pizzeria', printer: ['Pizza printer', '10.0.20.12'], rooms: ['Dining Hall', 'VIP Lounge'] },
];
const METRES: [user: string, name: string, trusts: string, intern: 0 | 1][] = [
  ['marco.metre', 'Marco Ferri', 'VM', 1],
  ['julia.metre', 'Julia Navarro', 'VM', 0],
];

export async function seedDemoSalesVenue(db: Db, eventId: number) {
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(
        and(
          eq(locations.eventId, eventId),
          inArray(locations.name, [...BARS, FOOD_COURT, ...TOP_UP_PLACES.map(([name]) => name)]),
        ),
      );
    const locationId = new Map(existing.map((l) => [l.name, l.id]));
    const places: [name: string, activities: string[], category: string | null][] = [
      ...BARS.map((b) => [b, ['V'], 'B'] as [string, string[], string]),
      [FOOD_COURT, ['V'], 'R'],
      ...TOP_UP_PLACES.map(([name, activities]) => [name, activities, null] as [string, string[], null]),
    ];
    for (const [name, activities, category] of places) {
      if (locationId.has(name)) continue;
      const idUnique = await nextUniqueNumber(tx, 'locations', locations, locations.idUnique, eventId);
      const [row] = await tx
        .insert(locations)
        .values({ eventId, idUnique, name, intern: 'N', activities, category })
        .returning({ id: locations.id });
      locationId.set(name, row!.id);
    }

    const roomRows = await tx
      .select({ id: rooms.id, name: rooms.name })
      .from(rooms)
      .where(eq(rooms.eventId, eventId));
    const roomId = new Map(roomRows.map((r) => [r.name, r.id]));
    for (const name of ROOMS) {
      if (roomId.has(name)) continue;
      const idUniqueEvent = await nextUniqueNumber(tx, 'rooms', rooms, rooms.idUniqueEvent, eventId);
      const [row] = await tx
        .insert(rooms)
        .values({ eventId, idUniqueEvent, name })
        .returning({ id: rooms.id });
      roomId.set(name, row!.id);
    }

    const kitchenRows = await tx
      .select({ name: kitchens.name })
      .from(kitchens)
      .where(eq(kitchens.eventId, eventId));
    const haveKitchen = new Set(kitchenRows.map((k) => k.name));
    for (const k of KITCHENS) {
      if (haveKitchen.has(k.name)) continue;
      const [row] = await tx
        .insert(kitchens)
        .values({ eventId, name: k.name, locationId: locationId.get(FOOD_COURT)! })
        .returning({ id: kitchens.id });
      await tx
        .insert(kitchenPrinters)
        .values({ eventId, kitchenId: row!.id, name: k.printer[0], ip: k.printer[1] });
      await tx
        .insert(kitchenRooms)
        .values(k.rooms.map((r) => ({ eventId, kitchenId: row!.id, roomId: roomId.get(r)! })));
    }

    await tx
      .insert(staff)
      .values(METRES.map(([user, name, trusts, intern]) => ({ eventId, user, name, trusts, intern })))
      .onConflictDoNothing();
  });
}
