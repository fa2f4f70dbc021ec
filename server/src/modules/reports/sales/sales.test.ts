import { randomUUID } from 'node:crypto';
import { PERMISSIONS, type PermissionName } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { articles, kitchenRooms, kitchens, locations, rooms, staff } from '../../../core/db/schema';
import { eventArticles, eventSalePlaces, eventStaff, simulateFestival } from '../../../seed/simulator';
import { registerDevice, serviceTarget } from '../../terminals';
import { compactRollups } from '../rollups/rollups';
import { seedDemoSalesVenue } from './sales-demo';

/**
 * The sales report and the order errors list against a small festival posted through the device
 * API. Every expected figure is computed here from the operations the test posted.
 */

type Pay = 'S' | 'B' | 'T' | 'O';
interface Line {
  idArticle: number;
  quantity: number;
  price: number;
  quantityGift: number;
}
interface Sale {
  kind: 'sale';
  id: string;
  deviceTime: string;
  rfid: string;
  lines: Line[];
  payments: { type: Pay; amount: number }[];
  isDevolution?: boolean;
  staffId?: number;
  locationId?: number;
  kitchenId?: number;
  roomId?: number;
  seatName?: string;
}

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['session']>>;
let eventId: number;
let token: string;
const ids = {
  barA: 0,
  court: 0,
  beer: 0,
  burger: 0,
  water: 0,
  ana: 0,
  ben: 0,
  mia: 0,
  terrace: 0,
  hall: 0,
  grill: 0,
  otherKitchen: 0,
};
const sales: Sale[] = [];
const errors: {
  id: string;
  deviceTime: string;
  message: string;
  seatName?: string;
  roomId?: number;
  staffId?: number;
}[] = [];

const DAY1 = { start: '2026-07-10T10:00:00.000Z', end: '2026-07-11T10:00:00.000Z' };
const DAY2 = { start: '2026-07-11T10:00:00.000Z', end: '2026-07-12T10:00:00.000Z' };
const q = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};
const get = (path: string, params: Record<string, string | number | undefined> = {}, who = admin) =>
  t.call('GET', `/api${path}${q(params)}`, who);
