import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { HEADERS } from '@pulsera/contracts';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import type { Db } from '../server/src/core/db/client';
import { events } from '../server/src/core/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../server/src/seed/demo';
import { type BenchDb, openBenchDatabase } from './databases';

/**
 * Reports: one festival of `wristbands` wristbands and `operations` terminal operations, written
 * straight into the feed tables with `INSERT … SELECT generate_series` (not through the device API:
 * 5,000,000 operations would take hours there) — the same tables and columns the sync writes, so the
 * rollup triggers fire as they do for the sync — then every report call timed through the app
 * (app.inject with a signed-in administrator): every GET under /api/reports, /api/capacity,
 * /api/ticketing, /api/filters, /api/order-errors, /api/addon/stats and /api/controlPresence, found in
 * the app's route table (not listed here), with a one-day window, and the quick dashboard over the
 * whole event. A call that does not answer 200 is FAILED (never skipped) and fails the run.
 */
export interface ReportFigures {
  database: BenchDb;
  wristbands: number;
  operations: number;
  rows: Record<string, number>;
  loadSeconds: number;
  indexSeconds: number;
  runs: number;
  calls: CallFigure[];
}

export interface CallFigure {
  url: string;
  /** What the call was timed with (the query string). */
  query: string;
  status: number;
  p50: number;
  p95: number;
  max: number;
  target: number;
  /** Size of the answer (bytes of JSON): a report timed against empty data would show here. */
  bytes: number;
  /** Why the call failed (it answered something else than 200): the run fails. */
  failed?: string;
}

export const DEFAULT_REPORTS = { wristbands: 100_000, operations: 5_000_000, days: 4, runs: 20 };

/** Report calls must answer in p95 < 100 ms; the quick dashboard < 150 ms. */
export const REPORT_TARGET_MS = 100;
export const DASHBOARD_TARGET_MS = 150;
export const DASHBOARD_URL = '/api/reports/mainQuickDashboard';
/** The report calls: every GET route equal to one of these or under it. */
export const REPORT_PREFIXES = [
  '/api/reports',
  '/api/capacity',
  '/api/ticketing',
  '/api/filters',
  '/api/order-errors',
  '/api/addon/stats',
  '/api/controlPresence',
];

const HOUR = 3_600_000;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const round = (ms: number) => Math.round(ms * 10) / 10;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The feed tables the load writes; their secondary indexes are built after the rows are in. */
const LOADED_TABLES = [
  'customers',
  'wristbands',
  'tickets',
  'top_ups',
  'sales',
  'sale_lines',
  'sale_payments',
  'access_records',
  'ticket_validations',
  'role_recordings',
  'wristband_changes',
  'presence_records',
  'order_errors',
  'online_top_ups',
  'customer_refunds',
  'capacity_log',
];
/** Written by the feed tables' triggers during the load: analysed with them. */
const ROLLUP_TABLES = [
  'report_sales_hourly',
  'report_articles_hourly',
  'report_metre_hourly',
  'report_top_ups_hourly',
  'report_access_hourly',
  'report_wristband_days',
  'report_wristband_day_counts',
  'report_article_totals_hourly',
  'report_tickets_hourly',
  'report_wristband_balances',
];

interface Addon {
  id: number;
  cash: number;
  bonus: number;
}

interface Venue {
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

const ints = (a: number[]) => sql.raw(`array[${a.join(',')}]::int[]`);
/** `list[1 + (expr mod n)]`: a deterministic pick from a list, in SQL. */
const pickRaw = (a: (number | string)[], expr: string) => {
  const text = typeof a[0] === 'string';
  const items = a.map((x) => (text ? `'${String(x).replace(/'/g, "''")}'` : String(x)));
  return `(array[${items.join(',')}]::${text ? 'text' : 'int'}[])[1 + ((${expr}) % ${a.length})]`;
};
const pick = (a: (number | string)[], expr: string) => sql.raw(pickRaw(a, expr));
/** How many g in 1..n have g mod m = r. */
const countMod = (n: number, m: number, r: number) =>
  r === 0 ? Math.floor(n / m) : n >= r ? Math.floor((n - r) / m) + 1 : 0;

/**
 * A pseudo-random number ≥ 0 for row g (salted): rows of one wristband are g, g + W, g + 2W…, so a
 * selector `g mod m` would give a wristband the same kind of operation every time when m divides W.
 */
const hx = (g: string, salt: number) => `(hashint4(((${g})::int) # ${salt}) & 2147483647)`;

/** Where a row of index g is recorded: its place's location, staff member and device. */
interface Place {
  location: string;
  staff: string;
  device: string;
}
const atBar = (v: Venue, g: string): Place => {
  const b = `((${g}) % ${v.bars.length})`;
  return {
    location: pickRaw(v.bars, b),
    staff: pickRaw(v.staff.bar, `${b} * 8 + ((${g}) / 7) % 8`),
    device: pickRaw(v.devices.bar, `${b} * 2 + (${g}) % 2`),
  };
};
/** A kiosk: the cash kiosk, or the card kiosk when `card` (an SQL boolean) holds. */
const atKiosk = (v: Venue, g: string, card = 'false'): Place => {
  const k = `((${g}) % ${v.kiosks.length})`;
  return {
    location: pickRaw(v.kiosks, k),
    staff: pickRaw(v.staff.kiosk, `${k} * 4 + ((${g}) / 7) % 4`),
    device: pickRaw(v.devices.kiosk, `${k} * 2 + case when ${card} then 1 else 0 end`),
  };
};
const atGate = (v: Venue, g: string): Place => {
  const k = `((${g}) % ${v.gates.length})`;
  return {
    location: pickRaw(v.gates, k),
    staff: pickRaw(v.staff.gate, `${k} * 3 + ((${g}) / 7) % 3`),
    device: pickRaw(v.devices.gate, k),
  };
};
const atDesk = (v: Venue, g: string): Place => ({
  location: String(v.desk),
  staff: pickRaw(v.staff.desk, `(${g}) / 7`),
  device: String(v.devices.desk),
});

/** The bench festival's venue, staff, devices, articles, rols, add-ons and kitchens in the demo's active event. */
async function makeVenue(db: Db, days: number, wristbands: number): Promise<Venue> {
  const [ev] = await db.select({ id: events.id }).from(events).where(eq(events.name, 'Sonora Festival 2026'));
  const eventId = ev!.id;
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
      select 'BENCH-' || (${from}::int + g), ${type}, ${eventId}::int, 1
      from generate_series(1, ${n}::int) g order by g returning id`);
  const barPda = await devices(0, 24, 'PDA');
  const kioskDev = await insertIds(sql`
    insert into devices (n_serie, type, assigned_event_id, configured)
    select 'BENCH-' || (24 + g), case when g % 2 = 1 then 'CASH_KIOSK' else 'CARD_KIOSK' end, ${eventId}::int, 1
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

/**
 * A time of the festival for row `g` of `n`: rows come day after day, as terminals upload them (row
 * g on day ⌊(g − 1) · days / n⌋), each at an hour between 14:00 and 04:00 UTC with the evening peak
 * (the mean of three uniform draws), to the second.
 */
const timeOf = (v: Venue, g: string, n: number) =>
  sql.raw(
    `('${v.start.toISOString()}'::timestamptz + floor(((${g}) - 1) * ${v.days}::numeric / ${Math.max(1, n)}) * interval '1 day' + interval '2 hours' + ` +
      `make_interval(secs => floor((random() + random() + random()) / 3 * 14 * 3600)))`,
  );

/** Runs one load statement in its own transaction with memory for its sorts and hashes. */
async function step(db: Db, label: string, q: ReturnType<typeof sql>, log: (s: string) => void) {
  const t = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(q);
  });
  log(`  ${label}: ${round((performance.now() - t) / 1000)} s`);
}

