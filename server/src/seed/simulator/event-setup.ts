/**
 * The event's own setup as the simulator uses it, read from the database: its articles and menus,
 * add-ons, staff, zones, gates and ticket roles, and the places where people top up and buy.
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db/client';
import {
  addonFlags,
  addons,
  articles,
  flags,
  gates,
  kitchenRooms,
  kitchens,
  locationArticleSticks,
  locationArticles,
  locations,
  rols,
  staff,
  zones,
} from '../../core/db/schema';
import type { SimAddon, SimMenu, SimulationOptions, SimZones } from './options';

/** The articles of an event for the bars (the demo's own; synthetic ids when it has none). */
export async function eventArticles(db: Db, eventId: number) {
  const rows = await db
    .select({ id: articles.id, price: articles.basePrice })
    .from(articles)
    .where(eq(articles.eventId, eventId));
  return rows.filter((r) => r.price > 0);
}

/**
 * The menus of an event's locations as their terminals sell them: the visible articles with a price,
 * in menu order, and the sticks with the price of their article on that menu.
 */
export async function eventMenus(db: Db, eventId: number): Promise<SimMenu[]> {
  const [items, sticks] = await Promise.all([
    db
      .select({
        location: locationArticles.locationId,
        id: locationArticles.articleId,
        price: locationArticles.price,
        visible: locationArticles.visible,
      })
      .from(locationArticles)
      .where(eq(locationArticles.eventId, eventId))
      .orderBy(asc(locationArticles.locationId), asc(locationArticles.sortOrder), asc(locationArticles.id)),
    db
      .select({
        location: locationArticleSticks.locationId,
        parent: locationArticleSticks.articleId,
        child: locationArticleSticks.stickArticleId,
        quantity: locationArticleSticks.quantity,
      })
      .from(locationArticleSticks)
      .where(eq(locationArticleSticks.eventId, eventId))
      .orderBy(asc(locationArticleSticks.id)),
  ]);
  const price = new Map(items.map((i) => [`${i.location}:${i.id}`, i.price]));
  return [...new Set(items.map((i) => i.location))].map((location) => ({
    location,
    items: items
      .filter((i) => i.location === location && i.visible === 1 && i.price > 0)
      .map(({ id, price }) => ({ id, price })),
    sticks: sticks
      .filter((s) => s.location === location && price.has(`${location}:${s.child}`))
      .map(({ parent, child, quantity }) => ({
        parent,
        child,
        quantity,
        price: price.get(`${location}:${child}`)!,
      })),
  }));
}

/** The add-ons of an event with the flags they grant (the simulator's terminals apply them). */
export async function eventAddons(db: Db, eventId: number): Promise<SimAddon[]> {
  const [rows, links] = await Promise.all([
    db
      .select({ id: addons.id, amountCash: addons.amountCash, amountBonus: addons.amountBonus })
      .from(addons)
      .where(eq(addons.eventId, eventId))
      .orderBy(asc(addons.id)),
    db
      .select({ addonId: addonFlags.addonId, flagId: addonFlags.flagId })
      .from(addonFlags)
      .where(eq(addonFlags.eventId, eventId)),
  ]);
  return rows.map((a) => ({
    ...a,
    flags: links.filter((l) => l.addonId === a.id).map((l) => l.flagId),
  }));
}

/** The staff ids of an event (the simulator's terminals are worked by them when there are any). */
export async function eventStaff(db: Db, eventId: number) {
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(eq(staff.eventId, eventId))
    .orderBy(asc(staff.id));
  return rows.map((r) => r.id);
}

/**
 * The event's first top-level zone that has a sub-zone, and that sub-zone (the gates lead into the
 * grounds and from there into it); undefined when the event has none (ids 1 and 2 are used).
 */
export async function eventZones(db: Db, eventId: number): Promise<SimZones | undefined> {
  const inner = alias(zones, 'inner');
  const [row] = await db
    .select({ grounds: zones.id, inner: inner.id })
    .from(zones)
    .innerJoin(inner, eq(inner.parentId, zones.id))
    .where(and(eq(zones.eventId, eventId), isNull(zones.parentId)))
    .orderBy(asc(zones.idUnique), asc(inner.idUnique))
    .limit(1);
  return row;
}

/** The event's first location with the presence activity (P), where its staff check in and out. */
export async function eventPresenceLocation(db: Db, eventId: number) {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.eventId, eventId), sql`'P' = any(${locations.activities})`))
    .orderBy(asc(locations.id))
    .limit(1);
  return row?.id;
}

