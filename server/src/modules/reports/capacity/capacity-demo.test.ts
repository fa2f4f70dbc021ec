import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { seedDemoVenue } from '../../../seed/demo';
import { simulateDemo } from '../../../seed/simulator';

/** The demo festival gives the capacities and validations reports something to show. */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['session']>>;
beforeAll(async () => {
  t = await createTestApp();
  const ev = await t.activeEvent();
  // The access and tickets with the rest of the venue the simulated terminals name (the feed records
  // only the event's own).
  await seedDemoVenue(t.database.db, ev.id);
  await simulateDemo(t.database.db, ev.id);
  admin = await t.session('admin@demo.test');
}, 180_000);
afterAll(() => t.close());

describe('the demo festival’s access and tickets', () => {
  it('people come into the grounds and the VIP area and leave again', async () => {
    const ev = await t.activeEvent();
    // The first festival night, 22:00 local (20:00Z in summer, 21:00Z in winter): people are inside.
    const evening = new Date(ev.dateStart);
    evening.setUTCHours(21, 0, 0, 0);
    const r = (await t.call('GET', `/api/capacity/zone?date=${evening.toISOString()}`, admin)).body.result;
    const grounds = r.zones.find((z: any) => z.name === 'Festival grounds');
    const vip = r.zones.find((z: any) => z.name === 'VIP area');
    expect(grounds.occupancy).toBeGreaterThan(20);
    expect(grounds.exits).toBeGreaterThan(0);
    expect(vip.entries).toBeGreaterThan(0);
    expect(vip.exits).toBeGreaterThan(0);
    expect(vip.occupancy).toBeLessThanOrEqual(grounds.occupancy);
    // The next morning after the 10:00 reset nobody is left inside.
    const morning = new Date(evening.getTime() + 15 * 3_600_000);
    const m = (await t.call('GET', `/api/capacity/zone?date=${morning.toISOString()}`, admin)).body.result;
    for (const z of m.zones) expect(z.occupancy).toBe(0);
  });

  it('tickets sold online and not yet validated are pending', async () => {
    const r = (await t.call('GET', '/api/reports/overviewTickets', admin)).body.result;
    expect(r.total.pending).toBe(22);
    expect(r.total.cancelled).toBe(2);
    expect(r.total.validated).toBeGreaterThan(100);
  });
});
