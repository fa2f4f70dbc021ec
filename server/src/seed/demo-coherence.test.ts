import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { rols } from '../db/schema';
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