/**
 * Where the event's sales happen: its active sale locations (activity V) without a kitchen are the
 * bars; its kitchens (with the rooms they serve) take metre orders, which its metres (trust M) take.
 * Empty lists leave the simulator's synthetic bars.
 */
export async function eventSalePlaces(db: Db, eventId: number) {
  const [sale, kitchenRows, links, metreRows] = await Promise.all([
    db
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          eq(locations.eventId, eventId),
          sql`'V' = any(${locations.activities})`,
          sql`${locations.inactiveAt} is null`,
        ),
      )
      .orderBy(asc(locations.id)),
    db
      .select({ id: kitchens.id, locationId: kitchens.locationId })
      .from(kitchens)
      .where(eq(kitchens.eventId, eventId))
      .orderBy(asc(kitchens.id)),
    db
      .select({ kitchenId: kitchenRooms.kitchenId, roomId: kitchenRooms.roomId })
      .from(kitchenRooms)
      .where(eq(kitchenRooms.eventId, eventId))
      .orderBy(asc(kitchenRooms.kitchenId), asc(kitchenRooms.roomId)),
    db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.eventId, eventId), sql`position('M' in ${staff.trusts}) > 0`))
      .orderBy(asc(staff.id)),
  ]);
  const kitchenPlaces = new Set(kitchenRows.map((k) => k.locationId));
  return {
    bars: sale.map((l) => l.id).filter((id) => !kitchenPlaces.has(id)),
    kitchens: kitchenRows.map((k) => ({
      ...k,
      rooms: links.filter((l) => l.kitchenId === k.id).map((l) => l.roomId),
    })),
    metres: metreRows.map((m) => m.id),
  };
}

/**
 * Who comes in and where, from the event's access setup: its first three ticket roles (by id) are
 * the general, VIP and crew tickets (fewer: the last one stands in; none: synthetic ids), its first
 * flag (by number) is what a role recording grants; its active gates with a location from outside
 * into the grounds are the entrances, and its first such gate from the grounds into the inner zone is
 * where people go in there (none: the synthetic gates).
 */
export async function eventAccess(
  db: Db,
  eventId: number,
  zones: SimZones | undefined,
): Promise<Pick<SimulationOptions, 'roles' | 'roleFlags' | 'gates' | 'innerGate'>> {
  const [roleRows, flagRows, gateRows] = await Promise.all([
    db.select({ id: rols.id }).from(rols).where(eq(rols.eventId, eventId)).orderBy(asc(rols.id)),
    db
      .select({ id: flags.id })
      .from(flags)
      .where(eq(flags.eventId, eventId))
      .orderBy(asc(flags.flagNumber))
      .limit(1),
    db
      .select({ gate: gates.id, location: gates.locationId, from: gates.zoneFromId, to: gates.zoneToId })
      .from(gates)
      .where(and(eq(gates.eventId, eventId), eq(gates.active, 1), isNotNull(gates.locationId)))
      .orderBy(asc(gates.id)),
  ]);
  const ids = roleRows.map((r) => r.id);
  const roles = ids.length
    ? { general: ids[0]!, vip: ids[1] ?? ids.at(-1)!, crew: ids[2] ?? ids.at(-1)! }
    : undefined;
  const gate = (g: (typeof gateRows)[number]) => ({ location: g.location!, gate: g.gate });
  const entrances = zones ? gateRows.filter((g) => g.from === null && g.to === zones.grounds) : [];
  const inner = zones ? gateRows.find((g) => g.from === zones.grounds && g.to === zones.inner) : undefined;
  return {
    ...(roles ? { roles } : {}),
    roleFlags: flagRows.map((f) => f.id),
    ...(entrances.length ? { gates: entrances.map(gate) } : {}),
    ...(inner ? { innerGate: gate(inner) } : {}),
  };
}

/**
 * Where money is loaded: the event's active kiosk locations (activity K) and its first active top-up
 * location (C) that is not a kiosk, the desk; without them the synthetic ids are used.
 */
export async function eventTopUpPlaces(
  db: Db,
  eventId: number,
): Promise<Pick<SimulationOptions, 'kiosks' | 'desk'>> {
  const rows = await db
    .select({ id: locations.id, activities: locations.activities })
    .from(locations)
    .where(and(eq(locations.eventId, eventId), isNull(locations.inactiveAt)))
    .orderBy(asc(locations.id));
  const kiosks = rows.filter((l) => l.activities.includes('K')).map((l) => l.id);
  const desk = rows.find((l) => l.activities.includes('C') && !l.activities.includes('K'))?.id;
  return { kiosks, ...(desk ? { desk } : {}) };
}
