import { randomUUID } from 'node:crypto';
import type { SyncOperationInput } from '@pulsera/contracts';
import { freshFeedNames } from '../../../test/feed-names';
import type { TestApp } from '../../../test/helper';
import { registerDevice } from '../terminals';

/**
 * A small festival for the money reports' tests (top-ups, bonuses, wristbands): named staff,
 * locations and devices, and operations of every money kind sent through the device API. The tests
 * compute what they expect from `ops` themselves, never by asking the database the same question.
 */

export type Pay = 'S' | 'T' | 'O' | 'B';
export interface TopUpOp {
  kind: 'topup';
  id: string;
  deviceTime: string;
  rfid: string;
  type: string;
  paymentType?: Pay;
  amount: number;
  bonus: number;
  money: number;
  fee: number;
  staffId?: number;
  supervisorId?: number;
  locationId?: number;
  articles?: { idArticle: number; quantity: number }[];
  ref?: string;
}
export interface SaleOp {
  kind: 'sale';
  id: string;
  deviceTime: string;
  rfid: string;
  lines: { idArticle: number; quantity: number; price: number }[];
  payments: { type: Pay; amount: number }[];
  isDevolution?: boolean;
  staffId?: number;
  locationId?: number;
}
export interface ChangeOp {
  kind: 'wristbandChange';
  id: string;
  deviceTime: string;
  sourceRfid: string;
  endRfid: string;
  staffId?: number;
  locationId?: number;
}
export interface AccessOp {
  kind: 'access';
  id: string;
  deviceTime: string;
  rfid: string;
  acceso: 'S';
  zoneFrom: null;
  zoneTo: number;
}
export type Op = TopUpOp | SaleOp | ChangeOp | AccessOp;
/** An operation and the device that sent it. */
export type Sent = Op & { deviceId: number };

export const W = (n: number) => `RPTW${n.toString().padStart(10, '0')}`;
const HOUR = 3_600_000;

export interface MoneyFestival {
  eventId: number;
  timezone: string;
  offset: number;
  staff: { carla: number; bruno: number; sara: number };
  locations: { north: number; south: number; bar: number };
  devices: { k1: number; k2: number; bar: number };
  /** Festival day A (afternoon and the night after), and day B. */
  times: { a: (h: number) => string; b: (h: number) => string };
  ops: Sent[];
  session: Awaited<ReturnType<TestApp['session']>>;
  /** A top-up operation (for `send`). */
  top: (rfid: string, type: string, at: string, o: Partial<TopUpOp> & { amount: number }) => TopUpOp;
  /** Sends more operations from one of the devices, in one batch, and adds them to `ops`. */
  send: (device: 'k1' | 'k2' | 'bar', list: Op[]) => Promise<void>;
}

async function device(t: TestApp, serial: string, description: string, eventId: number) {
  const { device: d, secretKey } = await registerDevice(t.database.db, {
    n_serie: serial,
    description,
    idEvent: eventId,
    type: 'PDA',
  });
  const res = await t.call('POST', '/api/device/auth', { body: { serial, secretKey } });
  return { id: d.id, token: res.body.result.token as string };
}