const send = (operations: unknown[]) =>
  t.call('POST', '/api/device/sync', { headers: { devicetoken: token }, body: { operations } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  const ev = await t.activeEvent();
  eventId = ev.id;
  const db = t.database.db;
  const foreign = await t.eventByName('Sonora Festival 2027');

  const [a, b] = await db
    .insert(locations)
    .values([
      { eventId, idUnique: 901, name: 'Sales Bar A', activities: ['V'] },
      { eventId, idUnique: 902, name: 'Sales Court', activities: ['V'] },
    ])
    .returning();
  ids.barA = a!.id;
  ids.court = b!.id;
  const arts = await db
    .insert(articles)
    .values([
      { eventId, name: 'Beer', basePrice: 500 },
      { eventId, name: 'Burger', basePrice: 1200 },
      { eventId, name: 'Water', basePrice: 200 },
    ])
    .returning();
  [ids.beer, ids.burger, ids.water] = arts.map((x) => x.id) as [number, number, number];
  const people = await db
    .insert(staff)
    .values([
      { eventId, user: 'sales.ana', name: 'Ana Bar', trusts: 'CV', intern: 1 },
      { eventId, user: 'sales.ben', name: 'Ben Bar', trusts: 'CV', intern: 0 },
      { eventId, user: 'sales.mia', name: 'Mia Metre', trusts: 'VM', intern: 1 },
    ])
    .returning();
  [ids.ana, ids.ben, ids.mia] = people.map((x) => x.id) as [number, number, number];
  const rs = await db
    .insert(rooms)
    .values([
      { eventId, idUniqueEvent: 901, name: 'Terrace' },
      { eventId, idUniqueEvent: 902, name: 'Hall' },
    ])
    .returning();
  [ids.terrace, ids.hall] = rs.map((x) => x.id) as [number, number];
  const [k] = await db.insert(kitchens).values({ eventId, name: 'Grill', locationId: ids.court }).returning();
  ids.grill = k!.id;
  await db.insert(kitchenRooms).values([
    { eventId, kitchenId: ids.grill, roomId: ids.terrace },
    { eventId, kitchenId: ids.grill, roomId: ids.hall },
  ]);
  const [fl] = await db
    .insert(locations)
    .values({ eventId: foreign.id, idUnique: 903, name: 'Foreign court', activities: ['V'] })
    .returning();
  const [fk] = await db
    .insert(kitchens)
    .values({ eventId: foreign.id, name: 'Foreign grill', locationId: fl!.id })
    .returning();
  ids.otherKitchen = fk!.id;

  const { secretKey } = await registerDevice(db, { n_serie: 'SALES-PDA-1', idEvent: eventId, type: 'PDA' });
  token = (await t.call('POST', '/api/device/auth', { body: { serial: 'SALES-PDA-1', secretKey } })).body
    .result.token as string;

  const line = (idArticle: number, price: number, quantity: number, quantityGift = 0): Line => ({
    idArticle,
    price,
    quantity,
    quantityGift,
  });
  const sale = (at: string, lines: Line[], pays: Pay[], extra: Partial<Sale> = {}): Sale => {
    const total = lines.reduce((s, l) => s + l.price * (l.quantity - l.quantityGift), 0);
    // The first payment types take an even share, the last the rest.
    const share = Math.floor(total / pays.length);
    const payments = pays.map((type, i) => ({
      type,
      amount: i === pays.length - 1 ? total - share * (pays.length - 1) : share,
    }));
    return {
      kind: 'sale',
      id: randomUUID(),
      deviceTime: at,
      rfid: '04AABBCC000001',
      lines,
      payments,
      ...extra,
    };
  };
  const first = sale('2026-07-10T20:00:00Z', [line(ids.beer, 500, 2), line(ids.water, 200, 1, 1)], ['S'], {
    staffId: ids.ana,
    locationId: ids.barA,
  });
  sales.push(
    first,
    sale('2026-07-10T21:10:00Z', [line(ids.burger, 1200, 1)], ['T'], {
      staffId: ids.ben,
      locationId: ids.barA,
    }),
    sale('2026-07-10T21:40:00Z', [line(ids.beer, 500, 3), line(ids.burger, 1200, 1)], ['B', 'S'], {
      staffId: ids.ben,
      locationId: ids.court,
    }),
    // The first sale comes back: it nets out.
    { ...first, id: randomUUID(), deviceTime: '2026-07-10T20:05:00Z', isDevolution: true },
    sale('2026-07-11T19:00:00Z', [line(ids.beer, 500, 1)], ['S', 'B'], {
      staffId: ids.ana,
      locationId: ids.court,
    }),
    sale('2026-07-11T23:30:00Z', [line(ids.water, 200, 4)], ['O'], { locationId: ids.barA }),
    // Metre orders taken at seats of the court's rooms, prepared by the grill.
    sale('2026-07-10T22:00:00Z', [line(ids.burger, 1200, 2)], ['S'], {
      staffId: ids.mia,
      locationId: ids.court,
      kitchenId: ids.grill,
      roomId: ids.terrace,
      seatName: 'Table 4',
    }),
    sale('2026-07-11T22:15:00Z', [line(ids.beer, 500, 3, 1), line(ids.burger, 1200, 1)], ['T'], {
      staffId: ids.mia,
      locationId: ids.court,
      kitchenId: ids.grill,
      roomId: ids.hall,
      seatName: 'Table 9',
    }),
  );
  errors.push(
    {
      id: randomUUID(),
      deviceTime: '2026-07-10T21:59:00Z',
      message: 'Kitchen printer unreachable',
      seatName: 'Table 4',
      roomId: ids.terrace,
      staffId: ids.mia,
    },
    {
      id: randomUUID(),
      deviceTime: '2026-07-11T22:14:00Z',
      message: 'Article not on the kitchen menu',
      seatName: 'Table 9',
      roomId: ids.hall,
      staffId: ids.mia,
    },
  );
  const res = await send([
    ...sales,
    ...errors.map((e) => ({ kind: 'orderError', kitchenId: ids.grill, locationId: ids.court, ...e })),
  ]);
  expect(res.status).toBe(200);
  expect(res.body.result.refused).toEqual([]);
  expect(res.body.result.accepted).toHaveLength(sales.length + errors.length);
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// The expected figures, from what the test posted

const inWindow = (s: { deviceTime: string }, w?: { start: string; end: string }) =>
  !w || (Date.parse(s.deviceTime) >= Date.parse(w.start) && Date.parse(s.deviceTime) < Date.parse(w.end));

function expected(list: Sale[], lineOk: (l: Line) => boolean = () => true) {
  const f = { orders: 0, devolutions: 0, quantity: 0, gifts: 0, amount: 0 };
  for (const s of list) {
    const lines = s.lines.filter(lineOk);
    if (!lines.length) continue;
    const sign = s.isDevolution ? -1 : 1;
    if (s.isDevolution) f.devolutions++;
    else f.orders++;
    for (const l of lines) {
      f.quantity += sign * (l.quantity - l.quantityGift);
      f.gifts += sign * l.quantityGift;
      f.amount += sign * l.price * (l.quantity - l.quantityGift);
    }
  }
  return f;
}
const groupBy = <K>(list: Sale[], key: (s: Sale) => K) => {
  const m = new Map<K, Sale[]>();
  for (const s of list) m.set(key(s), [...(m.get(key(s)) ?? []), s]);
  return m;
};
const figuresOf = (r: Record<string, unknown>) => ({
  orders: r.orders,
  devolutions: r.devolutions,
  quantity: r.quantity,
  gifts: r.gifts,
  amount: r.amount,
});
const lineFigures = (r: Record<string, unknown>) => ({
  quantity: r.quantity,
  gifts: r.gifts,
  amount: r.amount,
});
const sumRows = (rows: Record<string, number>[], keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, rows.reduce((s, r) => s + r[k]!, 0)]));

