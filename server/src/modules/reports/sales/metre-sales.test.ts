import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { seedDemoVenue } from '../../../seed/demo';
import { eventArticles, eventSalePlaces, eventStaff, simulateFestival } from '../../../seed/simulator';
import { serviceTarget } from '../../terminals';
import { compactRollups } from '../rollups/rollups';
import { errors, expected, figuresOf, get, ids, sales, salesFestival, send } from './sales.fixture';
import { seedDemoSalesVenue } from './sales-demo';

/**
 * Metre sales (per kitchen and room), the order errors list and the feed's checks of kitchens and
 * rooms, against the sales tests' small festival (sales.fixture.ts); then the demo's sales venue
 * with kitchens, simulated. Every expected figure is computed from the operations the test posted.
 */

let t: TestApp;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ eventId } = await salesFestival(t));
});
afterAll(() => t.close());

describe('metre sales (GET /reports/sales/metre)', () => {
  it('per kitchen and room and per metre, filtered by room', async () => {
    const res = await get('/reports/sales/metre');
    expect(res.status).toBe(200);
    const metre = sales.filter((s) => s.kitchenId);
    expect(res.body.result.rows).toEqual([
      {
        idKitchen: ids.grill,
        kitchen: 'Grill',
        idRoom: ids.hall,
        room: 'Hall',
        ...expected(metre.filter((s) => s.roomId === ids.hall)),
      },
      {
        idKitchen: ids.grill,
        kitchen: 'Grill',
        idRoom: ids.terrace,
        room: 'Terrace',
        ...expected(metre.filter((s) => s.roomId === ids.terrace)),
      },
    ]);
    expect(res.body.result.staff).toEqual([{ idStaff: ids.mia, name: 'Mia Metre', ...expected(metre) }]);
    expect(res.body.result.total).toEqual(expected(metre));
    const terrace = await get('/reports/sales/metre', { idRoom: ids.terrace, idKitchen: ids.grill });
    expect(terrace.body.result.total).toEqual(expected(metre.filter((s) => s.roomId === ids.terrace)));
    expect(terrace.body.result.rows).toHaveLength(1);
  });

  it('is exact for a window that cuts hours, with an article filter, and after the rollup is compacted', async () => {
    const metre = sales.filter((s) => s.kitchenId);
    // 22:10 to 23:00 on the 11th: the second order (22:15) only, read from the raw rows at the edge.
    const cut = { dateStart: '2026-07-11T22:10:00Z', dateEnd: '2026-07-11T23:00:00Z' };
    const inCut = metre.filter((s) => s.deviceTime >= cut.dateStart && s.deviceTime < cut.dateEnd);
    expect(inCut).toHaveLength(1);
    expect((await get('/reports/sales/metre', cut)).body.result.total).toEqual(expected(inCut));
    // An article filter counts the orders containing it and only its lines.
    const beer = await get('/reports/sales/metre', { idArticle: ids.beer });
    expect(beer.body.result.total).toEqual(expected(metre, (l) => l.idArticle === ids.beer));
    // Compacting past hours changes no figure.
    const before = (await get('/reports/sales/metre')).body.result;
    await compactRollups(t.database.db, new Date('2030-01-01T00:00:00Z'), eventId);
    expect((await get('/reports/sales/metre')).body.result).toEqual(before);
    expect(before.total).toEqual(expected(metre));
  });
});

