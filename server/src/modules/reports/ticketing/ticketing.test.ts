import { randomUUID } from 'node:crypto';
import { ERRORS, PERMISSIONS } from '@pulsera/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { addons, articles, onlineTopUps, rols, tickets, ticketValidations } from '../../../core/db/schema';
import { registerDevice } from '../../terminals';

/**
 * The ticketing tabs of the validations report, on a small festival sent through the device API.
 * Every expected figure below is counted by hand from the operations sent.
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let eventId: number;
let general: number;
let vipRol: number;
let gina: number;
let tomas: number;
let north: number;
let south: number;
let parking: number;
let beer: number;
let foreignValidation: number;
let eventStart: Date;

const day = (hhmm: string) => `2026-07-10T${hhmm}:00.000Z`;
const madridDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(d);

async function pda(serial: string, idEvent: number) {
  const { secretKey } = await registerDevice(t.database.db, { n_serie: serial, idEvent, type: 'PDA' });
  return (await t.call('POST', '/api/device/auth', { body: { serial, secretKey } })).body.result
    .token as string;
}
const sync = async (token: string, operations: unknown[]) => {
  const res = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: token },
    body: { operations },
  });
  expect(res.status).toBe(200);
  expect(res.body.result.refused).toEqual([]);
};
const validation = (
  code: string,
  rfid: string,
  at: string,
  roleId: number,
  staffId: number,
  locationId: number,
  customer?: { name: string; email: string; localizer: string },
) => ({
  kind: 'ticketValidation',
  id: randomUUID(),
  deviceTime: at,
  ticketCode: code,
  rfid,
  roleId,
  staffId,
  locationId,
  ...(customer ? { customer } : {}),
});
const validationId = async (code: string, at: string) =>
  (
    await t.database.db
      .select({ id: ticketValidations.id })
      .from(ticketValidations)
      .where(and(eq(ticketValidations.code, code), eq(ticketValidations.deviceTime, new Date(at))))
  )[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  const ev = await t.activeEvent();
  eventId = ev.id;
  eventStart = ev.dateStart;
  [{ id: general }, { id: vipRol }] = await t.database.db
    .insert(rols)
    .values([
      { eventId, name: 'General' },
      { eventId, name: 'VIP' },
    ])
    .returning({ id: rols.id });
  const staff = async (user: string, name: string) =>
    (
      await t.call('POST', '/api/staff', {
        ...admin,
        body: { staff: { user, name, trusts: 'R', intern: 1 } },
      })
    ).body.result.id as number;
  gina = await staff('gina', 'Gina Gate');
  tomas = await staff('tomas', 'Tomás Torno');
  const location = async (nombre: string) =>
    (await t.call('POST', '/api/locations', { ...admin, body: { location: { nombre } } })).body.result
      .id as number;
  north = await location('North gate');
  south = await location('South desk');
  [{ id: parking }] = await t.database.db
    .insert(addons)
    .values({ eventId, name: 'Parking', description: 'Car park', amountBonus: 500 })
    .returning({ id: addons.id });
  [{ id: beer }] = await t.database.db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.eventId, eventId), eq(articles.name, 'Beer 50cl')));

  // Sold online before the festival: one general ticket still to come, one VIP ticket cancelled.
  await t.database.db.insert(tickets).values([
    { eventId, code: 'TK-GEN-003', roleId: general, createdAt: new Date('2026-07-01T10:00:00Z') },
    {
      eventId,
      code: 'TK-VIP-002',
      roleId: vipRol,
      cancelled: 1,
      createdAt: new Date('2026-07-01T10:00:00Z'),
    },
  ]);

  const gate = await pda('TKT-PDA-1', eventId);
  await sync(gate, [
    validation('TK-GEN-001', '04TKT0000001', day('17:00'), general, gina, north, {
      name: 'Ana Ruiz',
      email: 'ana.ruiz@example.com',
      localizer: 'LOCA1',
    }),
    validation('TK-GEN-002', '04TKT0000002', day('17:05'), general, gina, north),
    validation('TK-VIP-001', '04TKT0000003', day('17:20'), vipRol, tomas, north, {
      name: 'Bruno Vidal',
      email: 'bruno@example.com',
      localizer: 'LOCB2',
    }),
    // Parking bought with the VIP ticket, loaded at validation; two beers given with it.
    {
      kind: 'topup',
      id: randomUUID(),
      deviceTime: day('17:21'),
      rfid: '04TKT0000003',
      type: 'AV',
      amount: 0,
      bonus: 500,
      addonId: parking,
      staffId: tomas,
      locationId: north,
    },
    {
      kind: 'topup',
      id: randomUUID(),
      deviceTime: day('17:22'),
      rfid: '04TKT0000003',
      type: 'RV-WA',
      amount: 0,
      articles: [{ idArticle: beer, quantity: 2 }],
      staffId: tomas,
      locationId: north,
    },
  ]);
  // Later: TK-GEN-001 scanned again at the south desk (repeated), and two VIP roles written by hand.
  await sync(gate, [
    validation('TK-GEN-001', '04TKT0000001', day('17:40'), general, tomas, south),
    {
      kind: 'roleRecording',
      id: randomUUID(),
      deviceTime: day('18:00'),
      rfid: '04TKT0000002',
      roleId: vipRol,
      staffId: gina,
      locationId: south,
    },
    {
      kind: 'roleRecording',
      id: randomUUID(),
      deviceTime: day('18:30'),
      rfid: '04TKT0000001',
      roleId: vipRol,
      staffId: tomas,
      locationId: south,
    },
  ]);

  // Online top-ups: two days before the festival's start, one after it; unpaid and rejected ones left out.
  const before = (days: number, hour: number) =>
    new Date(eventStart.getTime() - days * 86_400_000 + hour * 3_600_000);
  const base = { eventId, valid: 1, concept: 'Online top-up' };
  await t.database.db.insert(onlineTopUps).values([
    {
      ...base,
      payed: 1,
      dateRechargeOnline: before(10, 0),
      dateRechargeRfid: new Date(),
      amountRecharge: 2000,
    },
    { ...base, payed: 1, dateRechargeOnline: before(5, 0), amountRecharge: 5000, amountBonus: 250 },
    { ...base, payed: 1, dateRechargeOnline: before(5, 0.5), amountRecharge: 1000 },
    { ...base, payed: 0, dateRechargeOnline: before(5, 1), amountRecharge: 3000 },
    { ...base, payed: 2, valid: 0, dateRechargeOnline: before(4, 0), amountRecharge: 3000 },
    {
      ...base,
      payed: 1,
      dateRechargeOnline: new Date(eventStart.getTime() + 3_600_000),
      amountRecharge: 4000,
    },
  ]);

  // Another event's validation.
  const other = await t.eventByName('Sonora Festival 2027');
  await sync(await pda('TKT-PDA-2', other.id), [
    validation('TK-OTHER-1', '04TKT0000099', day('17:00'), 1, 1, 1),
  ]);
  foreignValidation = await validationId('TK-OTHER-1', day('17:00'));
});
afterAll(() => t.close());

const get = async (url: string, s: Session = admin) => {
  const res = await t.call('GET', url, s);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};

describe('tickets tab', () => {
  it('GET /reports/overviewTickets: sold, validated, pending and validations per ticket rol', async () => {
    const r = await get('/api/reports/overviewTickets');
    expect(r.roles).toEqual([
      {
        idRol: general,
        rol: 'General',
        sold: 3,
        validated: 2,
        pending: 1,
        cancelled: 0,
        validations: 3,
        repeated: 1,
      },
      {
        idRol: vipRol,
        rol: 'VIP',
        sold: 1,
        validated: 1,
        pending: 0,
        cancelled: 1,
        validations: 1,
        repeated: 0,
      },
    ]);
    expect(r.total).toEqual({ sold: 4, validated: 3, pending: 1, cancelled: 1, validations: 4, repeated: 1 });
  });

  it('as it stood at a given moment', async () => {
    const r = await get(`/api/reports/overviewTickets?datetime=${encodeURIComponent(day('17:10'))}`);
    expect(r.datetime).toBe(day('17:10'));
    expect(r.roles).toEqual([
      {
        idRol: general,
        rol: 'General',
        sold: 3,
        validated: 2,
        pending: 1,
        cancelled: 0,
        validations: 2,
        repeated: 0,
      },
      {
        idRol: vipRol,
        rol: 'VIP',
        sold: 0,
        validated: 0,
        pending: 0,
        cancelled: 1,
        validations: 0,
        repeated: 0,
      },
    ]);
  });

  it('GET /ticketing/ticket-validations: newest first, paged and filtered', async () => {
    const page = await get('/api/ticketing/ticket-validations?page=1&paginationLimit=2');
    expect(page.total).toBe(4);
    expect(page.validations.map((v: any) => [v.code, v.date, v.repeated])).toEqual([
      ['TK-GEN-001', day('17:40'), true],
      ['TK-VIP-001', day('17:20'), false],
    ]);
    expect(page.validations[0]).toMatchObject({
      rol: 'General',
      staff: 'Tomás Torno',
      location: 'South desk',
      device: 'TKT-PDA-1',
      rfid: '04TKT0000001',
      customer: 'Ana Ruiz',
    });
    const gin = await get(`/api/ticketing/ticket-validations?idStaff=${gina}`);
    expect(gin.validations.map((v: any) => v.code)).toEqual(['TK-GEN-002', 'TK-GEN-001']);
    expect(gin.total).toBe(2);
  });

  it('GET /ticketing/tickets-by-staff: validations per staff member and location', async () => {
    const r = await get('/api/ticketing/tickets-by-staff');
    expect(r.rows).toEqual([
      {
        idStaff: gina,
        staff: 'Gina Gate',
        idLocation: north,
        location: 'North gate',
        validations: 2,
        repeated: 0,
        tickets: 2,
      },
      {
        idStaff: tomas,
        staff: 'Tomás Torno',
        idLocation: north,
        location: 'North gate',
        validations: 1,
        repeated: 0,
        tickets: 1,
      },
      {
        idStaff: tomas,
        staff: 'Tomás Torno',
        idLocation: south,
        location: 'South desk',
        validations: 1,
        repeated: 1,
        tickets: 1,
      },
    ]);
    const windowed = await get(
      `/api/ticketing/tickets-by-staff?dateStart=${day('17:15')}&dateEnd=${day('17:30')}`,
    );
    expect(windowed.rows.map((x: any) => [x.staff, x.validations])).toEqual([['Tomás Torno', 1]]);
  });

  it('GET /ticketing/ticket-codes: codes by rol and state, cancelled ones left out', async () => {
    const pending = await get('/api/ticketing/ticket-codes?validated=0');
    expect(pending.tickets.map((x: any) => x.code)).toEqual(['TK-GEN-003']);
    expect(pending.total).toBe(1);
    const vip = await get(`/api/ticketing/ticket-codes?idRol=${vipRol}`);
    expect(vip.tickets).toEqual([
      expect.objectContaining({ code: 'TK-VIP-001', rol: 'VIP', validated: 1, customer: 'Bruno Vidal' }),
    ]);
    const all = await get('/api/ticketing/ticket-codes?paginationLimit=2&page=2');
    expect(all.total).toBe(4);
    expect(all.tickets.map((x: any) => x.code)).toEqual(['TK-GEN-003', 'TK-VIP-001']);
  });
});

describe('complements and online recharges tabs', () => {
  it('GET /reports/overviewComplements: add-ons loaded at validation and articles given with tickets', async () => {
    const r = await get('/api/reports/overviewComplements');
    expect(r.addons).toEqual([
      { idAddon: parking, name: 'Parking', count: 1, wristbands: 1, amountCash: 0, amountBonus: 500 },
    ]);
    expect(r.articles).toEqual([{ idArticle: beer, name: 'Beer 50cl', quantity: 2 }]);
    const early = await get(`/api/reports/overviewComplements?datetime=${encodeURIComponent(day('17:15'))}`);
    expect(early.addons).toEqual([]);
    expect(early.articles).toEqual([]);
  });

  it('GET /reports/overviewPreRecharges: paid online top-ups bought before the start, redeemed or not', async () => {
    const r = await get('/api/reports/overviewPreRecharges');
    const d10 = madridDay(new Date(eventStart.getTime() - 10 * 86_400_000));
    const d5 = madridDay(new Date(eventStart.getTime() - 5 * 86_400_000));
    const byDay = Object.fromEntries(r.days.map((d: any) => [d.day, d]));
    expect(r.days.map((d: any) => d.day)).toEqual([d10, d5].sort());
    expect(byDay[d10]).toEqual({
      day: d10,
      count: 1,
      amountRecharge: 2000,
      amountBonus: 0,
      redeemed: 1,
      amountRedeemed: 2000,
    });
    expect(r.total).toEqual({
      count: 3,
      amountRecharge: 8000,
      amountBonus: 250,
      redeemed: 1,
      amountRedeemed: 2000,
    });
  });
});

describe('validation time tab', () => {
  it('GET /reports/timeValidationTickets: validations per bucket of local time', async () => {
    const w = `dateStart=${day('16:00')}&dateEnd=${day('18:00')}`;
    const r = await get(`/api/reports/timeValidationTickets?minutes=15&${w}`);
    expect(r.buckets).toEqual([
      { date: day('17:00'), validations: 2, repeated: 0 },
      { date: day('17:15'), validations: 1, repeated: 0 },
      { date: day('17:30'), validations: 1, repeated: 1 },
    ]);
    const hourly = await get(`/api/reports/timeValidationTickets?minutes=60&${w}`);
    expect(hourly.buckets).toEqual([{ date: day('17:00'), validations: 4, repeated: 1 }]);
    const tomasOnly = await get(`/api/reports/timeValidationTickets?minutes=15&idStaff=${tomas}`);
    expect(tomasOnly.buckets.map((b: any) => b.date)).toEqual([day('17:15'), day('17:30')]);
    const bad = await t.call('GET', '/api/reports/timeValidationTickets?minutes=7', admin);
    expect(bad.status).toBe(400);
  });
});

describe('manual roles tab', () => {
  it('GET /ticketing/manual-roles: recordings newest first, per rol, filtered', async () => {
    const r = await get('/api/ticketing/manual-roles');
    expect(r.recordings.map((x: any) => [x.date, x.rfid, x.rol, x.staff, x.location])).toEqual([
      [day('18:30'), '04TKT0000001', 'VIP', 'Tomás Torno', 'South desk'],
      [day('18:00'), '04TKT0000002', 'VIP', 'Gina Gate', 'South desk'],
    ]);
    expect(r.byRol).toEqual([{ idRol: vipRol, rol: 'VIP', count: 2 }]);
    expect(r.total).toBe(2);
    expect((await get(`/api/ticketing/manual-roles?idStaff=${gina}`)).total).toBe(1);
    expect((await get(`/api/ticketing/manual-roles?idRol=${general}`)).recordings).toEqual([]);
    expect((await get(`/api/ticketing/manual-roles?idLocation=${north}`)).total).toBe(0);
  });
});

describe('search tab and deleting a validation', () => {
  it('GET /reports/tickets/search: by code, customer name, e-mail or localizer, with the validations', async () => {
    const r = await get('/api/reports/tickets/search?query=tk-gen');
    expect(r.tickets.map((x: any) => x.code)).toEqual(['TK-GEN-001', 'TK-GEN-002', 'TK-GEN-003']);
    expect(r.more).toBe(false);
    const first = r.tickets[0];
    expect(first).toMatchObject({
      rol: 'General',
      validated: 1,
      dateValidation: day('17:00'),
      customer: 'Ana Ruiz',
      email: 'ana.ruiz@example.com',
      rfid: '04TKT0000001',
    });
    expect(first.validations.map((v: any) => [v.date, v.repeated, v.staff])).toEqual([
      [day('17:40'), true, 'Tomás Torno'],
      [day('17:00'), false, 'Gina Gate'],
    ]);
    expect((await get('/api/reports/tickets/search?query=Bruno')).tickets.map((x: any) => x.code)).toEqual([
      'TK-VIP-001',
    ]);
    expect((await get('/api/reports/tickets/search?query=ana.ruiz@')).tickets).toHaveLength(1);
    expect((await get('/api/reports/tickets/search?query=locb2')).tickets[0].code).toBe('TK-VIP-001');
    // Another event's tickets are not found; a LIKE wildcard is taken literally.
    expect((await get('/api/reports/tickets/search?query=TK-OTHER')).tickets).toEqual([]);
    expect((await get('/api/reports/tickets/search?query=%25%25')).tickets).toEqual([]);
    const short = await t.call('GET', '/api/reports/tickets/search?query=a', admin);
    expect(short.status).toBe(400);
  });

  it('DELETE /ticketing/validation: the ticket is validated by what remains, then not validated', async () => {
    const firstScan = await validationId('TK-GEN-001', day('17:00'));
    const secondScan = await validationId('TK-GEN-001', day('17:40'));
    const del = await t.call('DELETE', `/api/ticketing/validation?id=${firstScan}`, admin);
    expect(del.status).toBe(200);
    expect(del.body.result).toEqual({ id: firstScan, code: 'TK-GEN-001', validated: 1 });
    let found = (await get('/api/reports/tickets/search?query=TK-GEN-001')).tickets[0];
    expect(found).toMatchObject({ validated: 1, dateValidation: day('17:40') });
    expect(found.validations.map((v: any) => [v.id, v.repeated])).toEqual([[secondScan, false]]);

    const last = await t.call('DELETE', `/api/ticketing/validation?id=${secondScan}`, admin);
    expect(last.body.result).toEqual({ id: secondScan, code: 'TK-GEN-001', validated: 0 });
    found = (await get('/api/reports/tickets/search?query=TK-GEN-001')).tickets[0];
    expect(found).toMatchObject({ validated: 0, dateValidation: null, rfid: null, validations: [] });

    const overview = await get('/api/reports/overviewTickets');
    expect(overview.roles[0]).toMatchObject({
      rol: 'General',
      sold: 3,
      validated: 1,
      pending: 2,
      validations: 1,
    });

    // Already deleted, and another event's validation: not found, nothing changes.
    const again = await t.call('DELETE', `/api/ticketing/validation?id=${secondScan}`, {
      ...admin,
      lang: 'en',
    });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(ERRORS.ticketValidationNotFound.code);
    const foreign = await t.call('DELETE', `/api/ticketing/validation?id=${foreignValidation}`, admin);
    expect(foreign.status).toBe(404);
    const still = await t.database.db
      .select({ id: ticketValidations.id })
      .from(ticketValidations)
      .where(eq(ticketValidations.id, foreignValidation))
      .orderBy(asc(ticketValidations.id));
    expect(still).toHaveLength(1);
  });
});

describe('ticketing tabs by permission', () => {
  it('tickets opens the first five tabs, reportsManualRoles only the manual roles', async () => {
    await t.userWithPermissions('tk-tickets@demo.test', eventId, [PERMISSIONS.tickets]);
    await t.userWithPermissions('tk-roles@demo.test', eventId, [PERMISSIONS.reportsManualRoles]);
    const ticketsUser = await t.session('tk-tickets@demo.test');
    const rolesUser = await t.session('tk-roles@demo.test');
    const ticketCalls = [
      '/api/reports/overviewTickets',
      '/api/reports/overviewComplements',
      '/api/reports/overviewPreRecharges',
      '/api/reports/timeValidationTickets?minutes=15',
      '/api/reports/tickets/search?query=TK',
      '/api/ticketing/ticket-validations',
      '/api/ticketing/tickets-by-staff',
      '/api/ticketing/ticket-codes',
    ];
    for (const url of ticketCalls) {
      expect((await t.call('GET', url, ticketsUser)).status, url).toBe(200);
      expect((await t.call('GET', url, rolesUser)).status, url).toBe(403);
    }
    expect((await t.call('GET', '/api/ticketing/manual-roles', rolesUser)).status).toBe(200);
    expect((await t.call('GET', '/api/ticketing/manual-roles', ticketsUser)).status).toBe(403);
    const v = await validationId('TK-GEN-002', day('17:05'));
    expect((await t.call('DELETE', `/api/ticketing/validation?id=${v}`, rolesUser)).status).toBe(403);
  });
});
