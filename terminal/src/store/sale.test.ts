import type { DeviceConfig } from '@pulsera/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalDb } from './db';
import { drawerOf } from './drawer';
import { bookSale } from './sale';

let n = 0;
const dbs: TerminalDb[] = [];
const open = async () => {
  const db = new TerminalDb(`sale-test-${++n}`);
  dbs.push(db);
  await db.put('lastContact', Date.now());
  return db;
};
afterEach(async () => {
  for (const d of dbs.splice(0)) await d.delete();
});

const BAR = 11;
const BAND = '04A1B2C3D4E5F6';
// A bucket of five beers (a pack: the beers are its sticks) and a reusable cup.
const config = {
  menus: [{ location: BAR, items: [], sticks: [{ parent: 1, child: 2, quantity: 5, price: 600 }] }],
  paymentMethods: { value: 'CTL', exceptions: [{ idLocation: 12, idDevice: null, value: 'L' }] },
  offlineLimits: { maxOfflineSeconds: 3600, maxWristbandSpend: 100_000 },
} as unknown as DeviceConfig;
const session = { staffId: 5, staffName: 'Carmen', locationId: BAR };
const items = [
  { idArticle: 1, price: 2500, quantity: 1 },
  { idArticle: 3, price: 200, quantity: 1 },
];
const known = { serial: BAND, cash: 1000, gift: 300, learnedAt: 1, bannedTerminals: false };

describe('a bar sale', () => {
  it('splits between the wristband and cash: the balance pays what it holds, the drawer takes the rest', async () => {
    const db = await open();
    const booked = await bookSale(db, {
      config,
      session,
      deviceId: 1,
      items,
      choice: 'wristbandCash',
      wristband: { known },
    });
    expect(booked).toMatchObject({ ok: true, total: 2700, fromWristband: 1300, byHand: 1400 });
    const [row] = await db.outbox.toArray();
    expect(row!.operation).toMatchObject({
      rfid: BAND,
      payments: [
        { type: 'S', amount: 1000 },
        { type: 'B', amount: 300 },
        { type: 'O', amount: 1400 },
      ],
    });
    expect(await db.balances.get(BAND)).toMatchObject({ cash: 0, gift: 0 });
    expect(await drawerOf(db, 5)).toMatchObject({ cents: 1400, operations: 1 });
  });

  it('takes a card sale with no wristband, and puts nothing in the drawer', async () => {
    const db = await open();
    const booked = await bookSale(db, { config, session, deviceId: 1, items, choice: 'card' });
    expect(booked).toMatchObject({ ok: true, byHand: 2700, after: null });
    expect((await db.outbox.toArray())[0]!.operation).toMatchObject({
      payments: [{ type: 'T', amount: 2700 }],
    });
    expect((await drawerOf(db, 5)).cents).toBe(0);
  });

  it('refuses, writing nothing, a method the location does not allow and a short wristband', async () => {
    const db = await open();
    const atOnlyCashless = { ...session, locationId: 12 };
    expect(
      await bookSale(db, { config, session: atOnlyCashless, deviceId: 1, items, choice: 'cash' }),
    ).toEqual({
      ok: false,
      reason: 'methodNotAllowed',
      total: 2700,
    });
    expect(
      await bookSale(db, { config, session, deviceId: 1, items, choice: 'wristband', wristband: { known } }),
    ).toMatchObject({ ok: false, reason: 'notEnoughBalance', missing: 1400 });
    expect(await db.outbox.count()).toBe(0);
  });
});
