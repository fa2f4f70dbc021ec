import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalDb } from './db';
import { enqueue, nextBatch, outboxStatus, settle } from './outbox';

let n = 0;
const open = () => new TerminalDb(`outbox-test-${++n}`);
const dbs: TerminalDb[] = [];
afterEach(async () => {
  for (const d of dbs.splice(0)) await d.delete();
});

const sale = (seq: number, rfid = '04A1B2C3D4E5F6') => ({
  operation: {
    kind: 'sale' as const,
    id: randomUUID(),
    deviceTime: new Date().toISOString(),
    seq,
    rfid,
    lines: [{ idArticle: 1, price: 450, quantity: 1 }],
    payments: [{ type: 'S' as const, amount: 450 }],
  },
  balance: { serial: rfid, cash: 10_000 - seq * 450, gift: 0, bannedTerminals: false },
});

describe('the outbox', () => {
  it('gives every one of many concurrent sales its own sequence number and loses none', async () => {
    const db = open();
    dbs.push(db);
    const rows = await Promise.all(Array.from({ length: 60 }, () => enqueue(db, (seq) => sale(seq))));
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(await db.outbox.count()).toBe(60);
    const stored = await db.outbox.toArray();
    for (const row of stored) expect(row.operation.seq).toBe(row.seq);
    expect(await db.get('lastSeq')).toBe(60);
    const status = await outboxStatus(db);
    expect(status.count).toBe(60);
    expect(status.oldestAt).toBeLessThanOrEqual(Date.now());
  });

  it('keeps numbering after a reopen (a reload) and writes the balance with the sale', async () => {
    const name = `outbox-test-${++n}`;
    const first = new TerminalDb(name);
    await enqueue(first, (seq) => sale(seq));
    await enqueue(first, (seq) => sale(seq));
    first.close();
    const again = new TerminalDb(name);
    dbs.push(again);
    const row = await enqueue(again, (seq) => sale(seq));
    expect(row.seq).toBe(3);
    expect((await again.balances.get('04A1B2C3D4E5F6'))?.cash).toBe(10_000 - 3 * 450);
  });

  it('writes nothing of a sale whose transaction fails', async () => {
    const db = open();
    dbs.push(db);
    await enqueue(db, (seq) => sale(seq));
    await expect(
      enqueue(db, () => {
        throw new Error('battery pulled');
      }),
    ).rejects.toThrow('battery pulled');
    expect(await db.outbox.count()).toBe(1);
    expect(await db.get('lastSeq')).toBe(1);
  });

  it('writes what goes with an operation (the last order) in its transaction, or neither', async () => {
    const db = open();
    dbs.push(db);
    const first = await enqueue(
      db,
      (seq) => sale(seq),
      (row) =>
        db.put('lastOrder', {
          operation: row.operation,
          serial: '04A1B2C3D4E5F6',
          at: row.createdAt,
          total: 450,
        }),
    );
    expect((await db.get('lastOrder'))?.operation.id).toBe(first.operation.id);
    // The page dies after the sale is written but before the last order is: neither is kept.
    await expect(
      enqueue(
        db,
        (seq) => sale(seq),
        async () => {
          throw new Error('page closed');
        },
      ),
    ).rejects.toThrow('page closed');
    expect(await db.outbox.count()).toBe(1);
    expect((await db.get('lastOrder'))?.operation.id).toBe(first.operation.id);
  });

  it('drops what the server recorded, keeps what it did not answer and moves refusals aside', async () => {
    const db = open();
    dbs.push(db);
    for (let i = 0; i < 4; i++) await enqueue(db, (seq) => sale(seq));
    const batch = await nextBatch(db, 10);
    await settle(db, batch, {
      accepted: [batch[0]!.id.toUpperCase()],
      duplicates: [batch[1]!.id],
      refused: [{ id: batch[2]!.id, reason: 'paymentsTotal', description: 'The payments do not add up' }],
    });
    expect((await db.outbox.toArray()).map((r) => r.seq)).toEqual([4]);
    expect((await db.refused.toArray()).map((r) => [r.seq, r.reason])).toEqual([[3, 'paymentsTotal']]);
  });
});
