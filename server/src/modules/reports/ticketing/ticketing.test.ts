import { ERRORS } from '@pulsera/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { ticketValidations } from '../../../core/db/schema';
import { day, get, type Session, ticketingFestival, validationId } from './ticketing.fixture';

/**
 * The tickets tab of the validations report and the ticket search (with deleting a validation), on a
 * small festival sent through the device API (ticketing.fixture.ts). Every expected figure below is
 * counted by hand from the operations sent.
 */
let t: TestApp;
let admin: Session;
let general: number;
let vipRol: number;
let gina: number;
let tomas: number;
let north: number;
let south: number;
let foreignValidation: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, general, vipRol, gina, tomas, north, south, foreignValidation } = await ticketingFestival(t));
});
afterAll(() => t.close());

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
