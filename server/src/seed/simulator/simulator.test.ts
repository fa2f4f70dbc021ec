import type { DeviceType } from '@pulsera/contracts';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames } from '../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../test/helper';
import { rowsOf } from '../../core/db/rows';
import { accessRecords, customers, devices, presenceRecords, sales, topUps } from '../../core/db/schema';
import { appTarget, httpTarget, ledgerMismatches } from '../../modules/terminals';
import { seedDemoVenue } from '../demo';
import { simulateDemo } from './demo';
import { simulateFestival } from './festival';
import { simGapTerminal, simSilentTerminal } from './fleet';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const total = async (
  table: typeof sales | typeof topUps | typeof accessRecords | typeof presenceRecords,
  eventId: number,
) => Number((await t.database.db.select({ n: count() }).from(table).where(eq(table.eventId, eventId)))[0]!.n);

/** Ids the feed's rows name that are not rows of the event, as "table.column id". */
async function strangers(eventId: number) {
  const checks: [string, string, string][] = [
    ['sales', 'location_id', 'locations'],
    ['sales', 'staff_id', 'staff'],
    ['sale_lines', 'article_id', 'articles'],
    ['top_ups', 'location_id', 'locations'],
    ['top_ups', 'staff_id', 'staff'],
    ['ticket_validations', 'location_id', 'locations'],
    ['ticket_validations', 'staff_id', 'staff'],
    ['access_records', 'gate_id', 'gates'],
    ['access_records', 'zone_to', 'zones'],
    ['access_records', 'zone_from', 'zones'],
    ['presence_records', 'staff_id', 'staff'],
    ['presence_records', 'location_id', 'locations'],
  ];
  const found: string[] = [];
  for (const [table, column, named] of checks) {
    const res = await t.database.db.execute(
      sql.raw(`select distinct r.${column} as id from ${table} r
        where r.event_id = ${eventId} and r.${column} is not null
          and not exists (select 1 from ${named} n where n.id = r.${column} and n.event_id = ${eventId})`),
    );
    for (const r of rowsOf<{ id: number }>(res)) found.push(`${table}.${column} ${r.id}`);
  }
  const [counts] = rowsOf<{ v: number; s: number }>(
    await t.database.db.execute(sql`select
      (select count(*) from ticket_validations where event_id = ${eventId})::int as v,
      (select count(*) from sales where event_id = ${eventId})::int as s`),
  );
  if (!counts!.v || !counts!.s) found.push(`validations ${counts!.v}, sales ${counts!.s}`);
  return found;
}

describe('the festival simulator', () => {
  it('drives the device API like terminals: everything recorded once, balances equal to the ledger', async () => {
    const event = await t.eventByName('Sonora Festival 2027');
    await seedDemoVenue(t.database.db, event.id);
    await feedNames(t.database.db, event.id, { articles: [7001, 7002, 7003] });
    const options = {
      eventId: event.id,
      wristbands: 25,
      days: 2,
      seed: 5,
      syncEveryMinutes: 60,
      start: new Date('2027-07-10T12:00:00Z'),
    };
    // As `npm run simulate -- --url …` does: through a running server, reading the event as its
    // terminals load it (GET /api/device/config).
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await t.login('admin@demo.test');
    const first = await simulateFestival(httpTarget(address, admin), options);
    expect(first.operations).toBeGreaterThan(300);
    expect(first.accepted).toBe(first.operations);
    expect(first.refused).toBe(0);
    expect(await ledgerMismatches(t.database.db, event.id)).toEqual([]);
    expect(await total(sales, event.id)).toBeGreaterThan(60);
    expect(await total(topUps, event.id)).toBeGreaterThan(15);
    expect(await total(accessRecords, event.id)).toBeGreaterThan(50);
    expect(await total(presenceRecords, event.id)).toBeGreaterThan(0);
    const [named] = await t.database.db
      .select({ n: count() })
      .from(customers)
      .where(and(eq(customers.eventId, event.id), isNotNull(customers.name)));
    expect(named!.n).toBe(25);
    // Every sale, top-up, validation and passage names a location, article and staff member of the
    // event (issue 27 item 18: the simulator made up ids 11, 12, 31, 51, 71, 72 and staff 101).
    expect(await strangers(event.id)).toEqual([]);

    // The same seed again: the same operations, all of them already recorded.
    const again = await simulateFestival(appTarget(t.app, t.database.db), options);
    expect(again.accepted).toBe(0);
    expect(again.duplicates).toBeGreaterThanOrEqual(first.operations);
    expect(await ledgerMismatches(t.database.db, event.id)).toEqual([]);
  }, 120_000);

  it('gives the demo festival its data in one call', async () => {
    const event = await t.activeEvent();
    await seedDemoVenue(t.database.db, event.id);
    const report = await simulateDemo(t.database.db, event.id);
    expect(report.accepted).toBeGreaterThan(1000);
    expect(report.refused).toBe(0);
    expect(await ledgerMismatches(t.database.db, event.id)).toEqual([]);

    // Fleet health: every terminal reported its app and sequence numbers; one lost three operations,
    // another went silent two hours before the others' last contact.
    const fleet = await t.database.db
      .select()
      .from(devices)
      .where(eq(devices.assignedEventId, event.id))
      .orderBy(devices.id);
    expect(fleet.every((d) => d.appVersion !== null && d.lastSeq !== null)).toBe(true);
    expect(fleet.filter((d) => d.missingOperations > 0).map((d) => d.missingOperations)).toEqual([3]);
    const gap = simGapTerminal(fleet.map((d) => ({ ...d, type: d.type as DeviceType })));
    expect(gap?.missingOperations).toBe(3);
    const silent = simSilentTerminal(fleet.map((d) => ({ ...d, type: d.type as DeviceType })))!;
    const latest = Math.max(...fleet.map((d) => d.lastContactAt!.getTime()));
    expect(latest - silent.lastContactAt!.getTime()).toBeGreaterThanOrEqual(2 * 3_600_000 - 3_600_000);
    expect(fleet.some((d) => d.appVersion === '3.3.0')).toBe(true);
  }, 120_000);
});