/**
 * One kind of balance operation of the kiosks, the desk and the bars (01-console §3 codes) and how
 * often it comes (per 1,000 top-up operations). Amounts are SQL over `g` (the row), `p.a` (a top-up
 * amount: 20, 30, 50 or 100, the larger ones more often) and the picked add-on (`p.addon_*`, `p.sell_*` for one with cash); each
 * follows the direction of its code (credits ≥ 0, debits ≤ 0) and the fee rule (a top-up's customer
 * pays amount + fee; a refund pays out |amount| − fee).
 */
interface TopUpKind {
  type: string;
  per1000: number;
  pay: 'S' | 'T' | 'O' | null;
  amount: string;
  bonus: string;
  money: string;
  fee: string;
  place: 'kiosk' | 'desk' | 'bar';
  addon?: string;
  articles?: boolean;
  ref?: boolean;
  supervisor?: boolean;
}
const topUpFee = `case when ${hx('g', 3)} % 7 = 0 then 50 else 0 end`;
const TOP_UP_KINDS: TopUpKind[] = [
  // Money loaded: cash and card at the kiosks (a bonus from 50), the card terminals, online top-ups loaded.
  {
    type: 'N',
    per1000: 410,
    pay: 'S',
    amount: 'p.a',
    bonus: 'case when p.a >= 5000 then 250 else 0 end',
    money: `p.a + ${topUpFee}`,
    fee: topUpFee,
    place: 'kiosk',
  },
  {
    type: 'N',
    per1000: 250,
    pay: 'T',
    amount: 'p.a',
    bonus: 'case when p.a >= 5000 then 250 else 0 end',
    money: 'p.a',
    fee: '0',
    place: 'kiosk',
  },
  {
    type: 'N-WA',
    per1000: 10,
    pay: 'S',
    amount: 'p.a',
    bonus: '0',
    money: 'p.a',
    fee: '0',
    place: 'kiosk',
    articles: true,
  },
  { type: 'T', per1000: 40, pay: 'T', amount: 'p.a', bonus: '0', money: 'p.a', fee: '0', place: 'kiosk' },
  {
    type: 'T-WA',
    per1000: 5,
    pay: 'T',
    amount: 'p.a',
    bonus: '0',
    money: 'p.a',
    fee: '0',
    place: 'kiosk',
    articles: true,
  },
  {
    type: 'O',
    per1000: 60,
    pay: 'O',
    amount: 'p.a',
    bonus: '0',
    money: '0',
    fee: '0',
    place: 'kiosk',
    ref: true,
  },
  {
    type: 'O-WA',
    per1000: 5,
    pay: 'O',
    amount: 'p.a',
    bonus: '0',
    money: '0',
    fee: '0',
    place: 'kiosk',
    ref: true,
    articles: true,
  },
  // A card top-up cancelled.
  { type: 'R-E', per1000: 10, pay: 'T', amount: '-p.a', bonus: '0', money: 'p.a', fee: '0', place: 'kiosk' },
  // Manual bonuses at the desk, with a supervisor.
  {
    type: 'M',
    per1000: 30,
    pay: null,
    amount: '0',
    bonus: '500',
    money: '0',
    fee: '0',
    place: 'desk',
    supervisor: true,
  },
  {
    type: 'M-E',
    per1000: 10,
    pay: null,
    amount: '1000',
    bonus: '0',
    money: '0',
    fee: '0',
    place: 'desk',
    supervisor: true,
  },
  {
    type: 'M-WA',
    per1000: 10,
    pay: null,
    amount: '0',
    bonus: '300',
    money: '0',
    fee: '0',
    place: 'desk',
    supervisor: true,
    articles: true,
  },
  {
    type: 'MC',
    per1000: 5,
    pay: null,
    amount: '0',
    bonus: '-200',
    money: '0',
    fee: '0',
    place: 'desk',
    supervisor: true,
  },
  // Add-ons: given by hand, sold at the kiosks (cash or card), bought from the balance at the bars.
  {
    type: 'AM',
    per1000: 15,
    pay: null,
    amount: 'p.addon_cash',
    bonus: 'p.addon_bonus',
    money: '0',
    fee: '0',
    place: 'desk',
    addon: 'p.addon_id',
  },
  {
    type: 'AM-WA',
    per1000: 3,
    pay: null,
    amount: 'p.addon_cash',
    bonus: 'p.addon_bonus',
    money: '0',
    fee: '0',
    place: 'desk',
    addon: 'p.addon_id',
    articles: true,
  },
  {
    type: 'AS',
    per1000: 10,
    pay: 'S',
    amount: 'p.sell_cash',
    bonus: 'p.sell_bonus',
    money: 'p.sell_cash',
    fee: '0',
    place: 'kiosk',
    addon: 'p.sell_id',
  },
  {
    type: 'AS-WA',
    per1000: 2,
    pay: 'S',
    amount: 'p.sell_cash',
    bonus: 'p.sell_bonus',
    money: 'p.sell_cash',
    fee: '0',
    place: 'kiosk',
    addon: 'p.sell_id',
    articles: true,
  },
  {
    type: 'AS-C',
    per1000: 10,
    pay: null,
    amount: '-1500',
    bonus: 'p.vip_bonus',
    money: '0',
    fee: '0',
    place: 'bar',
    addon: 'p.vip_id',
  },
  {
    type: 'AS-CC',
    per1000: 20,
    pay: 'T',
    amount: 'p.sell_cash',
    bonus: 'p.sell_bonus',
    money: 'p.sell_cash',
    fee: '0',
    place: 'kiosk',
    addon: 'p.sell_id',
  },
  // Refunds: full (a fee kept), partial, the tag deposit, an add-on sale taken back.
  {
    type: 'D',
    per1000: 60,
    pay: 'S',
    amount: '-(p.a / 2)',
    bonus: '0',
    money: 'p.a / 2 - 100',
    fee: '100',
    place: 'kiosk',
  },
  {
    type: 'DP',
    per1000: 20,
    pay: 'S',
    amount: '-1000',
    bonus: '0',
    money: '900',
    fee: '100',
    place: 'kiosk',
  },
  { type: 'D-T', per1000: 10, pay: 'S', amount: '-100', bonus: '0', money: '100', fee: '0', place: 'kiosk' },
  {
    type: 'D-SA',
    per1000: 5,
    pay: 'T',
    amount: '-p.sell_cash',
    bonus: '-p.sell_bonus',
    money: 'p.sell_cash',
    fee: '0',
    place: 'kiosk',
    addon: 'p.sell_id',
  },
];

const ORDER_FAILURES = [
  'Kitchen printer unreachable',
  'Article not on the kitchen menu',
  'Kitchen printer out of paper',
  'Timeout sending the order to the kitchen',
];

