import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { rols } from '../core/db/schema';
import { seedDemoMenusAndPacks, seedDemoTopUpRules } from '../modules/catalogue';
import { seedDemoAds } from '../modules/events';
import { seedDemoFestival } from './demo';

/**
 * The demo festival names every id of its feed: the locations, staff, devices, zones, gates, ticket
 * roles, flags, articles, add-ons, kitchens and rooms the simulated terminals wrote all exist in the
 * event, so no screen shows a bare `#51` where a name belongs.
 */
let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  await seedDemoFestival(t.database.db, eventId);
}, 180_000);
afterAll(() => t.close());

/** [feed table, its plain id column, the event table that id names]. */
const REFERENCES: [string, string, string][] = [
  ['wristbands', 'role_id', 'rols'],
  ['tickets', 'role_id', 'rols'],
  ['top_ups', 'location_id', 'locations'],
  ['top_ups', 'staff_id', 'staff'],
  ['top_ups', 'supervisor_id', 'staff'],
  ['top_ups', 'addon_id', 'addons'],
  ['sales', 'location_id', 'locations'],
  ['sales', 'staff_id', 'staff'],
  ['sales', 'addon_id', 'addons'],
  ['sales', 'kitchen_id', 'kitchens'],
  ['sales', 'room_id', 'rooms'],
  ['sale_lines', 'article_id', 'articles'],
  ['access_records', 'zone_from', 'zones'],
  ['access_records', 'zone_to', 'zones'],
  ['access_records', 'last_zone', 'zones'],
  ['access_records', 'gate_id', 'gates'],
  ['access_records', 'role_id', 'rols'],
  ['access_records', 'staff_id', 'staff'],
  ['ticket_validations', 'role_id', 'rols'],
  ['ticket_validations', 'location_id', 'locations'],
  ['ticket_validations', 'staff_id', 'staff'],
  ['ticket_validations', 'ticket_id', 'tickets'],
  ['role_recordings', 'role_id', 'rols'],
  ['role_recordings', 'location_id', 'locations'],
  ['role_recordings', 'staff_id', 'staff'],
  ['wristband_changes', 'location_id', 'locations'],
  ['wristband_changes', 'staff_id', 'staff'],
  ['presence_records', 'location_id', 'locations'],
  ['presence_records', 'staff_id', 'staff'],
  ['presence_records', 'controller_id', 'staff'],
  ['order_errors', 'location_id', 'locations'],
  ['order_errors', 'staff_id', 'staff'],
  ['order_errors', 'kitchen_id', 'kitchens'],
  ['order_errors', 'room_id', 'rooms'],
  ['online_top_ups', 'location_id', 'locations'],
];
const DEVICE_TABLES = [
  'top_ups',
  'sales',
  'access_records',
  'ticket_validations',
  'role_recordings',
  'wristband_changes',
  'presence_records',
  'order_errors',
];

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the demo festival’s feed', () => {
  it('names a row of the event with every plain id it holds', async () => {
    const dangling: Record<string, number[]> = {};
    const used: Record<string, number> = {};
    for (const [table, column, target] of REFERENCES) {
      const [f, c, g] = [sql.identifier(table), sql.identifier(column), sql.identifier(target)];
      const missing = await rows<{ id: number }>(sql`
        select distinct f.${c} as id from ${f} f
        where f.event_id = ${eventId} and f.${c} is not null
          and not exists (select 1 from ${g} g where g.id = f.${c} and g.event_id = ${eventId})
        order by 1`);
      if (missing.length) dangling[`${table}.${column}`] = missing.map((r) => Number(r.id));
      const [n] = await rows<{ n: number }>(
        sql`select count(distinct ${c})::int as n from ${f} where event_id = ${eventId}`,
      );
      used[`${table}.${column}`] = Number(n!.n);
    }
    // The flags the wristbands hold are flags of the event.
    const flags = await rows<{ id: number }>(sql`
      select distinct x.id from wristbands w, unnest(w.flags) as x(id)
      where w.event_id = ${eventId}
        and not exists (select 1 from flags g where g.id = x.id and g.event_id = ${eventId})`);
    if (flags.length) dangling['wristbands.flags'] = flags.map((r) => Number(r.id));
    // The devices are terminals registered in the console.
    for (const table of DEVICE_TABLES) {
      const missing = await rows<{ id: number }>(sql`
        select distinct f.device_id as id from ${sql.identifier(table)} f
        where f.event_id = ${eventId} and f.device_id is not null
          and not exists (select 1 from devices d where d.id = f.device_id)`);
      if (missing.length) dangling[`${table}.device_id`] = missing.map((r) => Number(r.id));
    }
    expect(dangling).toEqual({});

    // The demo really uses them: its feed is not empty where it matters.
    for (const key of [
      'access_records.gate_id',
      'access_records.role_id',
      'access_records.zone_to',
      'ticket_validations.location_id',
      'top_ups.location_id',
      'sales.location_id',
      'sale_lines.article_id',
      'presence_records.location_id',
      'wristbands.role_id',
    ])
      expect(used[key], key).toBeGreaterThan(0);
    expect(used['access_records.gate_id']).toBe(3); // North, South and the VIP entrance
    expect(used['wristbands.role_id']).toBeGreaterThanOrEqual(2);
  });

  it('shows role names in the customer lookup’s access log, and only the roles the feed holds are kept from deletion', async () => {
    const admin = await t.session('admin@demo.test');
    const [w] = await rows<{ id: number }>(sql`
      select w.id from wristbands w
      where w.event_id = ${eventId} and exists (
        select 1 from access_records a where a.wristband_id = w.id and a.event_id = w.event_id)
      order by w.id limit 1`);
    const res = await t.call('GET', `/api/infoCustomer/access?rfidId=${w!.id}`, admin);
    expect(res.status).toBe(200);
    const log = res.body.result as { rol: string | null; gate: string | null; zoneTo: string | null }[];
    expect(log.length).toBeGreaterThan(0);
    for (const a of log) {
      expect(['General', 'VIP', 'Backstage crew']).toContain(a.rol);
      expect(['North gate', 'South gate', 'VIP entrance']).toContain(a.gate);
      expect(a.zoneTo === null || !a.zoneTo.startsWith('#')).toBe(true);
    }

    // A ticket role made now is held by nobody and goes; the demo's VIP tickets are held.
    const [fresh] = await t.database.db
      .insert(rols)
      .values({ eventId, name: 'Day pass' })
      .returning({ id: rols.id });
    expect((await t.call('DELETE', `/api/rols/${fresh!.id}`, admin)).status).toBe(200);
    const [vip] = await t.database.db
      .select({ id: rols.id })
      .from(rols)
      .where(and(eq(rols.eventId, eventId), eq(rols.name, 'VIP')));
    expect((await t.call('DELETE', `/api/rols/${vip!.id}`, admin)).status).toBe(409);
  });
});

