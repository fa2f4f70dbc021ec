import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { registerDevice } from '../../terminals';

/**
 * GET /capacity/zone (the zones-access tab): occupancy per zone from the access records, with the
 * zone hierarchy and the reset hour. The figures below are counted by hand from the passages sent.
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let eventId: number;
let venue: number;
let vip: number;
let backstage: number;

const zone = async (s: Session, body: Record<string, unknown>) => {
  const res = await t.call('POST', '/api/zones', { ...s, body: { zone: body } });
  expect(res.status).toBe(200);
  return res.body.result as number;
};

async function totem(serial: string, idEvent: number) {
  const { secretKey } = await registerDevice(t.database.db, {
    n_serie: serial,
    idEvent,
    type: 'ACCESS_TOTEM',
  });
  const res = await t.call('POST', '/api/device/auth', { body: { serial, secretKey } });
  return res.body.result.token as string;
}
const pass = (rfid: string, at: string, from: number | null, to: number | null, acceso = 'S') => ({
  kind: 'access',
  id: randomUUID(),
  deviceTime: at,
  rfid,
  acceso,
  zoneFrom: from,
  zoneTo: to,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  const ev = await t.activeEvent();
  eventId = ev.id;
  expect(ev.timezone).toBe('Europe/Madrid'); // July: UTC+2, so 06:00 local is 04:00Z
  venue = await zone(admin, { name: 'Venue', capacity: 50, resetCapacity: 0 });
  vip = await zone(admin, {
    name: 'VIP',
    idZoneParent: venue,
    capacity: 5,
    noCheckCapacity: 1,
    resetCapacity: 1,
    resetHour: '06:00:00',
  });
  backstage = await zone(admin, { name: 'Backstage', resetCapacity: 0 });

  const token = await totem('CAP-TOTEM-1', eventId);
  const day = (hhmm: string) => `2026-07-10T${hhmm}:00.000Z`;
  const ops = [
    // P1 enters the venue, goes to the VIP and leaves the festival from there at 20:00.
    pass('04CAP0000001', day('18:00'), null, venue),
    pass('04CAP0000001', day('18:10'), venue, vip),
    pass('04CAP0000001', day('20:00'), vip, null),
    // P2 enters with a double-entry warning (accepted), visits the VIP and comes back.
    pass('04CAP0000002', day('18:05'), null, venue, 'W'),
    pass('04CAP0000002', day('18:20'), venue, vip),
    pass('04CAP0000002', day('18:40'), vip, venue),
    // P3 comes and goes.
    pass('04CAP0000003', day('18:06'), null, venue),
    pass('04CAP0000003', day('19:00'), venue, null),
    // Refused: double entry, and the VIP full (NC).
    pass('04CAP0000004', day('18:07'), null, venue, 'ND'),
    pass('04CAP0000005', day('18:30'), venue, vip, 'NC'),
    // P6 in the backstage (no capacity control).
    pass('04CAP0000006', day('18:15'), null, backstage),
    // P7 at night: in the VIP and out again before its 06:00 reset (04:00Z), which it does not count.
    pass('04CAP0000007', day('03:00'), null, venue),
    pass('04CAP0000007', day('03:30'), venue, vip),
    pass('04CAP0000007', day('03:45'), vip, venue),
  ];
  const res = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: token },
    body: { operations: ops },
  });
  expect(res.status).toBe(200);
  expect(res.body.result.refused).toEqual([]);

  // Another event's passages naming the same zone ids are not this event's.
  const other = await t.eventByName('Sonora Festival 2027');
  const otherToken = await totem('CAP-TOTEM-2', other.id);
  await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: otherToken },
    body: {
      operations: [
        pass('04CAP0000099', day('18:00'), null, venue),
        pass('04CAP0000098', day('18:00'), null, vip),
      ],
    },
  });
});
afterAll(() => t.close());

const at = async (date: string, s: Session = admin) => {
  const res = await t.call('GET', `/api/capacity/zone?date=${encodeURIComponent(date)}`, s);
  expect(res.status).toBe(200);
  return res.body.result as { date: string; zones: any[] };
};
const byName = (r: { zones: any[] }, name: string) => r.zones.find((z) => z.name === name)!;

describe('GET /capacity/zone (zones-access)', () => {
  it('counts accepted entries and exits per zone, following the zone hierarchy', async () => {
    const r = await at('2026-07-10T19:30:00Z');
    expect(r.zones.map((z) => z.name)).toEqual(['Backstage', 'Venue', 'VIP']);
    // Venue: P1, P2 (W), P3 and P7 came in; P3 left. Going into and out of the VIP stays inside.
    expect(byName(r, 'Venue')).toMatchObject({
      id: venue,
      idZoneParent: null,
      capacity: 50,
      since: null,
      entries: 4,
      exits: 1,
      occupancy: 3,
      deniedFull: 0,
    });
    // VIP since its reset at 04:00Z: P1 and P2 in, P2 out; one refused because it was full.
    expect(byName(r, 'VIP')).toMatchObject({
      idZoneParent: venue,
      capacity: 5,
      noCheckCapacity: 1,
      resetCapacity: 1,
      resetHour: '06:00:00',
      since: '2026-07-10T04:00:00.000Z',
      entries: 2,
      exits: 1,
      occupancy: 1,
      deniedFull: 1,
    });
    expect(byName(r, 'Backstage')).toMatchObject({ capacity: -1, entries: 1, exits: 0, occupancy: 1 });
  });

  it('leaving the festival from a sub-zone leaves its parent too', async () => {
    const r = await at('2026-07-10T20:30:00Z');
    expect(byName(r, 'Venue')).toMatchObject({ entries: 4, exits: 2, occupancy: 2 });
    expect(byName(r, 'VIP')).toMatchObject({ entries: 2, exits: 2, occupancy: 0 });
  });

  it('counts a reset zone from its last reset before the moment asked', async () => {
    // 05:00 local (03:00Z) on the 10th: the last reset was 06:00 local on the 9th; P7 has just come in.
    const night = await at('2026-07-10T03:40:00Z');
    expect(byName(night, 'VIP')).toMatchObject({
      since: '2026-07-09T04:00:00.000Z',
      entries: 1,
      exits: 0,
      occupancy: 1,
    });
    expect(byName(night, 'Venue')).toMatchObject({ entries: 1, exits: 0, occupancy: 1 });
  });

  it('answers now by default, and refuses a malformed date with a field message', async () => {
    const now = await t.call('GET', '/api/capacity/zone', admin);
    expect(now.status).toBe(200);
    expect(Math.abs(Date.parse(now.body.result.date) - Date.now())).toBeLessThan(60_000);
    const bad = await t.call('GET', '/api/capacity/zone?date=yesterday', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].path).toBe('querystring.date');
  });
});

describe('capacities tabs by permission', () => {
  it('the log needs capacity, the toggle edicionDeEventos, the zones either', async () => {
    await t.userWithPermissions('cap-only@demo.test', eventId, [PERMISSIONS.capacity]);
    await t.userWithPermissions('cap-editor@demo.test', eventId, [PERMISSIONS.edicionDeEventos]);
    const cap = await t.session('cap-only@demo.test');
    const editor = await t.session('cap-editor@demo.test');
    const toggle = (s: Session, capacityLog: 0 | 1) =>
      t.call('POST', '/api/capacity/event', { ...s, body: { featureToggle: { capacityLog } } });

    expect((await t.call('GET', '/api/capacity/zone', cap)).status).toBe(200);
    expect((await t.call('GET', '/api/capacity/log', cap)).status).toBe(200);
    expect((await t.call('GET', '/api/capacity/event', cap)).status).toBe(200);
    expect((await toggle(cap, 1)).status).toBe(403);

    // The config tab lists the zones' capacities from the zones call; the log is the real-time tab's.
    expect((await t.call('GET', '/api/capacity/zone', editor)).status).toBe(200);
    expect((await t.call('GET', '/api/capacity/log', editor)).status).toBe(403);
    expect((await t.call('GET', '/api/capacity/event', editor)).status).toBe(200);
    expect((await toggle(editor, 1)).status).toBe(200);
    expect((await toggle(editor, 0)).status).toBe(200);

    await t.userWithPermissions('cap-none@demo.test', eventId, [PERMISSIONS.tickets]);
    const none = await t.session('cap-none@demo.test');
    expect((await t.call('GET', '/api/capacity/zone', none)).status).toBe(403);
    expect((await t.call('GET', '/api/capacity/event', none)).status).toBe(403);
  });
});
