import type { DeviceType } from '@pulsera/contracts';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { accessRecords, customers, devices, presenceRecords, sales, topUps } from '../../core/db/schema';
import { appTarget, ledgerMismatches } from '../../modules/terminals';
import { simulateDemo } from './demo';
import { eventArticles } from './event-setup';
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

describe('the festival simulator', () => {
  it('drives the device API like terminals: everything recorded once, balances equal to the ledger', async () => {
    const event = await t.eventByName('Sonora Festival 2027');
    const options = {
      eventId: event.id,
      wristbands: 25,
      days: 2,
      seed: 5,
      syncEveryMinutes: 60,
      start: new Date('2027-07-10T12:00:00Z'),
      articles: await eventArticles(t.database.db, event.id),
    };
    const first = await simulateFestival(appTarget(t.app, t.database.db), options);
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

    // The same seed again: the same operations, all of them already recorded.
    const again = await simulateFestival(appTarget(t.app, t.database.db), options);
    expect(again.accepted).toBe(0);
    expect(again.duplicates).toBeGreaterThanOrEqual(first.operations);
    expect(await ledgerMismatches(t.database.db, event.id)).toEqual([]);
  }, 120_000);

  it('gives the demo festival its data in one call', async () => {
    const event = await t.activeEvent();
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