/** How the operations of a festival of W wristbands and N operations split (see loadFestival). */
export function operationMix(opts: { wristbands: number; operations: number; days: number; staff: number }) {
  const W = opts.wristbands;
  const N = opts.operations;
  const validations = W + countMod(W, 100, 50); // every ticket, 1 % scanned again (repeated)
  const vip = countMod(W, 12, 0);
  const complements = {
    RV: vip - countMod(W, 60, 0),
    'RV-WA': countMod(W, 60, 0),
    AV: countMod(W, 10, 3),
    'AV-WA': countMod(W, 50, 7),
  };
  const complementCount = Object.values(complements).reduce((s, n) => s + n, 0);
  const roleRecordings = Math.round(W * 0.01);
  const changes = W >= 200 ? Math.max(1, Math.round(W * 0.003)) : 0;
  // Every staff member checks in and out each day; on the last day one in 25 has not checked out yet.
  const presence = opts.staff * opts.days * 2 - Math.ceil(opts.staff / 25);
  const sales = Math.round(N * 0.46);
  // A tenth of the sales are metre orders, 5 % of which first fail (order errors).
  const orderErrors = Math.round(sales * 0.005);
  const balanceOps = Math.max(0, Math.round(N * 0.12) - complementCount - roleRecordings);
  // Each attendee's first top-up at arrival loads what they will spend (when the budget allows).
  const arrivals = balanceOps >= 2 * W ? W : 0;
  const topUps = balanceOps - arrivals;
  const fixed =
    validations +
    complementCount +
    2 * roleRecordings +
    arrivals +
    changes +
    presence +
    sales +
    orderErrors +
    topUps;
  const access = N - fixed;
  if (access < 0) {
    throw new Error(
      `${N} operations are too few for ${W} wristbands (the validations, presence checks, sales and top-ups alone make ${fixed})`,
    );
  }
  return {
    validations,
    complements,
    complementCount,
    roleRecordings,
    changes,
    presence,
    sales,
    orderErrors,
    arrivals,
    topUps,
    access,
    total: fixed + access,
  };
}

/**
 * Writes the festival, through the same tables and columns as the device API's sync (so the rollup
 * and per-day triggers fire per statement as they do for a sync batch). Of the operations:
 * - one ticket validation per wristband (1 % scanned twice, repeated), each VIP ticket loading its
 *   rol's bonus (RV, RV-WA with an article) and one in ten an add-on bought with the ticket (AV,
 *   AV-WA): the complements;
 * - 1 % of the wristbands get a rol recorded at the desk (a role recording and its RS / RS-WA bonus);
 * - 0.3 % are replaced by a new wristband (a wristband change and its N-RS / N-RE rows moving the
 *   balances); every staff member checks in and out each day (presence);
 * - 46 % are sales of 1 to 3 lines at the bars (one in 200 a devolution, one in 250 with an add-on),
 *   a tenth of them metre orders at the food court's kitchens for a room and seat (5 % of those
 *   failing first: order errors), paid from the cash balance, the gift balance or by card;
 * - 12 % (less the complements and rol bonuses) are balance operations: each attendee's top-up at
 *   arrival, sized to what they will spend, and the kiosks', desk's and bars' operations of
 *   TOP_UP_KINDS: every top-up, bonus, add-on and refund code;
 * - the rest are access records through the gates (entries, exits, the VIP area, some refused).
 * Besides: online top-ups bought on the web, customers' bank refund requests and the 5-minute
 * capacity log. The ledger (ledger_entries) is not written: no report reads it, and the balances it
 * sums are set on the wristbands at the end from the same rows.
 */
