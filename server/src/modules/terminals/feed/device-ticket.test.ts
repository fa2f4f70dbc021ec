import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceHeaders } from '../../../../test/device-token';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customers, rols, tickets, wristbands } from '../../../core/db/schema';

let t: TestApp;
let eventId: number;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  headers = await deviceHeaders(t, eventId, 'TOTEM-TICKET-1');
});
afterAll(() => t.close());

const lookup = (code: string, h = headers, lang = 'en') =>
  t.call('GET', `/api/device/ticket/${encodeURIComponent(code)}`, {
    headers: { ...h, 'accept-language': lang },
  });

describe('a ticket looked up at a gate', () => {
  it('answers a known ticket’s role and holder, and the wristband that already holds a validated one', async () => {
    const db = t.database.db;
    const [role] = await db.insert(rols).values({ eventId, name: 'Ticket lookup pass' }).returning();
    const [holder] = await db.insert(customers).values({ eventId, name: 'Lucía Gate' }).returning();
    await db
      .insert(tickets)
      .values({ eventId, code: 'LOOKUP-FREE-1', roleId: role!.id, customerId: holder!.id });
    const free = await lookup('LOOKUP-FREE-1');
    expect(free.status).toBe(200);
    expect(free.body.result).toEqual({
      code: 'LOOKUP-FREE-1',
      roleId: role!.id,
      holder: 'Lucía Gate',
      boundTo: null,
    });

    const [band] = await db.insert(wristbands).values({ eventId, nSerie: '04AABBCCDD1122' }).returning();
    await db
      .insert(tickets)
      .values({ eventId, code: 'LOOKUP-USED-1', roleId: role!.id, wristbandId: band!.id, validated: 1 });
    const used = await lookup('LOOKUP-USED-1');
    expect(used.body.result.boundTo).toBe('04AABBCCDD1122');
  });

  it('refuses an unknown code, a cancelled ticket and another event’s ticket, with the reason in the language', async () => {
    const db = t.database.db;
    await db.insert(tickets).values({ eventId, code: 'LOOKUP-CANCELLED-1', cancelled: 1 });
    const other = (await t.eventByName('Sonora Festival 2027')).id;
    await db.insert(tickets).values({ eventId: other, code: 'LOOKUP-OTHER-EVENT' });

    const unknown = await lookup('NO-SUCH-TICKET');
    expect(unknown.status).toBe(404);
    expect(unknown.body.description).toBe('No ticket of this event has this code');
    const cancelled = await lookup('LOOKUP-CANCELLED-1', headers, 'es');
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.description).toBe('Esta entrada fue anulada: no da acceso');
    const elsewhere = await lookup('LOOKUP-OTHER-EVENT');
    expect(elsewhere.status).toBe(404);
  });

  it('needs the device token', async () => {
    const anonymous = await lookup('LOOKUP-FREE-1', {});
    expect(anonymous.status).toBe(401);
  });
});
