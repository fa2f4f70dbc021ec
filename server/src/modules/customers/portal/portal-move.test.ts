import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { saveOnlineServices } from '../../../../test/online-services';
import {
  auditLog,
  bannedWristbands,
  stockWristbands,
  wristbandChanges,
  wristbandLots,
} from '../../../core/db/schema';
import { ledgerMismatches, registerDevice } from '../../terminals';

/**
 * A lost wristband's balance moved to a new wristband from the portal (issue 28): by the new one's
 * serial and check code (one answer for an unknown serial and a wrong code, throttled); a wristband in
 * use, banned or of another event refused; balances, customer and history follow, the console's
 * customer lists the change, the old wristband is banned, the audit names the attendee; sent twice or
 * at once it moves once; and the ledger still sums to the balances.
 */
let t: TestApp;
let eventId: number;
let admin: Awaited<ReturnType<TestApp['session']>>;
let terminal: Record<string, string>;
const SLUG = 'sonora-2026';
const LUCIA = { serial: '04A1B2C3D4E5F1', checkCode: 'K7Q2' };
const ANON = { serial: '04A1B2C3D4E5F2', checkCode: 'A1A1' };
const STAFF = { serial: '04A1B2C3D4E5F3', checkCode: 'B2B2' };
const NEW = { serial: '05AA00000000A1', checkCode: 'N3W1' };
const NEW2 = { serial: '05AA00000000A2', checkCode: 'N3W2' };
const OTHER = { serial: '05BB00000000B1', checkCode: 'OTH1' };
const BANNED = { serial: '05AA00000000A3', checkCode: 'BAN1' };

const op = (kind: string, rest: Record<string, unknown>) => ({
  kind,
  id: randomUUID(),
  deviceTime: '2026-07-10T18:00:00.000Z',
  ...rest,
});
const sync = async (operations: object[]) => {
  const res = await t.call('POST', '/api/device/sync', { headers: terminal, body: { operations } });
  expect(res.body.result.refused).toEqual([]);
};

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  admin = await t.session('admin@demo.test');
  await saveOnlineServices(t, admin, { needsCodeCheck: 1, loginMethod: 'rfidAndTicket' });
  const { secretKey } = await registerDevice(t.database.db, { n_serie: 'MOVE-PDA-1', idEvent: eventId });
  const auth = await t.call('POST', '/api/device/auth', { body: { serial: 'MOVE-PDA-1', secretKey } });
  terminal = { devicetoken: auth.body.result.token };
  await sync([
    op('ticketValidation', {
      ticketCode: 'MOVE-0001',
      rfid: LUCIA.serial,
      codeCheck: LUCIA.checkCode,
      customer: { name: 'Lucía Move', email: 'lucia.move@example.com' },
    }),
    op('topup', { rfid: LUCIA.serial, type: 'N', paymentType: 'S', amount: 4200, money: 4200 }),
    op('topup', {
      rfid: ANON.serial,
      codeCheck: ANON.checkCode,
      type: 'N',
      paymentType: 'S',
      amount: 900,
      money: 900,
    }),
    op('topup', {
      rfid: STAFF.serial,
      codeCheck: STAFF.checkCode,
      type: 'N',
      paymentType: 'S',
      amount: 100,
      money: 100,
    }),
  ]);
  // The info desk's new wristbands: a lot of the event's stock, and one lot of no event.
  const db = t.database.db;
  const [lot] = await db.insert(wristbandLots).values({ name: 'Move lot', eventId }).returning();
  const [away] = await db.insert(wristbandLots).values({ name: 'Warehouse lot', eventId: null }).returning();
  await db.insert(stockWristbands).values([
    { lotId: lot!.id, nSerie: NEW.serial, codeCheck: NEW.checkCode },
    { lotId: lot!.id, nSerie: NEW2.serial, codeCheck: NEW2.checkCode },
    { lotId: lot!.id, nSerie: BANNED.serial, codeCheck: BANNED.checkCode },
    { lotId: away!.id, nSerie: OTHER.serial, codeCheck: OTHER.checkCode },
  ]);
  await db.insert(bannedWristbands).values({ nSerie: BANNED.serial, enabled: 1, enabledTopUps: 1 });
}, 120_000);
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.78.0.${++ipCounter}`;
const signIn = async (band: { serial: string; checkCode: string }) => {
  const res = await t.call('POST', `/api/portal/${SLUG}/session`, {
    body: { method: 'rfid', ...band },
    ip: freshIp(),
  });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${res.body.result.token}` };
};
const me = async (headers: Record<string, string>) =>
  (await t.call('GET', `/api/portal/${SLUG}/me`, { headers })).body.result;
const move = (
  headers: Record<string, string>,
  band: { serial: string; checkCode: string },
  ip = '10.79.0.1',
) => t.call('POST', `/api/portal/${SLUG}/lost/move`, { headers, body: band, ip });
const changesFrom = (serial: string) =>
  t.database.db
    .select()
    .from(wristbandChanges)
    .where(and(eq(wristbandChanges.eventId, eventId), eq(wristbandChanges.sourceRfid, serial)));