export async function loadFestival(
  db: Db,
  opts: { wristbands: number; operations: number; days: number; log?: (s: string) => void },
) {
  const log = opts.log ?? (() => {});
  const W = opts.wristbands;
  const v = await makeVenue(db, opts.days, W);
  const e = v.eventId;
  const mix = operationMix({ ...opts, staff: v.staff.all.length });

  // Secondary indexes are dropped now and built once the rows are in (much faster than row by row).
  const indexes = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename in (${sql.join(
        LOADED_TABLES.map((t) => sql`${t}`),
        sql`, `,
      )})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
  );
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.name}"`));

  const began = performance.now();
  const next = async (table: string) =>
    Number(
      rowsOf<{ n: number }>(
        await db.execute(sql.raw(`select coalesce(max(id), 0) + 1 as n from ${table}`)),
      )[0]!.n,
    );
  const w0 = await next('wristbands');
  const c0 = await next('customers');
  const t0 = await next('tickets');
  const s0 = await next('sales');
  /** The wristband of attendee 1 + (expr mod W). */
  const wid = (g: string) => sql.raw(`(${w0} + ((${g}) % ${W}))`);
  /** Its rol: one attendee in twelve has a VIP ticket. */
  const rolOf = (g: string) =>
    sql.raw(`case when (1 + ((${g}) % ${W})) % 12 = 0 then ${v.rols.vip} else ${v.rols.general} end`);
  const article = (g: string) =>
    `jsonb_build_array(jsonb_build_object('idArticle', ${pickRaw(
      v.articles.map((a) => a.id),
      g,
    )}, 'quantity', 1))`;

  await step(
    db,
    `${W} customers, wristbands and tickets`,
    sql`
      with c as (
        insert into customers (id, event_id, name, email, ticket_code, localizer, date_validation)
        select ${c0}::int + g - 1, ${e}::int, 'Guest ' || g, 'guest' || g || '@example.com', 'TK-' || g,
          upper(substr(md5(g::text), 1, 8)), ${v.start.toISOString()}::timestamptz
        from generate_series(1, ${W}::int) g returning id
      ),
      w as (
        insert into wristbands (id, event_id, n_serie, code_check, customer_id, role_id, first_seen_at)
        select ${w0}::int + g - 1, ${e}::int, '04' || upper(lpad(to_hex(g), 12, '0')),
          upper(substr(md5('c' || g), 1, 6)), ${c0}::int + g - 1, ${rolOf('g - 1')},
          ${v.start.toISOString()}::timestamptz
        from generate_series(1, ${W}::int) g returning id
      )
      insert into tickets (id, event_id, code, customer_id, role_id, wristband_id, validated, date_validation)
      select ${t0}::int + g - 1, ${e}::int, 'TK-' || g, ${c0}::int + g - 1, ${rolOf('g - 1')},
        ${w0}::int + g - 1, 1, ${timeOf(v, 'g', W)}
      from generate_series(1, ${W}::int) g`,
    log,
  );
  // Ticket g (g = id − t0 + 1) was scanned at gate g mod 6 by one of its staff.
  const tg = `(t.id - ${t0} + 1)`;
  const gate = atGate(v, tg);
  await step(
    db,
    `${mix.validations} ticket validations`,
    sql`
      insert into ticket_validations (event_id, operation_id, ticket_id, code, wristband_id, customer_id, role_id,
        repeated, staff_id, device_id, location_id, device_time)
      select ${e}::int, md5(x.k || t.id)::uuid, t.id, t.code, t.wristband_id, t.customer_id, t.role_id, x.repeated,
        ${sql.raw(gate.staff)}, ${sql.raw(gate.device)}, ${sql.raw(gate.location)}, t.date_validation + x.later
      from tickets t
      cross join lateral (
        select 'tv' as k, false as repeated, interval '0' as later
        union all select 'tvr', true, interval '40 minutes' where ${sql.raw(tg)} % 100 = 50
      ) x
      where t.event_id = ${e} and t.id >= ${t0}`,
    log,
  );
  const anyAddon = (g: string, f: 'id' | 'cash' | 'bonus') =>
    pickRaw(
      v.addons.map((a) => a[f]),
      g,
    );
  await step(
    db,
    `${mix.complementCount} complements at validation (RV, RV-WA, AV, AV-WA)`,
    sql`
      insert into top_ups (event_id, operation_id, wristband_id, type, payment_type, amount, bonus, money, fee,
        cash_after, gift_after, articles, addon_id, staff_id, device_id, location_id, device_time)
      select ${e}::int, md5(c.type || '-' || t.id)::uuid, t.wristband_id, c.type, null, c.amount, c.bonus, 0, 0,
        0, 0, c.articles, c.addon_id, ${sql.raw(gate.staff)}, ${sql.raw(gate.device)}, ${sql.raw(gate.location)},
        t.date_validation + interval '2 seconds'
      from tickets t
      cross join lateral (
        select 'RV' as type, 0 as amount, ${v.rolBonus.vip}::int as bonus, '[]'::jsonb as articles, null::int as addon_id
          where ${sql.raw(tg)} % 12 = 0 and ${sql.raw(tg)} % 60 <> 0
        union all select 'RV-WA', 0, ${v.rolBonus.vip}::int, ${sql.raw(article(tg))}, null
          where ${sql.raw(tg)} % 60 = 0
        union all select 'AV', ${sql.raw(anyAddon(`${tg} / 10`, 'cash'))}, ${sql.raw(anyAddon(`${tg} / 10`, 'bonus'))},
          '[]'::jsonb, ${sql.raw(anyAddon(`${tg} / 10`, 'id'))}
          where ${sql.raw(tg)} % 10 = 3
        union all select 'AV-WA', ${sql.raw(anyAddon(`${tg} / 50`, 'cash'))}, ${sql.raw(anyAddon(`${tg} / 50`, 'bonus'))},
          ${sql.raw(article(tg))}, ${sql.raw(anyAddon(`${tg} / 50`, 'id'))}
          where ${sql.raw(tg)} % 50 = 7
      ) c
      where t.event_id = ${e} and t.id >= ${t0}`,
    log,
  );
  const desk = atDesk(v, 'g');
  await step(
    db,
    `${mix.roleRecordings} role recordings and their rol bonus (RS, RS-WA)`,
    sql`
      with r as materialized (
        select g, ${wid('g * 37')} as wristband_id, ${timeOf(v, 'g', mix.roleRecordings)} as at
        from generate_series(1, ${mix.roleRecordings}::int) g
      ),
      rr as (
        insert into role_recordings (event_id, operation_id, wristband_id, role_id, staff_id, device_id, location_id,
          device_time)
        select ${e}::int, md5('rr' || g)::uuid, wristband_id, ${v.rols.crew}::int, ${sql.raw(desk.staff)},
          ${sql.raw(desk.device)}, ${sql.raw(desk.location)}, at
        from r returning 1
      )
      insert into top_ups (event_id, operation_id, wristband_id, type, payment_type, amount, bonus, money, fee,
        cash_after, gift_after, articles, staff_id, device_id, location_id, device_time)
      select ${e}::int, md5('rs' || g)::uuid, wristband_id, case when g % 4 = 0 then 'RS-WA' else 'RS' end, null, 0,
        ${v.rolBonus.crew}::int, 0, 0, 0, 0,
        case when g % 4 = 0 then ${sql.raw(article('g'))} else '[]'::jsonb end,
        ${sql.raw(desk.staff)}, ${sql.raw(desk.device)}, ${sql.raw(desk.location)}, at + interval '2 seconds'
      from r`,
    log,
  );

  // The kiosks', desk's and bars' balance operations: a hash of g mod 1000 picks the kind of TOP_UP_KINDS.
  const kinds: (TopUpKind & { hi: number })[] = [];
  let hi = 0;
  for (const k of TOP_UP_KINDS) {
    hi += k.per1000;
    kinds.push({ ...k, hi });
  }
  if (hi !== 1000) throw new Error(`TOP_UP_KINDS add up to ${hi} per 1000`);
  const caseOf = (f: (k: TopUpKind) => string) =>
    sql.raw(`case ${kinds.map((k) => `when p.r < ${k.hi} then ${f(k)}`).join(' ')} end`);
  const placeOf = (f: (p: Place) => string) => {
    const card = `x.pay = 'T'`;
    return sql.raw(
      `case x.place when 'kiosk' then ${f(atKiosk(v, 'g', card))} when 'desk' then ${f(desk)} else ${f(atBar(v, 'g'))} end`,
    );
  };
  const sell = (f: 'id' | 'cash' | 'bonus') =>
    pickRaw(
      v.sellable.map((a) => a[f]),
      'g / 7',
    );
  await step(
    db,
    `${mix.topUps} top-ups, bonuses, add-ons and refunds (${new Set(TOP_UP_KINDS.map((k) => k.type)).size} codes)`,
    sql`
      insert into top_ups (event_id, operation_id, wristband_id, type, payment_type, amount, bonus, money, fee,
        cash_after, gift_after, articles, ref, addon_id, staff_id, supervisor_id, device_id, location_id, device_time)
      select ${e}::int, md5('tu' || g)::uuid, ${wid('g * 7')}, x.type, x.pay, x.amount, x.bonus, x.money, x.fee,
        0, 0, x.articles, x.ref, x.addon_id, ${placeOf((p) => p.staff)},
        case when x.supervisor then ${pick(v.staff.supervisors, 'g')} end,
        ${placeOf((p) => p.device)}, ${placeOf((p) => p.location)}, ${timeOf(v, 'g', mix.topUps)}
      from generate_series(1, ${mix.topUps}::int) g
      cross join lateral (
        select ${sql.raw(hx('g', 1))} % 1000 as r, (array[2000, 3000, 5000, 5000, 10000, 10000])[1 + ${sql.raw(hx('g', 2))} % 6] as a,
          ${sql.raw(anyAddon('g / 7', 'id'))} as addon_id, ${sql.raw(anyAddon('g / 7', 'cash'))} as addon_cash,
          ${sql.raw(anyAddon('g / 7', 'bonus'))} as addon_bonus,
          ${sql.raw(sell('id'))} as sell_id, ${sql.raw(sell('cash'))} as sell_cash, ${sql.raw(sell('bonus'))} as sell_bonus,
          ${v.vipUpgrade.id}::int as vip_id, ${v.vipUpgrade.bonus}::int as vip_bonus
      ) p
      cross join lateral (
        select ${caseOf((k) => `'${k.type}'`)} as type,
          ${caseOf((k) => (k.pay ? `'${k.pay}'` : 'null'))} as pay,
          ${caseOf((k) => k.amount)} as amount, ${caseOf((k) => k.bonus)} as bonus,
          ${caseOf((k) => k.money)} as money, ${caseOf((k) => k.fee)} as fee,
          ${caseOf((k) => `'${k.place}'`)} as place,
          ${caseOf((k) => (k.articles ? article('g') : `'[]'::jsonb`))} as articles,
          ${caseOf((k) => (k.ref ? `'WEB-' || g` : 'null'))} as ref,
          ${caseOf((k) => k.addon ?? 'null::int')} as addon_id,
          ${caseOf((k) => (k.supervisor ? 'true' : 'false'))} as supervisor
      ) x`,
    log,
  );

  // Sales: 1 to 3 lines of the event's articles; the sale's total is the sum of its lines. One in
  // ten is a metre order at the food court (a kitchen, one of its rooms, a seat, a metre), one in
  // 200 a devolution, one in 250 sells an add-on with the order; one line in 50 gives a unit away.
  const bar = atBar(v, 'g');
  const metre = `${hx('g', 4)} % 10 = 3`;
  const pair = '(g / 10)';
  const lines = (g: string) => ({
    count: `1 + ${hx(g, 7)} % 3`,
    article: (f: 'id' | 'price') =>
      pickRaw(
        v.articles.map((a) => a[f]),
        `${g} * 7 + k * 13`,
      ),
    quantity: `1 + (${g} + k) % 2`,
    gift: `case when k = 1 and ${hx(g, 8)} % 50 = 0 then 1 else 0 end`,
  });
  const ln = lines('g');
  await step(
    db,
    `${mix.sales} sales`,
    sql`
      insert into sales (id, event_id, operation_id, wristband_id, total_purchase, total_payed, is_devolution,
        num_payers, cash_after, gift_after, addon_id, kitchen_id, room_id, seat_name, staff_id, device_id,
        location_id, device_time)
      select ${s0}::int + g - 1, ${e}::int, md5('sa' || g)::uuid, ${wid('g * 13')}, t.total, t.total,
        ${sql.raw(hx('g', 3))} % 200 = 0, 1, 0, 0,
        case when ${sql.raw(hx('g', 5))} % 250 = 11 then ${pick(
          v.sellable.map((a) => a.id),
          'g / 250',
        )} end,
        case when ${sql.raw(metre)} then ${pick(
          v.kitchenRooms.map((k) => k.kitchen),
          pair,
        )} end,
        case when ${sql.raw(metre)} then ${pick(
          v.kitchenRooms.map((k) => k.room),
          pair,
        )} end,
        case when ${sql.raw(metre)} then 'Table ' || (1 + g % 24) end,
        case when ${sql.raw(metre)} then ${pick(v.staff.metres, 'g / 10')} else ${sql.raw(bar.staff)} end,
        case when ${sql.raw(metre)} then ${pick(v.devices.metre, 'g / 10')} else ${sql.raw(bar.device)} end,
        case when ${sql.raw(metre)} then ${v.foodCourt}::int else ${sql.raw(bar.location)} end,
        ${timeOf(v, 'g', mix.sales)}
      from generate_series(1, ${mix.sales}::int) g
      cross join lateral (
        select sum(${sql.raw(ln.article('price'))} * (${sql.raw(ln.quantity)} - ${sql.raw(ln.gift)}))::int as total
        from generate_series(1, ${sql.raw(ln.count)}) k
      ) t`,
    log,
  );
  const sl = lines('x.g');
  await step(
    db,
    'sale lines',
    sql`
      insert into sale_lines (event_id, sale_id, article_id, quantity, price, quantity_gift)
      select ${e}::int, s.id, ${sql.raw(sl.article('id'))}, ${sql.raw(sl.quantity)}, ${sql.raw(sl.article('price'))},
        ${sql.raw(sl.gift)}
      from sales s cross join lateral (select (s.id - ${s0} + 1)::int as g) x
      cross join lateral generate_series(1, ${sql.raw(sl.count)}) k
      where s.event_id = ${e} and s.id >= ${s0}`,
    log,
  );
  // Payments: 10 % by card, 2 % from the gift balance, 10 % up to 2.00 from the gift balance and the
  // rest from the cash balance, the rest from the cash balance.
  const payBy = `${hx('x.g', 6)} % 100`;
  await step(
    db,
    'sale payments',
    sql`
      insert into sale_payments (event_id, sale_id, type, amount, wristband_id)
      select ${e}::int, s.id, p.type, p.amount, case when p.type in ('S', 'B') then s.wristband_id end
      from sales s
      cross join lateral (select (s.id - ${s0} + 1)::int as g) x
      cross join lateral (select ${sql.raw(payBy)} as r) y
      cross join lateral (
        select 'T' as type, s.total_purchase as amount where y.r < 10
        union all select 'B', s.total_purchase where y.r between 10 and 11
        union all select 'B', least(200, s.total_purchase) where y.r between 12 and 21
        union all select 'S', s.total_purchase - 200 where y.r between 12 and 21 and s.total_purchase > 200
        union all select 'S', s.total_purchase where y.r >= 22
      ) p
      where s.event_id = ${e} and s.id >= ${s0} and p.amount > 0`,
    log,
  );
  await step(
    db,
    `${mix.orderErrors} order errors`,
    sql`
      insert into order_errors (event_id, operation_id, message, seat_name, room_id, kitchen_id, staff_id, device_id,
        location_id, device_time)
      select ${e}::int, md5('oe' || g)::uuid, ${pick(ORDER_FAILURES, 'g')}, 'Table ' || (1 + g % 24),
        ${pick(
          v.kitchenRooms.map((k) => k.room),
          'g',
        )}, ${pick(
          v.kitchenRooms.map((k) => k.kitchen),
          'g',
        )},
        ${pick(v.staff.metres, 'g')}, ${pick(v.devices.metre, 'g')}, ${v.foodCourt}::int, ${timeOf(v, 'g', mix.orderErrors)}
      from generate_series(1, ${mix.orderErrors}::int) g`,
    log,
  );
  // Access: g mod 10 — 0–3 into the venue, 4–7 out of it, 8 into the VIP area, 9 back from it;
  // 3 % double-entry warnings, 1 % double entries refused, 0.5 % without permission.
  await step(
    db,
    `${mix.access} access records`,
    sql`
      insert into access_records (event_id, operation_id, wristband_id, acceso, zone_from, zone_to, gate_id,
        last_zone, role_id, staff_id, device_id, date_local)
      select ${e}::int, md5('ac' || g)::uuid, ${wid('g * 3')},
        case when g % 200 < 6 then 'W' when g % 200 < 8 then 'ND' when g % 200 = 8 then 'NT' else 'S' end,
        case when g % 10 < 4 then null when g % 10 < 8 then ${v.zones.venue}::int when g % 10 = 8 then ${v.zones.venue}::int
          else ${v.zones.vip}::int end,
        case when g % 10 < 4 then ${v.zones.venue}::int when g % 10 < 8 then null when g % 10 = 8 then ${v.zones.vip}::int
          else ${v.zones.venue}::int end,
        ${pick(v.gateIds, 'g')},
        case when g % 10 < 4 then null when g % 10 < 9 then ${v.zones.venue}::int else ${v.zones.vip}::int end,
        ${rolOf('g * 3')}, null, ${pick(v.devices.totem, 'g')}, ${timeOf(v, 'g', mix.access)}
      from generate_series(1, ${mix.access}::int) g`,
    log,
  );
  const lastDay = v.days - 1;
  const staffList = v.staff.all;
  await step(
    db,
    `${mix.presence} presence checks, online top-ups and bank refunds`,
    sql`
      with p as (
        insert into presence_records (event_id, operation_id, staff_id, type, location_id, device_id, controller_id,
          date_presence)
        select ${e}::int, md5('pr' || s.id || '-' || d || t)::uuid, s.id, t, ${v.entrance}::int, ${v.devices.entrance}::int,
          ${v.staff.supervisors[0]!}::int,
          ${v.start.toISOString()}::timestamptz + d * interval '1 day'
            + case when t = 'in' then interval '1 hour' else interval '17 hours' end
            + make_interval(mins => ((s.n * 7) % 50)::int)
        from unnest(${ints(staffList)}) with ordinality s(id, n), generate_series(0, ${lastDay}::int) d,
          unnest(array['in', 'out']) t
        where not (t = 'out' and d = ${lastDay}::int and (s.n - 1) % 25 = 0)
        returning 1
      ),
      o as (
        insert into online_top_ups (event_id, customer_id, wristband_id, payed, date_recharge_online, date_recharge_rfid,
          amount_total, amount_recharge, amount_bonus, id_recharge)
        select ${e}::int, ${c0}::int + (g * 11 % ${W}), ${w0}::int + (g * 11 % ${W}),
          case when g % 50 = 0 then -1 when g % 20 = 0 then 2 else 1 end, x.at,
          case when g % 3 <> 0 then x.at + interval '1 day' end,
          3000 + (g % 3) * 1000, 3000 + (g % 3) * 1000 - case when g % 5 = 0 then 500 else 0 end,
          case when g % 5 = 0 then 500 else 0 end, 'WEB-' || g
        from generate_series(1, ${Math.round(W * 0.06)}::int) g
        cross join lateral (
          select case when g % 4 = 0
            then ${v.start.toISOString()}::timestamptz - (1 + g % 20) * interval '1 day' + (g % 24) * interval '1 hour'
            else ${timeOf(v, 'g', Math.round(W * 0.06))} end as at
        ) x
        returning 1
      )
      insert into customer_refunds (event_id, customer_id, wristband_id, n_serie, amount, fee, cc_owner, cc_iban)
      select ${e}::int, ${c0}::int + g * 50 - 1, ${w0}::int + g * 50 - 1,
        '04' || upper(lpad(to_hex(g * 50), 12, '0')), 500 + (g % 50) * 50, 100, 'Guest ' || (g * 50),
        'ES9121000418450200051332'
      from generate_series(1, ${Math.floor(W / 50)}::int) g`,
    log,
  );
  // Each attendee's first top-up, at a kiosk just after their validation: what they will spend in
  // cash (rounded up to 10.00, plus 10.00 to 40.00 they will not), and a bonus covering what they
  // will pay from the gift balance — so that balances stay above zero as at a real festival (a
  // terminal refuses a sale the balance does not cover, unless it works offline).
  const arrival = atKiosk(v, 'n.n', `${hx('n.n', 10)} % 100 < 40`);
  await step(
    db,
    `${mix.arrivals} top-ups at arrival`,
    sql`
      with t as (
        select wristband_id, sum(amount) as cash, sum(bonus) as gift from top_ups where event_id = ${e} group by 1
      ),
      s as (
        select p.wristband_id,
          sum(case when p.type = 'S' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as cash,
          sum(case when p.type = 'B' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as gift
        from sale_payments p join sales s on s.id = p.sale_id
        where p.event_id = ${e} and p.wristband_id is not null group by 1
      ),
      n as (
        select tk.wristband_id as id, (tk.id - ${t0} + 1)::int as n, tk.date_validation as at,
          coalesce(t.cash, 0) - coalesce(s.cash, 0) as cash, coalesce(t.gift, 0) - coalesce(s.gift, 0) as gift
        from tickets tk left join t on t.wristband_id = tk.wristband_id left join s on s.wristband_id = tk.wristband_id
        where tk.event_id = ${e} and tk.id >= ${t0} and ${mix.arrivals}::int > 0
      ),
      x as (
        select n.*, (ceil(greatest(0, -n.cash) / 1000.0) * 1000 + 1000 + ${sql.raw(hx('n.n', 9))} % 4 * 1000)::int as amount,
          (ceil(greatest(0, -n.gift) / 50.0) * 50)::int as bonus,
          case when ${sql.raw(hx('n.n', 10))} % 100 < 40 then 'T' else 'S' end as pay
        from n
      )
      insert into top_ups (event_id, operation_id, wristband_id, type, payment_type, amount, bonus, money, fee,
        cash_after, gift_after, staff_id, device_id, location_id, device_time)
      select ${e}::int, md5('ar' || n.n)::uuid, n.id, 'N', n.pay, n.amount, n.bonus, n.amount, 0, 0, 0,
        ${sql.raw(arrival.staff)}, ${sql.raw(arrival.device)}, ${sql.raw(arrival.location)}, n.at + interval '5 minutes'
      from x n`,
    log,
  );
  // Wristband changes: attendee i moves to a new wristband after their last operation; N-RS takes
  // the balances off the old one and N-RE puts them on the new one (as the sync does).
  const step0 = Math.max(1, Math.floor(W / Math.max(1, mix.changes)));
  await step(
    db,
    `${mix.changes} wristband changes (N-RS / N-RE)`,
    sql`
      with src as (
        select g, ${w0}::int + (g - 1) * ${step0}::int + ${Math.floor(step0 / 2)}::int as id
        from generate_series(1, ${mix.changes}::int) g
      ),
      t as (
        select wristband_id, sum(amount) as cash, sum(bonus) as gift, max(device_time) as last
        from top_ups where event_id = ${e} and wristband_id in (select id from src) group by 1
      ),
      s as (
        select p.wristband_id,
          sum(case when p.type = 'S' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as cash,
          sum(case when p.type = 'B' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as gift,
          max(s.device_time) as last
        from sale_payments p join sales s on s.id = p.sale_id
        where p.event_id = ${e} and p.wristband_id in (select id from src) group by 1
      ),
      c as materialized (
        select src.g, src.id as source_id, w.n_serie as source_rfid, w.customer_id, w.role_id,
          ${w0 + W}::int + src.g - 1 as end_id, '04' || upper(lpad(to_hex(${W}::int + src.g), 12, '0')) as end_rfid,
          (coalesce(t.cash, 0) - coalesce(s.cash, 0))::int as cash, (coalesce(t.gift, 0) - coalesce(s.gift, 0))::int as gift,
          greatest(t.last, s.last, ${v.start.toISOString()}::timestamptz) + interval '5 minutes' as at
        from src join wristbands w on w.id = src.id
        left join t on t.wristband_id = src.id left join s on s.wristband_id = src.id
      ),
      nw as (
        insert into wristbands (id, event_id, n_serie, code_check, customer_id, role_id, first_seen_at)
        select end_id, ${e}::int, end_rfid, upper(substr(md5('e' || g), 1, 6)), customer_id, role_id, at from c
        returning 1
      ),
      tu as (
        insert into top_ups (event_id, operation_id, wristband_id, type, payment_type, amount, bonus, money, fee,
          cash_after, gift_after, ref, staff_id, device_id, location_id, device_time)
        select ${e}::int, md5('wc' || c.g)::uuid, case when k.type = 'N-RS' then c.source_id else c.end_id end, k.type,
          null, k.sign * c.cash, k.sign * c.gift, 0, 0, case when k.type = 'N-RS' then 0 else c.cash end,
          case when k.type = 'N-RS' then 0 else c.gift end,
          case when k.type = 'N-RS' then c.end_rfid else c.source_rfid end,
          ${sql.raw(atKiosk(v, 'c.g').staff)}, ${sql.raw(atKiosk(v, 'c.g').device)}, ${sql.raw(atKiosk(v, 'c.g').location)},
          c.at
        from c cross join (values ('N-RS', -1), ('N-RE', 1)) k(type, sign)
        returning 1
      )
      insert into wristband_changes (event_id, operation_id, source_wristband_id, end_wristband_id, source_rfid,
        end_rfid, cash_moved, gift_moved, staff_id, device_id, location_id, date)
      select ${e}::int, md5('wc' || c.g)::uuid, c.source_id, c.end_id, c.source_rfid, c.end_rfid, c.cash, c.gift,
        ${sql.raw(atKiosk(v, 'c.g').staff)}, ${sql.raw(atKiosk(v, 'c.g').device)}, ${sql.raw(atKiosk(v, 'c.g').location)},
        c.at
      from c`,
    log,
  );
  // The capacity log the scheduled task writes every 5 minutes while the toggle is on: each zone's
  // occupancy rising through the evening and falling after closing.
  await step(
    db,
    'capacity log',
    sql`
      with s as (
        select slot, extract(epoch from slot - ${v.start.toISOString()}::timestamptz) / 3600 % 24 as h
        from generate_series(${v.start.toISOString()}::timestamptz, now(), interval '5 minutes') slot
      ),
      claimed as (
        insert into capacity_log_slots (event_id, slot, zones) select ${e}::int, slot, 3 from s returning 1
      )
      insert into capacity_log (event_id, zone_id, slot, occupancy, entries, exits)
      select ${e}::int, z.id, s.slot, o.n, round(o.n * 1.3)::int, round(o.n * 0.3)::int
      from s
      cross join (values (${v.zones.venue}::int, ${Math.round(W * 0.5)}::int), (${v.zones.vip}::int, ${Math.round(W * 0.02)}::int),
        (${v.zones.backstage}::int, 40)) z(id, cap)
      cross join lateral (
        select case when s.h between 2 and 16 then round(z.cap * sin(pi() * (s.h - 2) / 14))::int else 0 end as n
      ) o`,
    log,
  );
  // Balances as the feed leaves them (top-ups in, sales out of the cash (S) and gift (B) balances),
  // replaced wristbands inactive, recorded rols on the wristbands, each first seen at its validation.
  await step(
    db,
    'wristband balances, rols and first sight',
    sql`
      with t as (
        select wristband_id, sum(amount) as cash, sum(bonus) as gift from top_ups where event_id = ${e} group by 1
      ),
      s as (
        select p.wristband_id, sum(case when p.type = 'S' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as cash,
          sum(case when p.type = 'B' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as gift
        from sale_payments p join sales s on s.id = p.sale_id
        where p.event_id = ${e} and p.wristband_id is not null group by 1
      ),
      r as (select distinct wristband_id from role_recordings where event_id = ${e}),
      ch as (select source_wristband_id as id from wristband_changes where event_id = ${e}),
      tk as (select wristband_id, date_validation from tickets where event_id = ${e} and wristband_id is not null)
      update wristbands w set cash = coalesce(t.cash, 0) - coalesce(s.cash, 0), gift = coalesce(t.gift, 0) - coalesce(s.gift, 0),
        role_id = case when r.wristband_id is not null then ${v.rols.crew}::int else x.role_id end,
        active = case when ch.id is not null then 0 else 1 end,
        first_seen_at = coalesce(tk.date_validation, x.first_seen_at)
      from wristbands x left join t on t.wristband_id = x.id left join s on s.wristband_id = x.id
        left join r on r.wristband_id = x.id left join ch on ch.id = x.id left join tk on tk.wristband_id = x.id
      where w.id = x.id and x.event_id = ${e}`,
    log,
  );
  const loadSeconds = round((performance.now() - began) / 1000);

  const built = performance.now();
  for (const i of indexes) await db.execute(sql.raw(i.def));
  for (const t of ['sales', 'customers', 'wristbands', 'tickets']) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`),
    );
  }
  for (const t of [...LOADED_TABLES, ...ROLLUP_TABLES]) await db.execute(sql.raw(`analyze ${t}`));
  const indexSeconds = round((performance.now() - built) / 1000);
  log(`  ${indexes.length} indexes built and tables analysed: ${indexSeconds} s`);

  const counts: Record<string, number> = {};
  for (const t of LOADED_TABLES) {
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${t}`)));
    counts[t] = Number(n);
  }
  const [extra] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select
        (select count(*) from sales where event_id = ${e} and kitchen_id is not null)::int as metre_sales,
        (select count(*) from sales where event_id = ${e} and addon_id is not null)::int as addon_sales,
        (select count(*) from top_ups where event_id = ${e} and addon_id is not null)::int as addon_top_ups,
        (select count(distinct type) from top_ups where event_id = ${e})::int as top_up_codes`),
  );
  for (const [k, n] of Object.entries(extra ?? {})) counts[k] = Number(n);
  // Every terminal operation once (a wristband change writes two top_ups rows).
  const operations =
    counts.ticket_validations! +
    counts.top_ups! -
    counts.wristband_changes! +
    counts.sales! +
    counts.access_records! +
    counts.role_recordings! +
    counts.presence_records! +
    counts.order_errors!;
  if (operations !== mix.total) throw new Error(`loaded ${operations} operations, planned ${mix.total}`);
  return { venue: v, rows: counts, operations, loadSeconds, indexSeconds };
}

/**
 * What each call is timed with beyond the day window (`dateStart`, `dateEnd`): the parameters a call
 * reads under other names, or needs. The dashboard is timed over the whole event.
 */
function queryOf(
  url: string,
  w: { start: string; end: string },
  v: Venue,
): { url: string; query: Record<string, string> } {
  const window = { dateStart: w.start, dateEnd: w.end };
  switch (url) {
    case DASHBOARD_URL:
      return { url, query: {} };
    case '/api/reports/online-top-ups':
      return { url, query: { dateFrom: w.start, dateTo: w.end, groupBy: 'hour' } };
    case '/api/reports/overviewTickets':
    case '/api/reports/overviewComplements':
      return { url, query: { datetime: w.end } };
    case '/api/capacity/zone':
      return { url, query: { date: w.end } };
    case '/api/reports/timeValidationTickets':
      return { url, query: { ...window, minutes: '15' } };
    case '/api/reports/tickets/search':
      return { url, query: { query: 'Guest 12' } };
    case '/api/filters':
    case '/api/controlPresence':
    case '/api/reports/overviewPreRecharges':
      return { url, query: {} };
    case '/api/controlPresence/:id':
      return { url: `/api/controlPresence/${v.staff.bar[0]}`, query: {} };
    default:
      return { url, query: window };
  }
}

const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();

/** What a kept database remembers of its load (a comment on the database), for a run that reuses it. */
interface KeptLoad {
  venue: Venue;
  rows: Record<string, number>;
  operations: number;
  loadSeconds: number;
  indexSeconds: number;
  wristbands: number;
  days: number;
}

export async function benchReports(
  kind: BenchDb,
  opts: {
    wristbands: number;
    operations: number;
    days: number;
    runs: number;
    /** Keep the database after the run (its name is printed) instead of dropping it. */
    keep?: boolean;
    /** A database a run kept: reused as it is (migrated to now, analysed), not loaded again. */
    reuse?: string;
    /** Time only the calls whose label contains one of these texts. */
    calls?: string[];
    log?: (s: string) => void;
  },
): Promise<ReportFigures> {
  const log = opts.log ?? (() => {});
  const database = await openBenchDatabase(kind, { keep: opts.keep, reuse: opts.reuse });
  try {
    const db = database.db;
    let loaded: Omit<KeptLoad, 'wristbands' | 'days'>;
    let shape = { wristbands: opts.wristbands, days: opts.days };
    if (opts.reuse) {
      const [kept] = rowsOf<{ note: string | null }>(
        await db.execute(
          sql`select shobj_description(oid, 'pg_database') as note from pg_database where datname = current_database()`,
        ),
      );
      if (!kept?.note) throw new Error(`${opts.reuse} was not kept by a reports bench run (--report-keep)`);
      const k = JSON.parse(kept.note) as KeptLoad;
      k.venue.start = new Date(k.venue.start);
      loaded = k;
      shape = { wristbands: k.wristbands, days: k.days };
      // Migrations added since the load (indexes, rollups rebuilt) leave dead rows and no
      // statistics: vacuumed and analysed, as autovacuum would soon do on a server.
      await db.execute(sql`vacuum analyze`);
      log(
        `reusing ${opts.reuse}: ${k.operations.toLocaleString('en')} operations, ${k.wristbands.toLocaleString('en')} wristbands`,
      );
    } else {
      await seedDemo(db);
      log(
        `loading ${opts.operations.toLocaleString('en')} operations over ${opts.wristbands.toLocaleString('en')} wristbands with INSERT … SELECT generate_series (not through the device API, which would take hours at this size)…`,
      );
      loaded = await loadFestival(db, opts);
      if (opts.keep && database.name) {
        const note: KeptLoad = { ...loaded, wristbands: opts.wristbands, days: opts.days };
        await db.execute(
          sql.raw(`comment on database ${database.name} is '${JSON.stringify(note).replace(/'/g, "''")}'`),
        );
        log(`kept database ${database.name} (reuse it with --report-db ${database.name}; drop it when done)`);
      }
    }
    const { app } = await buildApp({ database, logger: false, config: { seed: 'none' } });
    await app.ready();
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'admin@demo.test', password: DEMO_PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
      const [ev] = await db
        .select({ token: events.token })
        .from(events)
        .where(eq(events.id, loaded.venue.eventId));
      const headers = { [HEADERS.session]: login.json().result.token as string, [HEADERS.event]: ev!.token };
      const call = async (url: string) => {
        const res = await app.inject({ method: 'GET', url, headers });
        let body: any = null;
        try {
          body = res.json();
        } catch {
          body = null;
        }
        return { status: res.statusCode, body, bytes: res.rawPayload.length };
      };
      const why = (status: number, body: any) => {
        const fields = (body?.fields ?? []).map((f: { path: string }) => f.path).join(', ');
        return `answers ${status}${body?.description ? `: ${body.description}` : ''}${fields ? ` (${fields})` : ''}`;
      };

      // The last full festival day: from 12:00 UTC to 12:00 UTC the next day (one whole night).
      const dayStart = new Date(loaded.venue.start.getTime() + (shape.days - 1) * 24 * HOUR);
      const window = {
        start: dayStart.toISOString(),
        end: new Date(dayStart.getTime() + 24 * HOUR).toISOString(),
      };
      const routes = [
        ...new Set(
          app.routeAccess
            .filter(
              (r) =>
                r.method === 'GET' && REPORT_PREFIXES.some((p) => r.url === p || r.url.startsWith(`${p}/`)),
            )
            .map((r) => r.url),
        ),
      ].sort();
      log(
        `${routes.length} report calls found under ${REPORT_PREFIXES.join(', ')}; ${opts.runs} timed runs each`,
      );
      const calls: CallFigure[] = [];
      // Also timed with a filter that takes another path: the sales by staff and by location with an
      // article (raw lines), the metre sales of one kitchen, the add-on statistics of one add-on.
      const v = loaded.venue;
      const variants: { url: string; label: string; extra: Record<string, string> }[] = [
        {
          url: '/api/reports/main-order-staff',
          label: 'article filter',
          extra: { idArticle: `${v.articles[0]!.id}` },
        },
        {
          url: '/api/reports/mainOrderLocation',
          label: 'article filter',
          extra: { idArticle: `${v.articles[0]!.id}` },
        },
        {
          url: '/api/reports/sales/metre',
          label: 'kitchen filter',
          extra: { idKitchen: `${v.kitchenRooms[0]!.kitchen}` },
        },
        {
          url: '/api/reports/overviewAddonLog',
          label: 'add-on filter',
          extra: { idAddon: `${v.addons[0]!.id}` },
        },
      ];
      const targets = [
        ...routes.map((url) => ({ route: url, label: url, extra: {} as Record<string, string> })),
        ...variants
          .filter((x) => routes.includes(x.url))
          .map((x) => ({ route: x.url, label: `${x.url} (${x.label})`, extra: x.extra })),
      ];
      for (const { route, label, extra } of targets) {
        if (opts.calls?.length && !opts.calls.some((c) => label.includes(c))) continue;
        const target = route === DASHBOARD_URL ? DASHBOARD_TARGET_MS : REPORT_TARGET_MS;
        const { url, query } = queryOf(route, window, v);
        const q = qs({ ...query, ...extra });
        const full = q ? `${url}?${q}` : url;
        const figure: CallFigure = {
          url: label,
          query: q,
          status: 0,
          p50: 0,
          p95: 0,
          max: 0,
          target,
          bytes: 0,
        };
        calls.push(figure);
        if (url.includes(':')) {
          figure.failed = 'path parameter without a value (add it to queryOf in bench/reports.ts)';
          log(`  ${label}: FAILED ${figure.failed}`);
          continue;
        }
        const warm = await call(full);
        figure.status = warm.status;
        figure.bytes = warm.bytes;
        if (warm.status !== 200) {
          figure.failed = why(warm.status, warm.body);
          log(`  ${label}: FAILED ${figure.failed}`);
          continue;
        }
        const times: number[] = [];
        for (let i = 0; i < opts.runs; i++) {
          const t = performance.now();
          const res = await call(full);
          times.push(performance.now() - t);
          if (res.status !== 200) {
            figure.status = res.status;
            figure.failed = `run ${i + 1} ${why(res.status, res.body)}`;
            break;
          }
        }
        times.sort((a, b) => a - b);
        figure.p50 = round(percentile(times, 50));
        figure.p95 = round(percentile(times, 95));
        figure.max = round(times[times.length - 1] ?? 0);
        log(`  ${label}: ${figure.failed ? `FAILED ${figure.failed}` : `p95 ${figure.p95} ms`}`);
      }
      return {
        database: kind,
        wristbands: shape.wristbands,
        operations: loaded.operations,
        rows: loaded.rows,
        loadSeconds: loaded.loadSeconds,
        indexSeconds: loaded.indexSeconds,
        runs: opts.runs,
        calls,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

const resultOf = (c: CallFigure) => (c.failed ? 'FAILED' : c.p95 < c.target ? 'ok' : 'SLOW');

/** Prints the figures and a one-line verdict; answers whether every call answered and met its target. */
export function printReportFigures(f: ReportFigures) {
  console.log(
    `\nReports on ${f.database}: ${f.operations.toLocaleString('en')} operations, ${f.wristbands.toLocaleString('en')} wristbands ` +
      `(bulk-loaded with INSERT … SELECT generate_series, not through the device API, in ${f.loadSeconds} s + ${f.indexSeconds} s for indexes and ANALYZE)`,
  );
  console.log(
    `rows: ${Object.entries(f.rows)
      .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
      .join(', ')}`,
  );
  console.log(
    `Each call ${f.runs} times through app.inject as an administrator; a one-day window, the dashboard over the whole event. ` +
      `Target: p95 < ${REPORT_TARGET_MS} ms per report call, < ${DASHBOARD_TARGET_MS} ms for ${DASHBOARD_URL}.`,
  );
  const width = Math.max(4, ...f.calls.map((c) => c.url.length));
  const num = (n: number, c: CallFigure) => (c.failed && !n ? '—' : n.toFixed(1)).padStart(8);
  console.log(
    `${'call'.padEnd(width)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}  ${'max ms'.padStart(8)}  ${'target'.padStart(9)}  ${'answer'.padStart(9)}  result`,
  );
  for (const c of f.calls) {
    console.log(
      `${c.url.padEnd(width)}  ${num(c.p50, c)}  ${num(c.p95, c)}  ${num(c.max, c)}  ${`< ${c.target} ms`.padStart(9)}  ${`${(c.bytes / 1024).toFixed(1)} kB`.padStart(9)}  ${resultOf(c)}${c.failed ? ` — ${c.failed}` : ''}`,
    );
  }
  const failed = f.calls.filter((c) => c.failed);
  const slow = f.calls.filter((c) => resultOf(c) === 'SLOW');
  const timed = f.calls.filter((c) => !c.failed);
  const worst = timed.reduce<CallFigure | null>(
    (w, c) => (!w || c.p95 / c.target > w.p95 / w.target ? c : w),
    null,
  );
  const ok = failed.length === 0 && slow.length === 0;
  console.log(
    ok
      ? `Verdict: PASS — all ${f.calls.length} report calls answered and met their target` +
          (worst ? ` (closest: ${worst.url} p95 ${worst.p95} ms of ${worst.target} ms).` : '.')
      : `Verdict: FAIL — ${failed.length} FAILED${failed.length ? ` (${failed.map((c) => c.url).join(', ')})` : ''}, ` +
          `${slow.length} SLOW${slow.length ? ` (${slow.map((c) => `${c.url} p95 ${c.p95} ms`).join(', ')})` : ''} ` +
          `of ${f.calls.length} report calls.`,
  );
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'postgres' },
      wristbands: { type: 'string', default: String(DEFAULT_REPORTS.wristbands) },
      operations: { type: 'string', default: String(DEFAULT_REPORTS.operations) },
      days: { type: 'string', default: String(DEFAULT_REPORTS.days) },
      runs: { type: 'string', default: String(DEFAULT_REPORTS.runs) },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'string' },
      calls: { type: 'string' },
    },
  });
  const figures = await benchReports(values.db === 'pglite' ? 'pglite' : 'postgres', {
    wristbands: Number(values.wristbands),
    operations: Number(values.operations),
    days: Number(values.days),
    runs: Number(values.runs),
    keep: values.keep,
    reuse: values.reuse,
    calls: values.calls?.split(',').filter(Boolean),
    log: (s) => console.log(s),
  });
  if (!printReportFigures(figures)) process.exitCode = 1;
}