describe('the spec’s parameter names (02-catalogue §7): a festival day and xId names', () => {
  it('answers `date` with that festival day at the event’s cut-off, as the range form does', async () => {
    const db = t.database.db;
    const res = (await db.execute(
      sql`select timezone, offset_hours from events where id = ${eventId}`,
    )) as unknown as { rows: { timezone: string; offset_hours: number }[] };
    const old = res.rows[0];
    // Madrid in July is UTC+2: with a 6-hour cut-off, 10 July runs 04:00Z on the 10th to 04:00Z on the 11th.
    await db.execute(
      sql`update events set timezone = 'Europe/Madrid', offset_hours = 6 where id = ${eventId}`,
    );
    try {
      const day = { dateStart: '2026-07-10T04:00:00.000Z', dateEnd: '2026-07-11T04:00:00.000Z' };
      const metre = sales.filter((s) => s.kitchenId && s.roomId === ids.terrace);
      const inDay = metre.filter((s) => s.deviceTime >= day.dateStart && s.deviceTime < day.dateEnd);
      expect(inDay.length).toBeGreaterThan(0);
      expect(inDay.length).toBeLessThan(sales.filter((s) => s.kitchenId).length);
      const spec = await get('/reports/sales/metre', {
        date: '2026-07-10',
        kitchenId: ids.grill,
        roomId: ids.terrace,
      });
      expect(spec.status).toBe(200);
      expect(spec.body.result.total).toEqual(expected(inDay));
      // The other five calls: the spec's names give the range form's answer.
      const calls: [string, Record<string, string | number>, Record<string, string | number>][] = [
        [
          '/reports/main-order-staff',
          { locationId: ids.barA, staffId: ids.mia, articleId: ids.beer, isIntern: 1 },
          { idLocation: ids.barA, idStaff: ids.mia, idArticle: ids.beer, isIntern: 1 },
        ],
        ['/reports/mainOrderLocation', { idLocation: ids.barA }, { idLocation: ids.barA }],
        ['/reports/mainRechargesLocation', { idLocation: ids.barA }, { idLocation: ids.barA }],
        ['/reports/mainRechargesBonus', { idStaff: ids.mia }, { idStaff: ids.mia }],
        ['/reports/overviewAddonLog', { idStaff: ids.mia }, { idStaff: ids.mia }],
      ];
      for (const [path, specNames, rangeNames] of calls) {
        const a = await get(path, { date: '2026-07-10', ...specNames });
        const b = await get(path, { ...day, ...rangeNames });
        expect([path, a.status, a.body.result]).toEqual([path, 200, b.body.result]);
      }
      const whole = await get('/reports/mainOrderLocation', {});
      const oneDay = await get('/reports/mainOrderLocation', { date: '2026-07-10' });
      expect(oneDay.body.result).not.toEqual(whole.body.result);
      expect((await get('/reports/sales/metre', { date: '11/07/2026' })).status).toBe(400);
    } finally {
      await db.execute(
        sql`update events set timezone = ${old!.timezone}, offset_hours = ${old!.offset_hours} where id = ${eventId}`,
      );
    }
  });
});