describe('sales by staff (GET /reports/main-order-staff)', () => {
  it('nets devolutions, shows gifts as units, and adds up to its total', async () => {
    const res = await get('/reports/main-order-staff');
    expect(res.status).toBe(200);
    const { rows, total } = res.body.result;
    const want = groupBy(sales, (s) => s.staffId ?? null);
    expect(rows).toHaveLength(want.size);
    for (const [staffId, list] of want) {
      const row = rows.find((r: { idStaff: number | null }) => r.idStaff === staffId);
      expect(figuresOf(row), `staff ${staffId}`).toEqual(expected(list));
    }
    expect(rows.find((r: { idStaff: number }) => r.idStaff === ids.ana)).toMatchObject({
      name: 'Ana Bar',
      intern: 1,
    });
    expect(total).toEqual(expected(sales));
    expect(sumRows(rows, ['quantity', 'gifts', 'amount'])).toEqual({
      quantity: total.quantity,
      gifts: total.gifts,
      amount: total.amount,
    });
  });

  it('filters internal or external staff, a day, a location and an article', async () => {
    const staffIntern = new Map([
      [ids.ana, 1],
      [ids.ben, 0],
      [ids.mia, 1],
    ]);
    for (const isIntern of [0, 1]) {
      const res = await get('/reports/main-order-staff', { isIntern });
      const want = sales.filter((s) => s.staffId !== undefined && staffIntern.get(s.staffId) === isIntern);
      expect(res.body.result.total).toEqual(expected(want));
      expect(res.body.result.rows.every((r: { intern: number }) => r.intern === isIntern)).toBe(true);
    }
    const res = await get('/reports/main-order-staff', {
      dateStart: DAY1.start,
      dateEnd: DAY1.end,
      idLocation: ids.court,
      idArticle: ids.beer,
    });
    const want = sales.filter((s) => inWindow(s, DAY1) && s.locationId === ids.court);
    expect(res.body.result.total).toEqual(expected(want, (l) => l.idArticle === ids.beer));
    // An article by location over a window that is not whole hours (rollup hours + raw edges).
    const odd = {
      start: new Date(Date.parse(DAY1.start) + 17 * 60_000).toISOString(),
      end: new Date(Date.parse(DAY1.end) - 23 * 60_000).toISOString(),
    };
    const byLoc = await get('/reports/mainOrderLocation', {
      dateStart: odd.start,
      dateEnd: odd.end,
      idArticle: ids.beer,
    });
    const inOdd = sales.filter((s) => inWindow(s, odd));
    for (const [loc, group] of groupBy(inOdd, (s) => s.locationId ?? null)) {
      const row = byLoc.body.result.rows.find((r: { idLocation: number }) => r.idLocation === loc);
      const wantLoc = expected(group, (l) => l.idArticle === ids.beer);
      if (wantLoc.orders + wantLoc.devolutions === 0) continue;
      expect(figuresOf(row), `location ${loc}`).toEqual(wantLoc);
    }
    expect(byLoc.body.result.total).toEqual(expected(inOdd, (l) => l.idArticle === ids.beer));
  });
});

