/**
 * The bench festival's venue in the demo's active event: its locations, zones, gates, staff,
 * devices, articles, rols, add-ons and kitchens, and where a loaded row is recorded (a place's
 * location, staff member and device, picked per row in SQL).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/src/core/db/client';
import { rowsOf } from '../../server/src/core/db/rows';
import { events } from '../../server/src/core/db/schema';
import { ints, pickRaw } from './sql';

export const HOUR = 3_600_000;

/** An add-on of the bench event: its id and amounts (cents). */
export interface Addon {
  id: number;
  cash: number;
  bonus: number;
}

/** The bench festival's venue: the ids of its rows, and its start and number of days. */
export interface Venue {
  eventId: number;
  start: Date;
  days: number;
  bars: number[];
  kiosks: number[];
  /** Gate locations, and the gates (rows of `gates`) scanned there. */
  gates: number[];
  gateIds: number[];
  desk: number;
  /** Where staff check in and out (activity P). */
  entrance: number;
  foodCourt: number;
  staff: {
    /** 8 per bar. */
    bar: number[];
    /** 4 per kiosk. */
    kiosk: number[];
    /** 3 per gate. */
    gate: number[];
    desk: number[];
    supervisors: number[];
    /** Trust M: they take the metre orders. */
    metres: number[];
    all: number[];
  };
  devices: {
    /** 2 per bar. */
    bar: number[];
    /** Per kiosk a cash kiosk then a card kiosk. */
    kiosk: number[];
    totem: number[];
    gate: number[];
    metre: number[];
    desk: number;
    entrance: number;
  };
  articles: { id: number; price: number }[];
  zones: { venue: number; vip: number; backstage: number };
  rols: { general: number; vip: number; crew: number };
  /** VIP rol bonus loaded at validation (RV) and crew rol bonus at a role recording (RS). */
  rolBonus: { vip: number; crew: number };
  addons: Addon[];
  /** The add-ons with a cash amount (sold at kiosks). */
  sellable: Addon[];
  /** The add-on bought from the balance at the bars (AS-C). */
  vipUpgrade: Addon;
  /** Kitchen → room pairs the kitchens serve (metre orders). */
  kitchenRooms: { kitchen: number; room: number }[];
}

/** Where a row of index g is recorded: its place's location, staff member and device. */
export interface Place {
  location: string;
  staff: string;
  device: string;
}
export const atBar = (v: Venue, g: string): Place => {
  const b = `((${g}) % ${v.bars.length})`;
  return {
    location: pickRaw(v.bars, b),
    staff: pickRaw(v.staff.bar, `${b} * 8 + ((${g}) / 7) % 8`),
    device: pickRaw(v.devices.bar, `${b} * 2 + (${g}) % 2`),
  };
};
/** A kiosk: the cash kiosk, or the card kiosk when `card` (an SQL boolean) holds. */
export const atKiosk = (v: Venue, g: string, card = 'false'): Place => {
  const k = `((${g}) % ${v.kiosks.length})`;
  return {
    location: pickRaw(v.kiosks, k),
    staff: pickRaw(v.staff.kiosk, `${k} * 4 + ((${g}) / 7) % 4`),
    device: pickRaw(v.devices.kiosk, `${k} * 2 + case when ${card} then 1 else 0 end`),
  };
};
export const atGate = (v: Venue, g: string): Place => {
  const k = `((${g}) % ${v.gates.length})`;
  return {
    location: pickRaw(v.gates, k),
    staff: pickRaw(v.staff.gate, `${k} * 3 + ((${g}) / 7) % 3`),
    device: pickRaw(v.devices.gate, k),
  };
};
export const atDesk = (v: Venue, g: string): Place => ({
  location: String(v.desk),
  staff: pickRaw(v.staff.desk, `(${g}) / 7`),
  device: String(v.devices.desk),
});

/**
 * The bench festival's venue, staff, devices, articles, rols, add-ons and kitchens in the demo's active
 * event; with `other` (1, 2, …), in a new event of its own beside it (a copy of the demo event's
 * settings under another name), whose rows the report calls of the festival must not read.
 */