describe('order errors (GET /order-errors)', () => {
  it('lists what the terminals reported, newest first, with room and staff names', async () => {
    const res = await get('/order-errors');
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(errors.length);
    expect(res.body.result[0]).toMatchObject({
      message: 'Article not on the kitchen menu',
      seatName: 'Table 9',
      roomName: 'Hall',
      staffName: 'Mia Metre',
      kitchenName: 'Grill',
      date_create: new Date(errors[1]!.deviceTime).toISOString(),
    });
    const terrace = await get('/order-errors', { idRoom: ids.terrace });
    expect(terrace.body.result.map((e: { message: string }) => e.message)).toEqual([
      'Kitchen printer unreachable',
    ]);
  });

  it('answers the page the screen asks for, with the total, as the list has them', async () => {
    const list = (await get('/order-errors')).body.result as { id: number; idRoom: number | null }[];
    const pages = [];
    for (let page = 1; page <= list.length; page++) {
      const res = await get('/order-errors', { page, paginationLimit: 1 });
      expect(res.status).toBe(200);
      expect(res.body.result.total).toBe(list.length);
      pages.push(...res.body.result.orderErrors);
    }
    expect(pages).toEqual(list);
    const past = await get('/order-errors', { page: list.length + 1, paginationLimit: 1 });
    expect(past.body.result).toEqual({ orderErrors: [], total: list.length });
    // The filters hold on the page and its total; 30 a page unless asked otherwise.
    const terrace = await get('/order-errors', { idRoom: ids.terrace, page: 1 });
    expect(terrace.body.result.total).toBe(1);
    expect(terrace.body.result.orderErrors).toEqual(list.filter((e) => e.idRoom === ids.terrace));
    const zero = await get('/order-errors', { page: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.fields.map((f: { path: string }) => f.path)).toContain('querystring.page');
  });

  it('answers, byte for byte, what writing the rows in Node answered (dates, nulls, numbers, escapes)', async () => {
    const db = t.database.db;
    // Errors the feed would not send but the table holds: a time with microseconds, two at the same
    // instant, text that JSON must escape, a room of no name here, no seat, room, kitchen or staff.
    await db.execute(sql`insert into order_errors
      (event_id, operation_id, message, seat_name, room_id, kitchen_id, staff_id, device_time) values
      (${eventId}, ${randomUUID()}, ${'Quote " backslash \\ newline \n tab \t bell \u0007 ñ € 😀'},
        ${'Seat "7"'}, ${ids.terrace}, ${ids.grill}, ${ids.mia}, '2026-07-11T21:30:00.123987Z'),
      (${eventId}, ${randomUUID()}, 'No seat', null, 999999, null, null, '2026-07-11T21:30:00.123987Z'),
      (${eventId}, ${randomUUID()}, 'Nothing known', null, null, null, null, '2026-07-11T21:31:00Z')`);
    const rows = (
      (await db.execute(sql`
        select o.id, o.device_time, o.message, o.seat_name, o.room_id, o.kitchen_id, o.staff_id,
          r.name as room_name, k.name as kitchen_name, s.name as staff_name
        from order_errors o
        left join rooms r on r.id = o.room_id and r.event_id = ${eventId}
        left join kitchens k on k.id = o.kitchen_id and k.event_id = ${eventId}
        left join staff s on s.id = o.staff_id and s.event_id = ${eventId}
        where o.event_id = ${eventId}
        order by o.device_time desc, o.id desc`)) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    const n = (v: unknown) => (v === null ? null : Number(v));
    // What the list was before the database wrote it (issue 31), field for field.
    const before = rows.map((r) => ({
      id: Number(r.id),
      date_create: new Date(r.device_time as string | Date).toISOString(),
      message: r.message,
      seatName: r.seat_name,
      roomName: r.room_name,
      staffName: r.staff_name,
      idRoom: n(r.room_id),
      idKitchen: n(r.kitchen_id),
      kitchenName: r.kitchen_name,
      idStaff: n(r.staff_id),
    }));
    expect(before.length).toBe(errors.length + 3);
    const res = await get('/order-errors');
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toMatch(/^application\/json/);
    expect(res.raw.payload).toBe(JSON.stringify({ error: 0, result: before }));
    const list = res.body.result as { message: string; date_create: string }[];
    expect(list.find((e) => e.message === 'Nothing known')).toMatchObject({ idRoom: null, roomName: null });
    expect(list.find((e) => e.message === 'No seat')).toMatchObject({
      date_create: '2026-07-11T21:30:00.123Z',
      idRoom: 999999,
      roomName: null,
    });
    // A window with no errors answers an empty list.
    const none = await get('/order-errors', { dateStart: '2030-01-01T00:00:00Z' });
    expect(none.raw.payload).toBe('{"error":0,"result":[]}');
  });
});

describe('the feed checks kitchens and rooms', () => {
  it('refuses a kitchen or a room that is not the event’s, and records nothing of them', async () => {
    const base = {
      kind: 'sale',
      rfid: '04AABBCC000002',
      lines: [{ idArticle: ids.beer, quantity: 1, price: 500 }],
    };
    const ops = [
      {
        ...base,
        id: randomUUID(),
        deviceTime: '2026-07-12T20:00:00Z',
        payments: [{ type: 'T', amount: 500 }],
        kitchenId: ids.otherKitchen,
      },
      {
        ...base,
        id: randomUUID(),
        deviceTime: '2026-07-12T20:01:00Z',
        payments: [{ type: 'T', amount: 500 }],
        kitchenId: ids.grill,
        roomId: 999_999,
      },
      {
        kind: 'orderError',
        id: randomUUID(),
        deviceTime: '2026-07-12T20:02:00Z',
        message: 'x',
        roomId: 999_998,
      },
      { kind: 'orderError', id: randomUUID(), deviceTime: '2026-07-12T20:03:00Z', message: '' },
    ];
    const res = await send(ops);
    expect(res.status).toBe(200);
    expect(res.body.result.accepted).toEqual([]);
    expect(res.body.result.refused.map((r: { reason: string }) => r.reason)).toEqual([
      'kitchenUnknown',
      'roomUnknown',
      'roomUnknown',
      'invalid',
    ]);
    expect(res.body.result.refused[0].description).toBe(
      `The kitchen ${ids.otherKitchen} does not exist in this event`,
    );
    const after = await get('/reports/sales/metre', { dateStart: '2026-07-12T00:00:00Z' });
    expect(after.body.result.total.orders).toBe(0);
  });
});

describe('a simulated festival with kitchens (the demo’s sales venue)', () => {
  it('sells at named bars, takes metre orders in the kitchens’ rooms and reports failed orders', async () => {
    const ev = await t.eventByName('Mar Azul Beach 2026');
    const db = t.database.db;
    await seedDemoSalesVenue(db, ev.id);
    await seedDemoSalesVenue(db, ev.id); // a second start keeps what exists
    const places = await eventSalePlaces(db, ev.id);
    expect(places.bars).toHaveLength(3);
    expect(places.kitchens.map((k) => k.rooms.length)).toEqual([2, 2]);
    expect(places.metres).toHaveLength(2);
    // The rest of the venue the simulated terminals name (kiosks, gates, the desk…): the feed records
    // only the event's own.
    await seedDemoVenue(db, ev.id);
    // The simulator sells only what the event sells: this event gets five priced articles first.
    await db.execute(sql`insert into articles (event_id, name, base_price) values
      (${ev.id}, 'Beer', 600), (${ev.id}, 'Water', 250), (${ev.id}, 'Cocktail', 1000),
      (${ev.id}, 'Soda', 350), (${ev.id}, 'Burger', 1100)`);
    const report = await simulateFestival(serviceTarget(db), {
      eventId: ev.id,
      wristbands: 120,
      days: 1,
      seed: 11,
      syncEveryMinutes: 60,
      start: new Date('2027-07-10T12:00:00Z'),
      articles: await eventArticles(db, ev.id),
      staff: await eventStaff(db, ev.id),
      ...places,
    });
    expect(report.refused).toBe(0);
    const s = await t.session('admin@demo.test', 'Mar Azul Beach 2026');
    const byLocation = (await get('/reports/mainOrderLocation', {}, s)).body.result;
    expect(byLocation.rows.map((r: { name: string }) => r.name).sort()).toEqual(
      ['Beach Bar', 'Cocktail Tent', 'Food Court', 'Main Bar'].sort(),
    );
    const metre = (await get('/reports/sales/metre', {}, s)).body.result;
    expect(metre.total.orders).toBeGreaterThan(10);
    expect(new Set(metre.rows.map((r: { kitchen: string }) => r.kitchen))).toEqual(
      new Set(['Grill', 'Pizzeria']),
    );
    expect(metre.rows.every((r: { room: string | null }) => r.room !== null)).toBe(true);
    expect(metre.staff.map((r: { name: string }) => r.name).sort()).toEqual(['Julia Navarro', 'Marco Ferri']);
    // The metre orders are the food court's sales.
    const court = byLocation.rows.find((r: { name: string }) => r.name === 'Food Court');
    expect(figuresOf(court)).toEqual(figuresOf(metre.total));
    const failed = (await get('/order-errors', {}, s)).body.result;
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((e: { roomName: string; staffName: string }) => e.roomName && e.staffName)).toBe(
      true,
    );
  }, 120_000);
});
