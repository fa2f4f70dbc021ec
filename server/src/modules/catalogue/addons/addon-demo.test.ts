import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { seedDemoVenue } from '../../../seed/demo';
import { simulateDemo } from '../../../seed/simulator';
import { ledgerMismatches } from '../../terminals';
import { seedDemoCatalogue } from '../demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo festival with add-ons', () => {
  it('records add-on operations by the named staff, so the statistics have something to show', async () => {
    const event = await t.activeEvent();
    await seedDemoCatalogue(t.database.db, event.id);
    await seedDemoCatalogue(t.database.db, event.id); // a second start adds nothing
    // The rest of the venue the simulated terminals name (the feed records only the event's own).
    await seedDemoVenue(t.database.db, event.id);
    const report = await simulateDemo(t.database.db, event.id);
    expect(report.refused).toBe(0);
    expect(await ledgerMismatches(t.database.db, event.id)).toEqual([]);

    const admin = await t.session('admin@demo.test');
    const res = await t.call('GET', '/api/reports/overviewAddonLog', admin);
    expect(res.status).toBe(200);
    const { reports, addonLogs, filters } = res.body.result;
    expect(filters.addons.map((a: { name: string }) => a.name)).toEqual([
      'Camping pack',
      'Drinks pack',
      'VIP upgrade',
    ]);
    // The add-on staff, the staff entrance's five and the food court's two metres (the demo venue).
    expect(filters.staffs).toHaveLength(19);
    expect(addonLogs).toBeGreaterThan(10);
    const total = (k: 'manuals' | 'sales' | 'validations') =>
      reports.addons.reduce((s: number, a: Record<string, number>) => s + a[k]!, 0);
    expect(total('manuals')).toBeGreaterThan(0);
    expect(total('sales')).toBeGreaterThan(0);
    expect(total('validations')).toBeGreaterThan(0);
    expect(total('manuals') + total('sales') + total('validations')).toBe(addonLogs);
    // Every row names a staff member of the event.
    const names = new Set(filters.staffs.map((s: { name: string }) => s.name));
    for (const a of reports.addons)
      for (const r of a.staff) expect(names.has(r.staffName), JSON.stringify(r)).toBe(true);
  }, 120_000);
});