export async function makeVenue(db: Db, days: number, wristbands: number, other = 0): Promise<Venue> {
  const [demo] = await db.select().from(events).where(eq(events.name, 'Sonora Festival 2026'));
  let eventId = demo!.id;
  if (other) {
    const { id: _id, ...settings } = demo!;
    const [created] = await db
      .insert(events)
      .values({
        ...settings,
        name: `Bench other event ${other}`,
        token: `bench-other-${other}-${Date.now()}`,
        slug: `bench-other-${other}`,
        subdomain: `bench-other-${other}`,
      })
      .returning({ id: events.id });
    eventId = created!.id;
  }
  /** Device serials are unique across events. */
  const serial = other ? `BENCH-O${other}-` : 'BENCH-';
  // Day 0 opens at 12:00 UTC `days` days ago; the event runs until tomorrow (live now), logging its
  // capacities every 5 minutes.
  const start = new Date(Date.now() - days * 24 * HOUR);
  start.setUTCHours(12, 0, 0, 0);
  await db
    .update(events)
    .set({
      dateStart: start,
      dateEnd: new Date(Date.now() + 24 * HOUR),
      timezone: 'Europe/Madrid',
      capacityLog: 1,
    })
    .where(eq(events.id, eventId));
  const insertIds = async (q: ReturnType<typeof sql>) =>
    rowsOf<{ id: number }>(await db.execute(q)).map((r) => Number(r.id));
  const loc = (prefix: string, n: number, from: number, activity: string, category: string | null = null) =>
    insertIds(sql`
      insert into locations (event_id, id_unique, name, activities, category)
      select ${eventId}::int, ${from}::int + g, ${prefix} || case when ${n}::int > 1 then ' ' || g else '' end,
        array[${activity}]::text[], ${category}
      from generate_series(1, ${n}::int) g returning id`);
  const bars = await loc('Bar', 12, 100, 'V', 'B');
  const kiosks = await loc('Top-up point', 6, 200, 'C');
  const gateLocations = await loc('Gate', 6, 300, 'A');
  const [desk] = await loc('Info desk', 1, 400, 'C');
  const [entrance] = await loc('Staff entrance', 1, 500, 'P');
  const [foodCourt] = await loc('Food court', 1, 600, 'V', 'R');
  const [venueZone] = await insertIds(
    sql`insert into zones (event_id, id_unique, name, capacity, reset_capacity) values (${eventId}, 1, 'Venue', ${Math.max(1000, Math.round(wristbands * 0.6))}, 0) returning id`,
  );
  const [vip] = await insertIds(
    sql`insert into zones (event_id, id_unique, name, parent_id, capacity, reset_capacity) values (${eventId}, 2, 'VIP', ${venueZone}, ${Math.max(100, Math.round(wristbands * 0.03))}, 0) returning id`,
  );
  const [backstage] = await insertIds(
    sql`insert into zones (event_id, id_unique, name, parent_id, reset_capacity) values (${eventId}, 3, 'Backstage', ${venueZone}, 0) returning id`,
  );
  const gateIds = await insertIds(sql`
    insert into gates (event_id, name, zone_from_id, zone_to_id, location_id)
    select ${eventId}::int, 'Gate ' || l.n, null, ${venueZone}::int, l.id
    from unnest(${ints(gateLocations)}) with ordinality l(id, n) order by l.n returning id`);
  const staffIds = async (from: number, n: number, trusts: string, name: string) =>
    insertIds(sql`
      insert into staff (event_id, "user", name, intern, trusts)
      select ${eventId}::int, 'bench' || (${from}::int + g), ${name} || ' ' || lpad((${from}::int + g)::text, 3, '0'),
        ((${from}::int + g) % 4 <> 0)::int, ${trusts}
      from generate_series(1, ${n}::int) g order by g returning id`);
  const bar = await staffIds(0, 96, 'CV', 'Bar staff');
  const kiosk = await staffIds(96, 24, 'CB', 'Cashier');
  const gate = await staffIds(120, 18, 'RX', 'Gate staff');
  const deskStaff = await staffIds(138, 6, 'SRB', 'Desk staff');
  const supervisors = await staffIds(144, 6, 'CST', 'Supervisor');
  const metres = await staffIds(150, 4, 'VM', 'Metre');
  const devices = async (from: number, n: number, type: string) =>
    insertIds(sql`
      insert into devices (n_serie, type, assigned_event_id, configured)
      select ${serial} || (${from}::int + g), ${type}, ${eventId}::int, 1
      from generate_series(1, ${n}::int) g order by g returning id`);
  const barPda = await devices(0, 24, 'PDA');
  const kioskDev = await insertIds(sql`
    insert into devices (n_serie, type, assigned_event_id, configured)
    select ${serial} || (24 + g), case when g % 2 = 1 then 'CASH_KIOSK' else 'CARD_KIOSK' end, ${eventId}::int, 1
    from generate_series(1, 12) g order by g returning id`);
  const totems = await devices(36, 6, 'ACCESS_TOTEM');
  const gatePda = await devices(42, 6, 'PDA');
  const metrePda = await devices(48, 4, 'PDA');
  const [deskPda] = await devices(52, 1, 'PDA');
  const [entrancePda] = await devices(53, 1, 'PDA');
  await db.execute(sql`
    insert into articles (event_id, name, base_price)
    select ${eventId}::int, 'Article ' || lpad(g::text, 2, '0'), 150 + (g * 37 % 20) * 25
    from generate_series(1, 34) g`);
  const articles = rowsOf<{ id: number; price: number }>(
    await db.execute(
      sql`select id, base_price as price from articles where event_id = ${eventId} order by id`,
    ),
  ).map((a) => ({ id: Number(a.id), price: Number(a.price) }));
  const rolBonus = { vip: 1500, crew: 1000 };
  const [general, vipRol, crew] = await insertIds(sql`
    insert into rols (event_id, name, price, amount_bonus)
    values (${eventId}, 'General', 9000, 0), (${eventId}, 'VIP', 25000, ${rolBonus.vip}),
      (${eventId}, 'Crew', 0, ${rolBonus.crew})
    returning id`);
  const addonRows = rowsOf<{ id: number; cash: number; bonus: number }>(
    await db.execute(sql`
      insert into addons (event_id, name, description, amount_cash, amount_bonus, color)
      values (${eventId}, 'Drinks pack', 'Twenty in the balance plus five of bonus', 2000, 500, '#1c7ed6'),
        (${eventId}, 'VIP upgrade', 'Ten of bonus for the VIP bars', 0, 1000, '#ae3ec9'),
        (${eventId}, 'Camping pack', 'Ten in the balance for the camping shop', 1000, 0, '#2f9e44')
      returning id, amount_cash as cash, amount_bonus as bonus`),
  ).map((a) => ({ id: Number(a.id), cash: Number(a.cash), bonus: Number(a.bonus) }));
  const rooms = await insertIds(sql`
    insert into rooms (event_id, id_unique_event, name)
    values (${eventId}, 1, 'Terrace'), (${eventId}, 2, 'Dining hall'), (${eventId}, 3, 'VIP lounge')
    returning id`);
  const kitchens = await insertIds(sql`
    insert into kitchens (event_id, name, location_id)
    values (${eventId}, 'Grill', ${foodCourt}), (${eventId}, 'Pizzeria', ${foodCourt}) returning id`);
  const kitchenRooms = [
    { kitchen: kitchens[0]!, room: rooms[0]! },
    { kitchen: kitchens[0]!, room: rooms[1]! },
    { kitchen: kitchens[1]!, room: rooms[1]! },
    { kitchen: kitchens[1]!, room: rooms[2]! },
  ];
  for (const kr of kitchenRooms) {
    await db.execute(
      sql`insert into kitchen_rooms (event_id, kitchen_id, room_id) values (${eventId}, ${kr.kitchen}, ${kr.room})`,
    );
  }
  return {
    eventId,
    start,
    days,
    bars,
    kiosks,
    gates: gateLocations,
    gateIds,
    desk: desk!,
    entrance: entrance!,
    foodCourt: foodCourt!,
    staff: {
      bar,
      kiosk,
      gate,
      desk: deskStaff,
      supervisors,
      metres,
      all: [...bar, ...kiosk, ...gate, ...deskStaff, ...supervisors, ...metres],
    },
    devices: {
      bar: barPda,
      kiosk: kioskDev,
      totem: totems,
      gate: gatePda,
      metre: metrePda,
      desk: deskPda!,
      entrance: entrancePda!,
    },
    articles,
    zones: { venue: venueZone!, vip: vip!, backstage: backstage! },
    rols: { general: general!, vip: vipRol!, crew: crew! },
    rolBonus,
    addons: addonRows,
    sellable: addonRows.filter((a) => a.cash > 0),
    vipUpgrade: addonRows.find((a) => a.cash === 0)!,
    kitchenRooms,
  };
}
