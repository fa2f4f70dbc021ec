import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@pulsera/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { devices, locations, presenceRecords, staff } from '../../../core/db/schema';

type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let eventId: number;
let otherEventId: number;
const ids: Record<string, number> = {};
const recordIds: Record<string, number[]> = {};

const at = (h: number, m = 0) => new Date(Date.UTC(2026, 6, 10, h, m));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  eventId = (await t.activeEvent()).id;
  otherEventId = (await t.eventByName('Sonora Festival 2027')).id;
  const db = t.database.db;
  const [office, bar] = await db
    .insert(locations)
    .values([
      { eventId, idUnique: 1, name: 'Staff office', activities: ['P'] },
      { eventId, idUnique: 2, name: 'Main bar', activities: ['V'] },
    ])
    .returning();
  ids.office = office!.id;
  ids.bar = bar!.id;
  const [device] = await db
    .insert(devices)
    .values({ nSerie: 'PDA-PRESENCE-1', description: 'Office handheld', assignedEventId: eventId })
    .returning();
  ids.device = device!.id;
  const people = await db
    .insert(staff)
    .values([
      { eventId, user: 'ana.c', name: 'Ana Controller', trusts: 'P', intern: 1 },
      { eventId, user: 'bruno', name: 'Bruno Barman', trusts: 'V', intern: 1 },
      { eventId, user: 'carla', name: 'Carla Cashier', trusts: 'C', intern: 0 },
      { eventId, user: 'dani', name: 'Dani Idle', trusts: 'C', intern: 0 },
      { eventId, user: 'eva', name: 'Eva Early', trusts: 'S', intern: 1 },
      { eventId: otherEventId, user: 'olga', name: 'Olga Other', trusts: 'C', intern: 1 },
    ])
    .returning();
  for (const p of people) ids[p.user] = p.id;
  const rec = (
    who: string,
    type: 'in' | 'out',
    date: Date,
    locationId: number | null = ids.office!,
    ev = eventId,
  ) => ({
    eventId: ev,
    operationId: randomUUID(),
    staffId: ids[who] ?? Number(who),
    type,
    locationId,
    deviceId: ids.device!,
    controllerId: ids['ana.c']!,
    datePresence: date,
  });
  const insert = async (key: string, rows: ReturnType<typeof rec>[]) => {
    recordIds[key] = (await db.insert(presenceRecords).values(rows).returning()).map((r) => r.id);
  };
  // Bruno: two shifts, 8:30 + 1:15 = 9:45, last out at the bar.
  await insert('bruno', [
    rec('bruno', 'in', at(8)),
    rec('bruno', 'out', at(16, 30)),
    rec('bruno', 'in', at(18)),
    rec('bruno', 'out', at(19, 15), ids.bar!),
  ]);
  // Carla: checked in, never out.
  await insert('carla', [rec('carla', 'in', at(9))]);
  // Eva: an out with no in before it.
  await insert('eva', [rec('eva', 'out', at(7)), rec('eva', 'in', at(8)), rec('eva', 'out', at(9))]);
  // A staff id the terminals recorded that is not staff of the event.
  await insert('ghost', [rec('424242', 'in', at(10)), rec('424242', 'out', at(11))]);
  // Olga, in the other event.
  await insert('olga', [rec('olga', 'in', at(8), null, otherEventId)]);
});
afterAll(() => t.close());

const list = (query = '', s: Session = admin) => t.call('GET', `/api/controlPresence${query}`, s);
const summaries = async (query = '') => {
  const res = await list(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { staff: any[]; locations: { id: number; nombre: string }[] };
};
const remove = (body: unknown, s: Session = admin) =>
  t.call('POST', '/api/controlPresence/delete', { ...s, body });

describe('GET /api/controlPresence', () => {
  it('summarises every staff member of the event: hours, checks, last check and location', async () => {
    const r = await summaries();
    const by = (name: string) => r.staff.find((s) => s.staff === name);
    expect(r.staff.map((s) => s.staff)).toEqual([
      'Ana Controller',
      'Bruno Barman',
      'Carla Cashier',
      'Dani Idle',
      'Eva Early',
      '#424242',
    ]);
    expect(by('Bruno Barman')).toEqual({
      idStaff: ids.bruno,
      staff: 'Bruno Barman',
      user: 'bruno',
      isIntern: true,
      nChecks: 4,
      hours: '9:45',
      lastType: 'out',
      lastDate: at(19, 15).toISOString(),
      idLastLocation: ids.bar,
      lastLocation: 'Main bar',
    });
    expect(by('Carla Cashier')).toMatchObject({ isIntern: false, nChecks: 1, hours: 'missingCheckOut' });
    expect(by('Dani Idle')).toMatchObject({ nChecks: 0, hours: 'noChecks', lastType: null, lastDate: null });
    expect(by('Eva Early')).toMatchObject({ nChecks: 3, hours: 'missingCheckIn', lastType: 'out' });
    expect(by('#424242')).toMatchObject({ user: null, isIntern: false, hours: '1:00' });
    expect(r.locations).toEqual([
      { id: ids.bar, nombre: 'Main bar' },
      { id: ids.office, nombre: 'Staff office' },
    ]);
  });

  it('filters by name or user, last location and at least one action', async () => {
    expect((await summaries('?name=BRU')).staff.map((s) => s.staff)).toEqual(['Bruno Barman']);
    expect((await summaries('?name=ana.c')).staff.map((s) => s.staff)).toEqual(['Ana Controller']);
    expect((await summaries(`?idLocation=${ids.bar}`)).staff.map((s) => s.staff)).toEqual(['Bruno Barman']);
    const active = (await summaries('?withActions=true')).staff.map((s) => s.staff);
    expect(active).toEqual(['Bruno Barman', 'Carla Cashier', 'Eva Early', '#424242']);
    expect(
      (await summaries(`?withActions=1&idLocation=${ids.office}&name=a`)).staff.map((s) => s.staff),
    ).toEqual(['Carla Cashier', 'Eva Early']);
    // The location choices do not shrink with the filter.
    expect((await summaries('?name=nobody')).locations).toHaveLength(2);
  });

  it('refuses an invalid filter', async () => {
    const cases: [string, string][] = [
      ['?idLocation=bar', 'idLocation'],
      ['?idLocation=-3', 'idLocation'],
      ['?withActions=maybe', 'withActions'],
      [`?name=${'x'.repeat(151)}`, 'name'],
    ];
    for (const [q, field] of cases) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(res.body.fields[0].path, q).toBe(`querystring.${field}`);
    }
  });
});

