import { randomUUID } from 'node:crypto';
import type { DeviceConfig } from '@pulsera/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalDb } from './db';
import { contactMade, contactStop, saleStop, unsentSpend } from './limits';
import { enqueue, nextBatch, settle } from './outbox';

let n = 0;
const dbs: TerminalDb[] = [];
const open = () => {
  const db = new TerminalDb(`limits-test-${++n}`);
  dbs.push(db);
  return db;
};
afterEach(async () => {
  for (const d of dbs.splice(0)) await d.delete();
});

const BAND = '04A1B2C3D4E5F6';
const OTHER = '04FFEEDDCCBBAA';
// Four hours without contact, 30.00 per wristband (only the limits are read).
const config = { offlineLimits: { maxOfflineSeconds: 4 * 3600, maxWristbandSpend: 3000 } } as DeviceConfig;
const HOUR = 3_600_000;

const sell = (db: TerminalDb, rfid: string, cash: number, gift = 0, isDevolution = false) =>
  enqueue(db, (seq) => ({
    operation: {
      kind: 'sale',
      id: randomUUID(),
      deviceTime: new Date().toISOString(),
      seq,
      rfid,
      isDevolution,
      lines: [{ idArticle: 1, price: cash + gift, quantity: 1 }],
      payments: [
        ...(cash ? [{ type: 'S' as const, amount: cash }] : []),
        ...(gift ? [{ type: 'B' as const, amount: gift }] : []),
      ],
    },
  }));

describe('the offline limits', () => {
  it('stops every operation once the terminal has gone longer than allowed without contact', async () => {
    const db = open();
    const now = Date.now();
    // Never in contact: stopped.
    expect(await contactStop(db, config, now)).toEqual({ reason: 'offlineTooLong', hours: 4 });
    await contactMade(db, now - 3 * HOUR);
    expect(await contactStop(db, config, now)).toBeNull();
    expect(await saleStop(db, config, BAND, 500, now)).toBeNull();
    // Five hours later, with no contact since, it stops, whatever the wristband.
    expect(await saleStop(db, config, BAND, 100, now + 2 * HOUR)).toEqual({
      reason: 'offlineTooLong',
      hours: 4,
    });
    // A sync answered: selling again.
    await contactMade(db, now + 2 * HOUR);
    expect(await contactStop(db, config, now + 2 * HOUR)).toBeNull();
  });

  it("refuses a wristband's sale past what it may spend while its operations wait to be sent", async () => {
    const db = open();
    const now = Date.now();
    await contactMade(db, now);
    await sell(db, BAND, 1200);
    await sell(db, BAND, 800, 500);
    await sell(db, OTHER, 2500);
    expect(await unsentSpend(db, BAND)).toBe(2500);
    expect(await saleStop(db, config, BAND, 500, now)).toBeNull();
    expect(await saleStop(db, config, BAND, 501, now)).toEqual({
      reason: 'wristbandLimit',
      limit: 3000,
      spent: 2500,
    });
    // Another wristband has its own allowance; a cancelled order gives its amount back.
    expect(await saleStop(db, config, OTHER, 500, now)).toBeNull();
    await sell(db, BAND, 1200, 0, true);
    expect(await unsentSpend(db, BAND)).toBe(1300);
  });

  it('counts only what still waits: once the server recorded the sales, the wristband may spend again', async () => {
    const db = open();
    const now = Date.now();
    await contactMade(db, now);
    await sell(db, BAND, 3000);
    expect((await saleStop(db, config, BAND, 100, now))?.reason).toBe('wristbandLimit');
    const batch = await nextBatch(db, 10);
    await settle(db, batch, { accepted: batch.map((r) => r.id), duplicates: [], refused: [] });
    expect(await unsentSpend(db, BAND)).toBe(0);
    expect(await saleStop(db, config, BAND, 3000, now)).toBeNull();
  });
});