describe('the demo festival’s catalogue', () => {
  type Menu = {
    nombre: string;
    numArticles: number;
    numCompounds: number;
    articles: { nombre: string; precio: number; order: number; visible: number }[];
    articlesStick: unknown[];
  };
  const get = async <T>(url: string) => {
    const res = await t.call('GET', url, await t.session('admin@demo.test'));
    expect(res.status, url).toBe(200);
    return res.body.result as T;
  };

  it('fills the menus, packs, bonus types, bonuses, fee, refund rule and kiosk ad screens', async () => {
    const { locations } = await get<{ locations: Menu[] }>('/api/articles/location');
    const menu = (name: string) => locations.find((l) => l.nombre === name)!;
    for (const name of ['Main Bar', 'Beach Bar', 'Cocktail Tent', 'Food Court'])
      expect(menu(name).numArticles, name).toBeGreaterThan(0);
    expect(menu('Main Bar').articles.map((a) => [a.nombre, a.precio, a.order, a.visible])).toEqual([
      ['Beer 50cl', 600, 1, 1],
      ['Soft drink', 350, 2, 1],
      ['Water 50cl', 250, 3, 1],
      ['Gin tonic', 1000, 4, 1],
      ['Reusable cup', 200, 5, 1],
    ]);
    expect(menu('Beach Bar').articles.find((a) => a.nombre === 'Gin tonic')?.visible).toBe(0);
    expect(menu('Cocktail Tent').numCompounds).toBe(1);
    expect(menu('Food Court').articles[0]?.nombre).toBe('Burger');

    const { packs } = await get<{ packs: { nombre: string; locationsAvailable: number[] }[] }>('/api/packs');
    expect(packs.map((p) => p.nombre).sort()).toEqual(['Beer bucket (5 × 50cl)', 'Burger combo']);
    expect(packs.every((p) => p.locationsAvailable.length > 0)).toBe(true);

    const types = await get<{ type: string }[]>('/api/bonusType');
    expect(types.map((b) => b.type).sort()).toEqual(['E', 'M', 'M']);

    const { bonus } = await get<{
      bonus: { maxNumTopUp: number; locationsAvailable: number[]; idBonusType: number | null }[];
    }>('/api/bonus');
    expect(bonus).toHaveLength(2);
    expect(bonus.some((b) => b.maxNumTopUp === -1 && b.locationsAvailable.length === 0)).toBe(true);
    expect(bonus.some((b) => b.locationsAvailable.length > 0 && b.idBonusType !== null)).toBe(true);

    expect((await get<{ fees: unknown[] }>('/api/fees')).fees).toHaveLength(1);
    expect((await get<{ refunds: unknown[] }>('/api/refunds')).refunds).toHaveLength(1);
    const ads = await get<{ timeStart: string; timeEnd: string; pictureFull: unknown }[]>('/api/ads');
    expect(ads).toEqual([
      expect.objectContaining({ timeStart: '12:00:00', timeEnd: '23:59:59', pictureFull: null }),
    ]);
  });

  it('sells at each location what its menu shows, at the menu’s price, with its sticks', async () => {
    // Every line of a sale is an article on its location's menu at that price; a hidden one only as a stick.
    const strays = await rows<{ location: string; article: string; price: number }>(sql`
      select l.name as location, a.name as article, sl.price
      from sale_lines sl
      join sales s on s.id = sl.sale_id
      join locations l on l.id = s.location_id
      join articles a on a.id = sl.article_id
      left join location_articles m
        on m.event_id = s.event_id and m.location_id = s.location_id and m.article_id = sl.article_id
      where s.event_id = ${eventId}
        and (m.id is null or m.price <> sl.price or (m.visible = 0 and not exists (
          select 1 from location_article_sticks k
          where k.event_id = s.event_id and k.location_id = s.location_id and k.stick_article_id = sl.article_id)))`);
    expect(strays).toEqual([]);
    // Every gin tonic of the Cocktail Tent comes with its reusable cup.
    const [cups] = await rows<{ gins: number; without: number }>(sql`
      select count(*)::int as gins, count(*) filter (where not exists (
        select 1 from sale_lines c join articles ca on ca.id = c.article_id
        where c.sale_id = sl.sale_id and ca.name = 'Reusable cup' and c.quantity >= sl.quantity))::int as without
      from sale_lines sl
      join sales s on s.id = sl.sale_id
      join locations l on l.id = s.location_id
      join articles a on a.id = sl.article_id
      where s.event_id = ${eventId} and l.name = 'Cocktail Tent' and a.name = 'Gin tonic'`);
    expect(cups!.gins).toBeGreaterThan(0);
    expect(cups!.without).toBe(0);
  });

  it('records top-ups and refunds as the bonuses, the fee and the refund rule say', async () => {
    const topUps = await rows<{
      amount: number;
      bonus: number;
      fee: number;
      hour: number;
      kiosk: boolean;
      first: boolean;
    }>(sql`
      select t.amount, t.bonus, t.fee, extract(hour from t.device_time at time zone e.timezone)::int as hour,
        l.name = 'Top-up kiosks' as kiosk,
        not exists (select 1 from top_ups f where f.event_id = t.event_id and f.wristband_id = t.wristband_id
          and f.type in ('N', 'O') and f.device_time < t.device_time) as first
      from top_ups t join events e on e.id = t.event_id left join locations l on l.id = t.location_id
      where t.event_id = ${eventId} and t.type in ('N', 'O')`);
    expect(topUps.length).toBeGreaterThan(0);
    for (const t of topUps) {
      // The bonus that always applies: 2.50 from 50 on; the fee of top-ups under 10 never met.
      expect(t.bonus).toBe(t.amount >= 5000 ? 250 : 0);
      expect(t.amount).toBeGreaterThanOrEqual(1000);
      expect(t.fee).toBe(0);
      // The early-bird bonus (10 % on a wristband's first top-up at the kiosks between 12:00 and
      // 15:00) is due to none: the crowd arrives later. The README's demo wristband tops up in the
      // hour before the demo starts, at any hour, but never for the first time on the last day.
      expect(t.kiosk && t.first && t.hour >= 12 && t.hour < 15).toBe(false);
    }
    const refunds = await rows<{ location: string | null }>(sql`
      select l.name as location from top_ups t left join locations l on l.id = t.location_id
      where t.event_id = ${eventId} and t.type = 'D'`);
    // Refunds are asked for as people leave on the festival's last night. The demo runs up to now:
    // between 12:00 and 04:00 UTC that night is still under way and its leavers have not all asked
    // yet (in the afternoon, none has), so refunds are only certain once it has closed.
    const hour = new Date().getUTCHours();
    if (hour >= 4 && hour < 12) expect(refunds.length).toBeGreaterThan(0);
    for (const r of refunds) expect(r.location).toBe('Top-up kiosks');
  });

  it('adds nothing on a second start', async () => {
    const counts = () =>
      rows<{ n: number }>(sql`
        select (select count(*) from location_articles where event_id = ${eventId})
          + (select count(*) from location_article_sticks where event_id = ${eventId})
          + (select count(*) from packs where event_id = ${eventId})
          + (select count(*) from bonus_types where event_id = ${eventId})
          + (select count(*) from bonuses where event_id = ${eventId})
          + (select count(*) from fees where event_id = ${eventId})
          + (select count(*) from refund_rules where event_id = ${eventId})
          + (select count(*) from ads where event_id = ${eventId}) as n`);
    const before = Number((await counts())[0]!.n);
    await seedDemoMenusAndPacks(t.database.db, eventId);
    await seedDemoTopUpRules(t.database.db, eventId);
    await seedDemoAds(t.database.db, eventId);
    expect(Number((await counts())[0]!.n)).toBe(before);
  });
});
