import { randomUUID } from 'node:crypto';
import type { DeviceConfig } from '@pulsera/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalDb } from './db';
import { enqueue, settle } from './outbox';
import { forgetEvent, forgetPlace, forgetTerminal, OperationsWaiting } from './terminal-reset';

let n = 0;
const dbs: TerminalDb[] = [];
const open = () => {
  const db = new TerminalDb(`reset-test-${++n}`);
  dbs.push(db);
  return db;
};
afterEach(async () => {
  for (const d of dbs.splice(0)) await d.delete();
});

const credentials = { deviceId: 4, serial: 'WEB-1', token: 't', secretKey: 'k', eventId: 1 } as never;

/** A terminal set up at a bar of event 1 that has sold once (sent) and holds that event's lists. */
async function working(db: TerminalDb) {
  await db.put('credentials', credentials);
  await db.put('config', { event: { id: 1 } } as DeviceConfig);
  await db.put('locationId', 11);
  await db.put('gateId', 2);
  await db.put('gateLog', [Date.now()]);
  await db.put('banListVersion', 7);
  await db.bans.put({ nSerie: '04BA', banTerminals: true, banTopUps: false });
  const row = await enqueue(db, (seq) => ({
    operation: {
      kind: 'sale' as const,
      id: randomUUID(),
      deviceTime: new Date().toISOString(),
      seq,
      rfid: '04A1B2C3D4E5F6',
      lines: [{ idArticle: 1, price: 450, quantity: 1 }],
      payments: [{ type: 'S' as const, amount: 450 }],
    },
    balance: { serial: '04A1B2C3D4E5F6', cash: 550, gift: 0, bannedTerminals: false },
  }));
  return row;
}

describe('a terminal that moves', () => {
  it('to another location forgets only where it worked', async () => {
    const db = open();
    await working(db);
    await forgetPlace(db);
    expect(await db.get('locationId')).toBeUndefined();
    expect(await db.get('gateId')).toBeUndefined();
    expect(await db.get('gateLog')).toBeUndefined();
    expect(await db.get('config')).toBeDefined();
    expect(await db.outbox.count()).toBe(1);
  });

  it('to another event is refused while an operation waits, and then forgets the event but not itself', async () => {
    const db = open();
    const row = await working(db);
    await expect(forgetEvent(db)).rejects.toEqual(new OperationsWaiting(1));
    expect(await db.get('config')).toBeDefined();
    expect(await db.bans.count()).toBe(1);

    await settle(db, [row], { accepted: [row.id], duplicates: [], refused: [] });
    await forgetEvent(db);
    for (const key of ['config', 'locationId', 'gateId', 'banListVersion', 'drawers'] as const)
      expect(await db.get(key)).toBeUndefined();
    expect(await db.bans.count()).toBe(0);
    expect(await db.balances.count()).toBe(0);
    // The same terminal: its credentials and its sequence numbers go on.
    expect(await db.get('credentials')).toEqual(credentials);
    expect(await db.get('lastSeq')).toBe(1);
  });

  it('out of this browser is refused while an operation waits', async () => {
    const db = open();
    const row = await working(db);
    await expect(forgetTerminal(db)).rejects.toBeInstanceOf(OperationsWaiting);
    expect(await db.get('credentials')).toEqual(credentials);
    await settle(db, [row], { accepted: [row.id], duplicates: [], refused: [] });
    await forgetTerminal(db);
    await db.open();
    expect(await db.get('credentials')).toBeUndefined();
  });
});