describe('sales by location and by article', () => {
  it('by location: one row per location, a day window moves the figures', async () => {
    for (const w of [undefined, DAY1, DAY2]) {
      const res = await get('/reports/mainOrderLocation', w ? { dateStart: w.start, dateEnd: w.end } : {});
      expect(res.status).toBe(200);
      const list = sales.filter((s) => inWindow(s, w));
      const want = groupBy(list, (s) => s.locationId ?? null);
      expect(res.body.result.rows).toHaveLength(want.size);
      for (const [loc, group] of want) {
        const row = res.body.result.rows.find((r: { idLocation: number }) => r.idLocation === loc);
        expect(figuresOf(row)).toEqual(expected(group));
      }
      expect(res.body.result.total).toEqual(expected(list));
    }
    const one = await get('/reports/mainOrderLocation', { idLocation: ids.barA });
    expect(one.body.result.rows).toEqual([
      {
        idLocation: ids.barA,
        name: 'Sales Bar A',
        ...expected(sales.filter((s) => s.locationId === ids.barA)),
      },
    ]);
  });

  it('by article: units, gifts and amount per article, filtered by staff', async () => {
    const res = await get('/reports/main-order-article', { idStaff: ids.mia });
    const mine = sales.filter((s) => s.staffId === ids.mia);
    for (const art of [ids.beer, ids.burger]) {
      const row = res.body.result.rows.find((r: { idArticle: number }) => r.idArticle === art);
      expect(lineFigures(row)).toEqual(lineFigures(expected(mine, (l) => l.idArticle === art)));
    }
    expect(res.body.result.rows.map((r: { name: string }) => r.name).sort()).toEqual(['Beer', 'Burger']);
    expect(res.body.result.total).toEqual(lineFigures(expected(mine)));
    // The water given away in the first sale came back with it: net zero gifts of water.
    const all = await get('/reports/main-order-article', { idArticle: ids.water });
    expect(all.body.result.rows).toHaveLength(1);
    expect(lineFigures(all.body.result.rows[0])).toEqual(
      lineFigures(expected(sales, (l) => l.idArticle === ids.water)),
    );
    expect(all.body.result.rows[0].gifts).toBe(0);
  });
});

describe('a window that does not start or end on the hour', () => {
  it('answers the same as the sales posted in it (rollup hours plus raw edges)', async () => {
    const w = { start: '2026-07-10T20:03:00.000Z', end: '2026-07-11T22:10:00.000Z' };
    const list = sales.filter((s) => inWindow(s, w));
    const params = { dateStart: w.start, dateEnd: w.end };
    const loc = (await get('/reports/mainOrderLocation', params)).body.result;
    expect(loc.total).toEqual(expected(list));
    for (const [id, group] of groupBy(list, (s) => s.locationId ?? null)) {
      const row = loc.rows.find((r: { idLocation: number | null }) => r.idLocation === id);
      expect(figuresOf(row)).toEqual(expected(group));
    }
    const staffRows = (await get('/reports/main-order-staff', params)).body.result;
    expect(staffRows.total).toEqual(expected(list));
    const art = (await get('/reports/main-order-article', params)).body.result;
    expect(art.total).toEqual(lineFigures(expected(list)));
    const overview = (await get('/reports/sales/overview', params)).body.result;
    expect(overview.total).toEqual(expected(list));
    const amounts = (await get('/reports/staffAmounts', params)).body.result;
    expect(amounts.total.total).toBe(expected(list).amount);
  });
});

