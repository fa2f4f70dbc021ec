import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/helper';
import { articles, kitchenRooms, kitchens, locations, rooms, staff } from '../../../core/db/schema';
import { registerDevice } from '../../terminals';

/**
 * The small festival of the sales tests (sales.test.ts, metre-sales.test.ts), posted through the
 * device API: bars, a kitchen serving two rooms, staff, sales with devolutions and gifts, and order
 * errors; the report call, and the expected figures computed from what the test posted.
 */

type Pay = 'S' | 'B' | 'T' | 'O';
export interface Line {
  idArticle: number;
  quantity: number;
  price: number;
  quantityGift: number;
}
export interface Sale {
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
let token: string;
/** The festival's locations, articles, staff, rooms and kitchens (filled in by `salesFestival`). */
export const ids = {
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
/** The sales posted (filled in by `salesFestival`). */
export const sales: Sale[] = [];
/** The order errors posted (filled in by `salesFestival`). */
export const errors: {
  id: string;
  deviceTime: string;
  message: string;
  seatName?: string;
  roomId?: number;
  staffId?: number;
}[] = [];

export const DAY1 = { start: '2026-07-10T10:00:00.000Z', end: '2026-07-11T10:00:00.000Z' };
export const DAY2 = { start: '2026-07-11T10:00:00.000Z', end: '2026-07-12T10:00:00.000Z' };
const q = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};
export const get = (path: string, params: Record<string, string | number | undefined> = {}, who = admin) =>
  t.call('GET', `/api${path}${q(params)}`, who);
export const send = (operations: unknown[]) =>
  t.call('POST', '/api/device/sync', { headers: { devicetoken: token }, body: { operations } });

/**
 * Sets up the festival in the test app: locations, articles, staff, rooms and a kitchen of the event
 * (and a kitchen of another event), then the sales and order errors posted by one terminal.
 */
export async function salesFestival(app: TestApp) {
  t = app;
  admin = await t.session('admin@demo.test');
  const ev = await t.activeEvent();
  const eventId = ev.id;
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
  return { eventId };
}

// ---------------------------------------------------------------------------------------------
// The expected figures, from what the test posted

export const inWindow = (s: { deviceTime: string }, w?: { start: string; end: string }) =>
  !w || (Date.parse(s.deviceTime) >= Date.parse(w.start) && Date.parse(s.deviceTime) < Date.parse(w.end));

export function expected(list: Sale[], lineOk: (l: Line) => boolean = () => true) {
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
export const groupBy = <K>(list: Sale[], key: (s: Sale) => K) => {
  const m = new Map<K, Sale[]>();
  for (const s of list) m.set(key(s), [...(m.get(key(s)) ?? []), s]);
  return m;
};
export const figuresOf = (r: Record<string, unknown>) => ({
  orders: r.orders,
  devolutions: r.devolutions,
  quantity: r.quantity,
  gifts: r.gifts,
  amount: r.amount,
});
export const lineFigures = (r: Record<string, unknown>) => ({
  quantity: r.quantity,
  gifts: r.gifts,
  amount: r.amount,
});
export const sumRows = (rows: Record<string, number>[], keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, rows.reduce((s, r) => s + r[k]!, 0)]));
