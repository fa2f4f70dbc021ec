import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';

type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let other: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  other = await t.session('admin@demo.test', 'Sonora Festival 2027');
  for (const [nombre, s] of [
    ['Zeta bar', admin],
    ['alpha bar', admin],
    ['Foreign bar', other],
  ] as const) {
    await t.call('POST', '/api/locations', { ...s, body: { location: { nombre } } });
  }
  await t.call('POST', '/api/staff', {
    ...admin,
    body: { staff: { user: 'metre1', name: 'Marta Metre', trusts: 'CM', intern: 0 } },
  });
  await t.call('POST', '/api/staff', {
    ...admin,
    body: { staff: { user: 'cashier1', name: 'Carlos Cashier', trusts: 'C', intern: 1 } },
  });
});
afterAll(() => t.close());

describe('GET /filters (the report filter bar)', () => {
  it('answers the asked kinds of the selected event only, sorted by name, with the event calendar', async () => {
    const res = await t.call('GET', '/api/filters?kinds=locations,staffs', admin);
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(Object.keys(r).sort()).toEqual(['event', 'locations', 'staffs']);
    const names = r.locations.map((l: { name: string }) => l.name);
    expect(names).toContain('alpha bar');
    expect(names).not.toContain('Foreign bar');
    expect(names.indexOf('alpha bar')).toBeLessThan(names.indexOf('Zeta bar'));
    expect([...names]).toEqual(
      [...names].sort((a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' })),
    );
    expect(r.event).toEqual({
      start: expect.any(String),
      end: expect.any(String),
      timezone: expect.any(String),
      offset: expect.any(Number),
    });
  });

  it('answers only the calendar for kinds=none', async () => {
    const res = await t.call('GET', '/api/filters?kinds=none', admin);
    expect(Object.keys(res.body.result)).toEqual(['event']);
  });

  it('narrows staff to a trust letter and tells intern from extern', async () => {
    const res = await t.call('GET', '/api/filters?kinds=staffs&idTrust=M', admin);
    const staffs = res.body.result.staffs as { name: string; intern: number }[];
    expect(staffs.map((s) => s.name)).toContain('Marta Metre');
    expect(staffs.map((s) => s.name)).not.toContain('Carlos Cashier');
    expect(staffs.find((s) => s.name === 'Marta Metre')!.intern).toBe(0);
  });

  it('refuses an unknown kind with a field message, and needs a selected event', async () => {
    const bad = await t.call('GET', '/api/filters?kinds=locations,planets', admin);
    expect(bad.status).toBe(400);
    const noEvent = await t.call('GET', '/api/filters', { token: admin.token });
    expect(noEvent.status).toBeGreaterThanOrEqual(400);
    expect(noEvent.status).toBeLessThan(500);
  });
});
