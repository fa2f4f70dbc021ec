import { PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { day, get, madridDay, type Session, ticketingFestival, validationId } from './ticketing.fixture';

/**
 * The other ticketing tabs of the validations report (complements, online pre-recharges, validation
 * time, manual roles) and which permission opens each, on a small festival sent through the device
 * API (ticketing.fixture.ts). Every expected figure below is counted by hand from the operations sent.
 */
let t: TestApp;
let admin: Session;
let eventId: number;
let general: number;
let vipRol: number;
let gina: number;
let tomas: number;
let north: number;
let parking: number;
let beer: number;
let eventStart: Date;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, eventId, general, vipRol, gina, tomas, north, parking, beer, eventStart } =
    await ticketingFestival(t));
});
afterAll(() => t.close());

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
