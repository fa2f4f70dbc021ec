import { randomUUID } from 'node:crypto';
import { ticketHash } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceHeaders } from '../../../../test/device-token';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customers, rols, tickets } from '../../../core/db/schema';

let t: TestApp;
let eventId: number;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  headers = await deviceHeaders(t, eventId, 'TOTEM-LIST-1');
});
afterAll(() => t.close());

const list = async (since?: string) => {
  const res = await t.call(
    'GET',
    `/api/device/tickets${since ? `?since=${encodeURIComponent(since)}` : ''}`,
    {
      headers,
    },
  );
  expect(res.status).toBe(200);
  return res.body.result as {
    version: string;
    full: boolean;
    tooLarge: boolean;
    total: number;
    tickets: {
      id: number;
      hash: string;
      roleId: number | null;
      holder: string | null;
      cancelled: boolean;
      boundTo: string | null;
    }[];
  };
};

describe('the ticket list a gate holds', () => {
  it('is whole the first time, codes hashed, then only what changed: a new ticket, a cancelled one, a validated one', async () => {
    const db = t.database.db;
    const [role] = await db.insert(rols).values({ eventId, name: 'List pass' }).returning();
    const [holder] = await db.insert(customers).values({ eventId, name: 'Ada List' }).returning();
    const [kept] = await db
      .insert(tickets)
      .values({ eventId, code: 'LIST-KEPT-1', roleId: role!.id, customerId: holder!.id })
      .returning();
    const [later] = await db.insert(tickets).values({ eventId, code: 'LIST-CANCEL-1' }).returning();
    const other = (await t.eventByName('Sonora Festival 2027')).id;
    await db.insert(tickets).values({ eventId: other, code: 'LIST-OTHER-EVENT' });

    const whole = await list();
    expect(whole).toMatchObject({ full: true, tooLarge: false });
    expect(whole.total).toBe(whole.tickets.length);
    const entry = whole.tickets.find((e) => e.id === kept!.id);
    expect(entry).toEqual({
      id: kept!.id,
      hash: await ticketHash(eventId, 'LIST-KEPT-1'),
      roleId: role!.id,
      holder: 'Ada List',
      cancelled: false,
      boundTo: null,
    });
    expect(JSON.stringify(whole)).not.toContain('LIST-KEPT-1');
    expect(whole.tickets.map((e) => e.hash)).not.toContain(await ticketHash(other, 'LIST-OTHER-EVENT'));
    expect(whole.tickets.map((e) => e.hash)).not.toContain(await ticketHash(eventId, 'LIST-OTHER-EVENT'));

    // Nothing changed: the delta is empty.
    const same = await list(whole.version);
    expect(same.full).toBe(false);
    expect(same.tickets.filter((e) => [kept!.id, later!.id].includes(e.id))).toEqual([]);

    // Cancelled in the console, a new one imported, one validated at another gate: all in the delta.
    await db.update(tickets).set({ cancelled: 1, updatedAt: new Date() }).where(eq(tickets.id, later!.id));
    const [fresh] = await db.insert(tickets).values({ eventId, code: 'LIST-NEW-1' }).returning();
    const op = {
      kind: 'ticketValidation',
      id: randomUUID(),
      deviceTime: new Date().toISOString(),
      rfid: '04AB11223344CC',
      ticketCode: 'LIST-KEPT-1',
    };
    const synced = await t.call('POST', '/api/device/sync', { headers, body: { operations: [op] } });
    expect(synced.body.result.accepted).toHaveLength(1);
    const delta = await list(whole.version);
    const byId = new Map(delta.tickets.map((e) => [e.id, e]));
    expect(byId.get(later!.id)).toMatchObject({ cancelled: true });
    expect(byId.get(fresh!.id)).toMatchObject({
      hash: await ticketHash(eventId, 'LIST-NEW-1'),
      cancelled: false,
    });
    expect(byId.get(kept!.id)).toMatchObject({ boundTo: '04AB11223344CC' });
    expect(delta.total).toBe(whole.total + 1);
  });

  it('refuses a malformed version and a call without the device token', async () => {
    expect((await t.call('GET', '/api/device/tickets?since=yesterday', { headers })).status).toBe(400);
    expect((await t.call('GET', '/api/device/tickets')).status).toBe(401);
  });
});
