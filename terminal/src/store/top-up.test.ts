import type { DeviceConfig } from '@pulsera/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalDb } from './db';
import { amountButtons, bookTopUp } from './top-up';

let n = 0;
const dbs: TerminalDb[] = [];
const open = () => {
  const db = new TerminalDb(`top-up-test-${++n}`);
  dbs.push(db);
  return db;
};
afterEach(async () => {
  for (const d of dbs.splice(0)) await d.delete();
});

const BAND = '04A1B2C3D4E5F6';
const POINT = 7;
const always = {
  dateStart: '2000-01-01',
  dateEnd: '2099-12-31',
  timeStart: '00:00:00',
  timeEnd: '23:59:59',
  dayWeek: 'LMXJVSD',
  applyServicesOnline: 0 as const,
  articles: [],
};
// The demo's rules: 2.50 on top-ups from 50.00 anywhere, 10% on the first top-up at this point
// only, and a 0.50 fee below 10.00 (only what the top-up point reads of the configuration).
const config = {
  event: { timeZone: 'Europe/Madrid' },
  topUp: {
    presets: [500, 1000, 2000, 5000],
    bonuses: [
      {
        ...always,
        id: 1,
        plus: 250,
        percent: 0,
        minRecharge: 5000,
        maxRecharge: 50000,
        minNumTopUp: 1,
        maxNumTopUp: -1,
        locationsAvailable: [],
      },
      {
        ...always,
        id: 2,
        plus: 0,
        percent: 10,
        minRecharge: 2000,
        maxRecharge: 10000,
        minNumTopUp: 1,
        maxNumTopUp: 1,
        locationsAvailable: [POINT],
      },
    ],
    fees: [
      {
        id: 1,
        fee: 50,
        nRechargeIni: 1,
        nRechargeEnd: 999,
        minRecharge: 100,
        maxRecharge: 999,
        dateStart: '2000-01-01T00:00:00.000Z',
        dateEnd: '2099-12-31T00:00:00.000Z',
        idLocations: [],
        idDevices: [],
      },
    ],
  },
} as unknown as DeviceConfig;
const place = { config, locationId: POINT, deviceId: 3 };

describe('a top-up at the top-up point', () => {
  it('gets the bonuses of its top-up number, also for a second top-up made offline', async () => {
    const db = open();
    const first = await bookTopUp(db, place, {
      known: { serial: BAND, cash: 1000, gift: 0, learnedAt: 1, bannedTerminals: false, topUps: 0 },
      amount: 5000,
      paymentType: 'S',
      staffId: 4,
    });
    // The first top-up: 2.50 and 10%.
    expect(first).toEqual({ amount: 5000, bonus: 750, money: 5000, cash: 6000, gift: 750 });
    // The second, from the balance and count the first left (nothing sent yet): 2.50 only.
    const known = (await db.balances.get(BAND))!;
    expect(known).toMatchObject({ cash: 6000, gift: 750, topUps: 1 });
    const second = await bookTopUp(db, place, { known, amount: 5000, paymentType: 'T', staffId: 4 });
    expect(second).toMatchObject({ bonus: 250, cash: 11000, gift: 1000 });
    const ops = (await db.outbox.orderBy('seq').toArray()).map((r) => r.operation);
    expect(ops).toMatchObject([
      {
        kind: 'topup',
        type: 'N',
        paymentType: 'S',
        rfid: BAND,
        amount: 5000,
        bonus: 750,
        fee: 0,
        money: 5000,
        locationId: POINT,
        staffId: 4,
        seq: 1,
      },
      { kind: 'topup', type: 'N', paymentType: 'T', amount: 5000, bonus: 250, seq: 2 },
    ]);
  });

  it('charges the fee on a small top-up: the attendee pays amount and fee, the balance gets the amount', async () => {
    const db = open();
    const done = await bookTopUp(db, place, {
      known: { serial: BAND, cash: 0, gift: 0, learnedAt: 1, bannedTerminals: false, topUps: 3 },
      amount: 500,
      paymentType: 'S',
      staffId: 4,
    });
    expect(done).toEqual({ amount: 500, bonus: 0, money: 550, cash: 500, gift: 0 });
    expect((await db.outbox.toArray())[0]?.operation).toMatchObject({ amount: 500, fee: 50, money: 550 });
  });
});

describe('the amount buttons', () => {
  const buttons = [{ amount: 1500, description: { es: 'Recarga rápida', en: 'Quick top-up' } }];
  const at = (activities: string[], kioskButtons = buttons) =>
    amountButtons(
      {
        locations: [{ id: 31, activities }],
        topUp: { presets: [500, 1000], kioskButtons },
      } as unknown as DeviceConfig,
      31,
    );

  it('are the event’s kiosk buttons at a kiosk, the fixed amounts elsewhere or when it has none', () => {
    expect(at(['C', 'K'])).toEqual(buttons);
    expect(at(['C'])).toEqual([
      { amount: 500, description: null },
      { amount: 1000, description: null },
    ]);
    expect(at(['C', 'K'], [])).toHaveLength(2);
  });
});