describe('staff amounts (GET /reports/staffAmounts)', () => {
  it('what each staff member took per payment type, net of devolutions', async () => {
    const res = await get('/reports/staffAmounts', { dateStart: DAY1.start, dateEnd: DAY1.end });
    expect(res.status).toBe(200);
    const list = sales.filter((s) => inWindow(s, DAY1));
    const want = groupBy(list, (s) => s.staffId ?? null);
    for (const [staffId, group] of want) {
      const row = res.body.result.rows.find((r: { idStaff: number | null }) => r.idStaff === staffId);
      const pay = { S: 0, B: 0, T: 0, O: 0 };
      for (const s of group) for (const p of s.payments) pay[p.type] += (s.isDevolution ? -1 : 1) * p.amount;
      expect(row, `staff ${staffId}`).toMatchObject({ ...pay, total: pay.S + pay.B + pay.T + pay.O });
    }
    // Ana's only day-one sale came back: she took nothing.
    expect(res.body.result.rows.find((r: { idStaff: number }) => r.idStaff === ids.ana)).toMatchObject({
      S: 0,
      total: 0,
      orders: 1,
      devolutions: 1,
    });
    const { total } = res.body.result;
    expect(total.total).toBe(expected(list).amount);
    expect(total.S + total.B + total.T + total.O).toBe(total.total);
  });
});

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

describe('the sales overview (GET /reports/sales/overview)', () => {
  it('totals, how they were paid and the figures by hour agree', async () => {
    const res = await get('/reports/sales/overview', { idLocation: ids.court });
    expect(res.status).toBe(200);
    const list = sales.filter((s) => s.locationId === ids.court);
    const { total, payments, byHour } = res.body.result;
    expect(total).toEqual(expected(list));
    const pay = { S: 0, B: 0, T: 0, O: 0 };
    for (const s of list) for (const p of s.payments) pay[p.type] += (s.isDevolution ? -1 : 1) * p.amount;
    expect(payments).toEqual(pay);
    const hours = new Map<string, number>();
    for (const s of list) {
      const h = new Date(s.deviceTime);
      h.setUTCMinutes(0, 0, 0);
      hours.set(
        h.toISOString(),
        (hours.get(h.toISOString()) ?? 0) +
          (s.isDevolution ? -1 : 1) * expected([{ ...s, isDevolution: false }]).amount,
      );
    }
    expect(byHour.map((h: { hour: string; amount: number }) => [h.hour, h.amount])).toEqual(
      [...hours].sort((a, b) => a[0].localeCompare(b[0])),
    );
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

describe('who may call which tab', () => {
  const calls: [string, PermissionName][] = [
    ['/reports/sales/overview', 'infoventas'],
    ['/reports/main-order-staff', 'reportsStaff'],
    ['/reports/mainOrderLocation', 'reportsLocation'],
    ['/reports/main-order-article', 'reportsArticle'],
    ['/reports/staffAmounts', 'workday'],
    ['/reports/sales/metre', 'metreSalesReport'],
  ];
  it('each call needs its tab’s permission: the others are refused', async () => {
    for (const [path, perm] of calls) {
      const email = `sales-${perm}@demo.test`;
      await t.userWithPermissions(email, eventId, [PERMISSIONS[perm]]);
      const s = await t.session(email);
      for (const [other, otherPerm] of calls) {
        const res = await get(other, {}, s);
        expect(res.status, `${perm} calling ${other}`).toBe(otherPerm === perm ? 200 : 403);
      }
      const errorsList = await get('/order-errors', {}, s);
      expect(errorsList.status, `${perm} calling /order-errors`).toBe(
        perm === 'infoventas' || perm === 'metreSalesReport' ? 200 : 403,
      );
      expect(path).toBeTruthy();
    }
  });
});

describe('bad filters', () => {
  it('answer 400 with the field, never 500', async () => {
    for (const [path, params, field] of [
      ['/reports/main-order-staff', { isIntern: 2 }, 'isIntern'],
      ['/reports/mainOrderLocation', { idLocation: 'abc' }, 'idLocation'],
      ['/reports/main-order-article', { dateStart: 'yesterday' }, 'dateStart'],
      ['/reports/staffAmounts', { dateStart: DAY2.start, dateEnd: DAY1.start }, 'dateEnd'],
      ['/reports/sales/metre', { idKitchen: -1 }, 'idKitchen'],
      ['/reports/sales/overview', { idStaff: 1.5 }, 'idStaff'],
      ['/order-errors', { idRoom: 'x' }, 'idRoom'],
    ] as const) {
      const res = await get(path, params);
      expect(res.status, path).toBe(400);
      expect(
        res.body.fields.map((f: { path: string }) => f.path),
        path,
      ).toContain(`querystring.${field}`);
    }
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