describe('GET /api/controlPresence/{id}', () => {
  it('answers the summary and the records, oldest first, with names', async () => {
    const res = await t.call('GET', `/api/controlPresence/${ids.bruno}`, admin);
    expect(res.status).toBe(200);
    expect(res.body.result.summary).toMatchObject({ staff: 'Bruno Barman', hours: '9:45' });
    expect(res.body.result.records).toHaveLength(4);
    expect(res.body.result.records[0]).toEqual({
      id: recordIds.bruno![0],
      type: 'in',
      datePresence: at(8).toISOString(),
      idController: ids['ana.c'],
      controller: 'Ana Controller',
      idLocation: ids.office,
      location: 'Staff office',
      idDevice: ids.device,
      device: 'Office handheld',
      date: expect.any(String),
      date_update: expect.any(String),
    });
    expect(res.body.result.records.map((r: { type: string }) => r.type)).toEqual(['in', 'out', 'in', 'out']);
    const idle = await t.call('GET', `/api/controlPresence/${ids.dani}`, admin);
    expect(idle.body.result).toMatchObject({ summary: { hours: 'noChecks' }, records: [] });
    const ghost = await t.call('GET', '/api/controlPresence/424242', admin);
    expect(ghost.body.result.summary.staff).toBe('#424242');
  });

  it('answers 404 for staff of another event or unknown, 400 for a malformed id', async () => {
    expect((await t.call('GET', `/api/controlPresence/${ids.olga}`, admin)).status).toBe(404);
    expect((await t.call('GET', '/api/controlPresence/999999', admin)).status).toBe(404);
    expect((await t.call('GET', '/api/controlPresence/abc', admin)).status).toBe(400);
  });
});

describe('POST /api/controlPresence/delete', () => {
  it('deletes the records together; the hours follow', async () => {
    // Eva's check-out without a check-in, and both checks of the staff id that is not staff.
    const orphanOut = recordIds.eva![0]!;
    const res = await remove({ idControls: [orphanOut, ...recordIds.ghost!] });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(3);
    const after = await summaries();
    expect(after.staff.find((s) => s.staff === 'Eva Early')).toMatchObject({ nChecks: 2, hours: '1:00' });
    expect(after.staff.find((s) => s.staff === '#424242')).toBeUndefined();
  });

  it('deletes nothing when one record is not of the selected event, or no longer exists', async () => {
    const carla = recordIds.carla!;
    const olga = recordIds.olga!;
    const mixed = await remove({ idControls: [carla[0], olga[0]] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.error).toBe(1900);
    expect(mixed.body.description).toContain('1 of the records to delete do not exist in this event');
    const gone = await remove({ idControls: [carla[0], 99_999_999] });
    expect(gone.status).toBe(404);
    const left = await t.database.db
      .select()
      .from(presenceRecords)
      .where(inArray(presenceRecords.id, [carla[0]!, olga[0]!]));
    expect(left).toHaveLength(2);
    // Twice the same id counts once.
    const twice = await remove({ idControls: [carla[0], carla[0]] });
    expect(twice.body.result).toBe(1);
  });

  it('refuses a malformed body', async () => {
    const cases: [unknown, string][] = [
      [{}, 'idControls'],
      [{ idControls: [] }, 'idControls'],
      [{ idControls: ['x'] }, 'idControls.0'],
      [{ idControls: [0] }, 'idControls.0'],
      [{ idControls: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'idControls'],
    ];
    for (const [body, path] of cases) {
      const res = await remove(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.fields[0].path).toBe(path);
    }
  });
});

describe('who may use presence control', () => {
  it('needs control_presence in the event', async () => {
    await t.userWithPermissions('presence@demo.test', eventId, [PERMISSIONS.control_presence]);
    const holder = await t.session('presence@demo.test');
    expect((await list('', holder)).status).toBe(200);
    expect((await t.call('GET', `/api/controlPresence/${ids.bruno}`, holder)).status).toBe(200);
    const ops = await t.session('ops@demo.test');
    expect((await list('', ops)).status).toBe(403);
    expect((await t.call('GET', `/api/controlPresence/${ids.bruno}`, ops)).status).toBe(403);
    const before = await t.database.db
      .select()
      .from(presenceRecords)
      .where(eq(presenceRecords.staffId, ids.bruno!));
    expect((await remove({ idControls: [recordIds.bruno![0]] }, ops)).status).toBe(403);
    const after = await t.database.db
      .select()
      .from(presenceRecords)
      .where(eq(presenceRecords.staffId, ids.bruno!));
    expect(after).toHaveLength(before.length);
    expect((await list('', { ...admin, event: '' })).status).toBe(400);
  });
});
