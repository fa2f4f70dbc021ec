import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { seedDemoVenue } from '../../../seed/demo';
import { simulateDemo } from '../../../seed/simulator';
import { PRESENCE_LOCATION_NAME, seedDemoIdleStaff, seedDemoStaff } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('presence control in the demo festival', () => {
  it('shows internal and external staff with their checks at the staff entrance, and staff without checks', async () => {
    const ev = await t.activeEvent();
    expect(await seedDemoStaff(t.database.db, ev.id)).toBe(5);
    // The rest of the venue the simulated terminals name (the feed records only the event's own).
    await seedDemoVenue(t.database.db, ev.id);
    const report = await simulateDemo(t.database.db, ev.id);
    expect(report.refused).toBe(0);
    expect(await seedDemoIdleStaff(t.database.db, ev.id)).toBe(2);
    // A second start keeps what exists.
    expect(await seedDemoStaff(t.database.db, ev.id)).toBe(0);

    const s = await t.session('admin@demo.test');
    const res = await t.call('GET', '/api/controlPresence', s);
    expect(res.status).toBe(200);
    const { staff, locations } = res.body.result as {
      staff: {
        staff: string;
        isIntern: boolean;
        nChecks: number;
        hours: string;
        lastLocation: string | null;
      }[];
      locations: { nombre: string }[];
    };
    expect(locations.map((l) => l.nombre)).toEqual([PRESENCE_LOCATION_NAME]);
    const worked = staff.filter((x) => x.nChecks > 0);
    // The five of the staff entrance and the food court's two metres (the demo venue's staff).
    expect(worked.length).toBe(7);
    expect(worked.every((x) => x.lastLocation === PRESENCE_LOCATION_NAME)).toBe(true);
    expect(worked.some((x) => x.isIntern)).toBe(true);
    expect(worked.some((x) => !x.isIntern)).toBe(true);
    // Closed shifts give a worked time; the day still running leaves check-outs missing.
    expect(worked.every((x) => /^\d+:\d{2}$/.test(x.hours) || x.hours === 'missingCheckOut')).toBe(true);
    expect(staff.filter((x) => x.nChecks === 0).map((x) => x.staff)).toEqual(['Carmen Ruiz', 'Luca Bianchi']);
  }, 120_000);
});