/** Sets the festival up in the active demo event and sends its operations. */
export async function moneyFestival(t: TestApp): Promise<MoneyFestival> {
  const session = await t.session('admin@demo.test');
  const event = await t.activeEvent();
  const post = async (url: string, body: unknown) => {
    const res = await t.call('POST', url, { ...session, body });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.result as { id: number };
  };
  const staffOf = async (user: string, name: string, trusts: string) =>
    (await post('/api/staff', { staff: { user, name, trusts, intern: 1 } })).id;
  const locationOf = async (nombre: string) => (await post('/api/locations', { location: { nombre } })).id;
  const staff = {
    carla: await staffOf('rpt-carla', 'Carla Cashier', 'C'),
    bruno: await staffOf('rpt-bruno', 'Bruno Bonus', 'B'),
    sara: await staffOf('rpt-sara', 'Sara Supervisor', 'S'),
  };
  const locations = {
    north: await locationOf('Kiosk North'),
    south: await locationOf('Kiosk South'),
    bar: await locationOf('Main bar'),
  };
  // The zone the wristbands enter (the feed records only the event's own zones).
  const [grounds] = (await freshFeedNames(t.database.db, event.id, { zones: 1 })).zones;
  const k1 = await device(t, 'RPT-KIOSK-1', 'North kiosk', event.id);
  const k2 = await device(t, 'RPT-KIOSK-2', 'South kiosk', event.id);
  const bar = await device(t, 'RPT-BAR-1', 'Bar handheld', event.id);

  const start = event.dateStart.getTime();
  // Day A opens 2 hours after the event starts; +11 h is the small hours of the night after (still
  // day A with the demo's 6-hour offset); day B is a day later.
  const times = {
    a: (h: number) => new Date(start + (2 + h) * HOUR).toISOString(),
    b: (h: number) => new Date(start + (26 + h) * HOUR).toISOString(),
  };
  const { carla, bruno, sara } = staff;
  const { north, south } = locations;
  const top = (
    rfid: string,
    type: string,
    at: string,
    o: Partial<TopUpOp> & { amount: number },
  ): TopUpOp => ({
    kind: 'topup',
    id: randomUUID(),
    deviceTime: at,
    rfid,
    type,
    bonus: 0,
    money: 0,
    fee: 0,
    ...o,
  });
  const sale = (
    rfid: string,
    at: string,
    price: number,
    qty: number,
    payments: SaleOp['payments'],
  ): SaleOp => ({
    kind: 'sale',
    id: randomUUID(),
    deviceTime: at,
    rfid,
    lines: [{ idArticle: 1, quantity: qty, price }],
    payments,
    staffId: carla,
    locationId: locations.bar,
  });
  const access = (rfid: string, at: string): AccessOp => ({
    kind: 'access',
    id: randomUUID(),
    deviceTime: at,
    rfid,
    acceso: 'S',
    zoneFrom: null,
    zoneTo: grounds!,
  });

  const kiosk1: Op[] = [
    top(W(4), 'RV', times.a(0.5), { amount: 0, bonus: 1500, staffId: sara, locationId: north }),
    top(W(1), 'N', times.a(1), {
      paymentType: 'S',
      amount: 5000,
      bonus: 250,
      fee: 100,
      money: 5100,
      staffId: carla,
      locationId: north,
    }),
    top(W(3), 'O', times.a(2), {
      paymentType: 'O',
      amount: 3000,
      staffId: carla,
      locationId: north,
      ref: 'WEB-1',
    }),
    top(W(4), 'M', times.a(4), {
      amount: 0,
      bonus: 500,
      staffId: bruno,
      supervisorId: sara,
      locationId: north,
    }),
    top(W(4), 'MC', times.a(10), {
      amount: 0,
      bonus: -200,
      staffId: bruno,
      supervisorId: sara,
      locationId: north,
    }),
    // W1 gets its cash back on day B: 5000 loaded, 1550 spent; a 50 fee is kept.
    top(W(1), 'D', times.b(3), {
      paymentType: 'S',
      amount: -3450,
      money: 3400,
      fee: 50,
      staffId: carla,
      locationId: north,
    }),
  ];
  const kiosk2: Op[] = [
    top(W(2), 'N', times.a(1.5), {
      paymentType: 'T',
      amount: 2000,
      money: 2000,
      staffId: carla,
      locationId: south,
    }),
    top(W(2), 'R-E', times.a(5), {
      paymentType: 'T',
      amount: -1000,
      money: 1000,
      staffId: carla,
      locationId: south,
    }),
    top(W(5), 'M-E', times.a(11), { amount: 1000, staffId: bruno, supervisorId: sara, locationId: south }),
    top(W(5), 'M-WA', times.a(11.2), {
      amount: 0,
      bonus: 300,
      articles: [{ idArticle: 1, quantity: 2 }],
      staffId: bruno,
      supervisorId: sara,
      locationId: south,
    }),
    top(W(6), 'N', times.b(1), {
      paymentType: 'S',
      amount: 10000,
      bonus: 500,
      fee: 150,
      money: 10150,
      staffId: carla,
      locationId: south,
    }),
    {
      kind: 'wristbandChange',
      id: randomUUID(),
      deviceTime: times.b(2),
      sourceRfid: W(3),
      endRfid: W(7),
      staffId: carla,
      locationId: south,
    },
    top(W(5), 'AV', times.b(2.5), { amount: 0, bonus: 700, staffId: sara, locationId: south }),
  ];
  const bars: Op[] = [
    access(W(1), times.a(0.8)),
    access(W(2), times.a(0.9)),
    sale(W(1), times.a(3), 600, 3, [
      { type: 'B', amount: 250 },
      { type: 'S', amount: 1550 },
    ]),
    sale(W(2), times.a(3.2), 500, 2, [{ type: 'S', amount: 1000 }]),
    sale(W(6), times.b(1.5), 1000, 4, [
      { type: 'S', amount: 3000 },
      { type: 'T', amount: 1000 },
    ]),
    sale(W(7), times.b(2.2), 500, 1, [{ type: 'S', amount: 500 }]),
    top(W(6), 'AS-C', times.b(2.4), { amount: -1000, bonus: 200, staffId: carla, locationId: locations.bar }),
  ];
  const ops: Sent[] = [];
  const tokens = { k1, k2, bar };
  const send = async (d: keyof typeof tokens, list: Op[]) => {
    const res = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken: tokens[d].token },
      body: { operations: list as SyncOperationInput[] },
    });
    if (res.status !== 200 || res.body.result.refused.length)
      throw new Error(`sync: ${res.status} ${JSON.stringify(res.body)}`);
    ops.push(...list.map((op) => ({ ...op, deviceId: tokens[d].id })));
  };
  await send('k1', kiosk1);
  await send('k2', kiosk2);
  await send('bar', bars);
  return {
    eventId: event.id,
    timezone: event.timezone,
    offset: event.offsetHours,
    staff,
    locations,
    devices: { k1: k1.id, k2: k2.id, bar: bar.id },
    times,
    ops,
    session,
    top,
    send,
  };
}

/** The festival day of an instant: the event-time-zone date of the instant moved back by the offset. */
export function festivalDay(iso: string, timezone: string, offsetHours: number) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.parse(iso) - offsetHours * HOUR));
}

export const topUpsOf = (ops: Sent[]) =>
  ops.filter((o): o is TopUpOp & { deviceId: number } => o.kind === 'topup');