describe('moving a lost wristband to a new one', () => {
  it('refuses an unknown serial and a wrong check code with one answer, then throttles', async () => {
    const h = await signIn(LUCIA);
    const wrong = await move(h, { serial: NEW.serial, checkCode: 'XXXX' }, '10.80.0.1');
    const unknown = await move(h, { serial: '05FFFFFFFFFFFF', checkCode: NEW.checkCode }, '10.80.0.2');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.description).toBe(
      'We found no wristband with this serial and check code; check them and try again',
    );
    for (let i = 0; i < 4; i++)
      expect((await move(h, { serial: NEW.serial, checkCode: `X${i}` }, '10.80.0.1')).status).toBe(400);
    const throttled = await move(h, NEW, '10.80.0.1');
    expect(throttled.status).toBe(429);
    expect((await me(h)).wristband.serial).toBe(LUCIA.serial);
  });

  it('refuses a wristband in use, banned or of another event', async () => {
    const h = await signIn(LUCIA);
    const inUse = await move(h, STAFF);
    expect(inUse.status).toBe(409);
    expect(inUse.body.description).toBe(
      'This wristband is already in use: ask for a new one at the info desk',
    );
    expect((await move(h, BANNED)).body.description).toBe(
      'This wristband is blocked: ask for a new one at the info desk',
    );
    expect((await move(h, OTHER)).body.description).toBe(
      'This wristband belongs to another event: ask for a new one at the info desk',
    );
    expect(await changesFrom(LUCIA.serial)).toEqual([]);
  });

  it('moves the balance, the customer and the history; bans the old wristband; the console lists the change', async () => {
    const h = await signIn(LUCIA);
    const blocked = await t.call('POST', `/api/portal/${SLUG}/lost`, { headers: h });
    expect(blocked.body.result.wristband).toMatchObject({ serial: LUCIA.serial, blocked: true });
    const res = await move(h, { serial: NEW.serial.toLowerCase(), checkCode: NEW.checkCode.toLowerCase() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.wristband).toEqual({ serial: NEW.serial, cash: 4200, gift: 0, blocked: false });
    expect(res.body.result.operations.map((o: { type: string }) => o.type)).toContain('N-RE');
    // The old wristband stays banned; the new one signs in and holds the money.
    expect((await me(await signIn(NEW))).wristband.cash).toBe(4200);
    const old = await t.call('POST', `/api/portal/${SLUG}/session`, {
      body: { method: 'rfid', ...LUCIA },
      ip: freshIp(),
    });
    expect(old.status).toBe(401);
    // The console's customer screen: the replacement, on the customer's new wristband.
    const search = await t.call(
      'GET',
      `/api/infoCustomer/search?name=${encodeURIComponent('Lucía Move')}`,
      admin,
    );
    const row = search.body.result.find((r: { idRfid: number | null }) => r.idRfid !== null);
    const info = await t.call('GET', `/api/infoCustomer?customerId=${row.customerId}`, admin);
    expect(info.body.result.n_serie).toBe(NEW.serial);
    const changes = await t.call('GET', `/api/infoCustomer/wristbandChange?rfidId=${row.idRfid}`, admin);
    expect(changes.body.result).toEqual([
      { sourceRfid: LUCIA.serial, endRfid: NEW.serial, date: expect.any(String) },
    ]);
    // The audit names the attendee.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventId, eventId), eq(auditLog.action, 'wristbandReplaced')));
    expect(audit).toEqual([
      expect.objectContaining({
        actorKind: 'attendee',
        userEmail: 'lucia.move@example.com',
        entity: 'wristbands',
      }),
    ]);
    // Sent again: nothing more moves.
    expect((await move(h, NEW)).status).toBe(200);
    expect(await changesFrom(LUCIA.serial)).toHaveLength(1);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });

  it('sent many times at once it moves once; the session follows the new wristband', async () => {
    const h = await signIn(ANON);
    const answers = await Promise.all(Array.from({ length: 6 }, () => move(h, NEW2)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await changesFrom(ANON.serial)).toHaveLength(1);
    const now = await me(h);
    expect(now.wristband).toEqual({ serial: NEW2.serial, cash: 900, gift: 0, blocked: false });
    // Moved without blocking first: the old wristband is banned with the move.
    const ban = await t.database.db.execute(
      sql`select 1 from banned_wristbands where n_serie = ${ANON.serial}`,
    );
    expect((ban as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    const ledger = await t.database.db.execute(
      sql`select sum(cash_delta)::int as cash from ledger_entries l join wristbands w on w.id = l.wristband_id
          where w.event_id = ${eventId} and w.n_serie = ${NEW2.serial}`,
    );
    expect((ledger as unknown as { rows: { cash: number }[] }).rows[0]!.cash).toBe(900);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });
});
