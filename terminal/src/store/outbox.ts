/**
 * The outbox: every operation is written to IndexedDB, with its sequence number and the balance it
 * leaves, in one transaction, before the screen says it is done. A page closed mid-sale either wrote
 * all of it or none of it; the sync sends it later, and a duplicate is harmless (the feed is
 * exactly-once by the operation's id).
 */
import type { SyncOperationInput } from '@pulsera/contracts';
import type { BalanceRow, OutboxRow, TerminalDb } from './db';
import { intoDrawer } from './drawer';

/** What every operation starts with: a new id, when it was made, and its sequence number. */
export const operationHead = (seq: number, at = new Date()) => ({
  id: crypto.randomUUID(),
  deviceTime: at.toISOString(),
  seq,
});

type LeftBalance = Omit<BalanceRow, 'learnedAt'>;

/** The wristbands an operation changes: its own, or both sides of a wristband change. */
const wristbandsOf = (operation: SyncOperationInput): OutboxRow['rfid'] => {
  if (operation.kind === 'wristbandChange') return [operation.sourceRfid, operation.endRfid];
  return 'rfid' in operation && typeof operation.rfid === 'string' ? operation.rfid : null;
};

/**
 * Writes the operation `make(seq)` builds with the terminal's next sequence number, and the wristband
 * balance(s) it leaves when it names any. Concurrent calls are serialised by IndexedDB: each gets its
 * own number, none is lost.
 */
export async function enqueue(
  db: TerminalDb,
  make: (seq: number) => {
    operation: SyncOperationInput;
    balance?: LeftBalance;
    /** A wristband change leaves two. */
    balances?: LeftBalance[];
  },
  /** What else the operation writes to the terminal's own records, in the same transaction. */
  also?: (row: OutboxRow) => Promise<unknown>,
): Promise<OutboxRow> {
  return db.transaction('rw', db.kv, db.outbox, db.balances, async () => {
    const seq = ((await db.get('lastSeq')) ?? 0) + 1;
    const { operation, balance, balances = [] } = make(seq);
    const row: OutboxRow = {
      seq,
      id: operation.id,
      rfid: wristbandsOf(operation),
      createdAt: Date.now(),
      operation,
    };
    // Requests of one transaction, sent together: each awaited alone costs a round trip.
    await Promise.all([db.put('lastSeq', seq), db.outbox.add(row), intoDrawer(db, operation, row.createdAt)]);
    for (const left of balance ? [balance, ...balances] : balances) {
      const known = await db.balances.get(left.serial);
      await db.balances.put({ ...left, learnedAt: known?.learnedAt ?? 0 });
    }
    if (also) await also(row);
    return row;
  });
}

/** How many operations wait, and when the oldest was made (null: none). */
export async function outboxStatus(db: TerminalDb) {
  const [count, oldest] = await Promise.all([db.outbox.count(), db.outbox.orderBy('createdAt').first()]);
  return { count, oldestAt: oldest?.createdAt ?? null };
}

/** The oldest operations waiting, in sequence order. */
export const nextBatch = (db: TerminalDb, size: number) => db.outbox.orderBy('seq').limit(size).toArray();

/**
 * What the server answered for a batch: the accepted and duplicate operations leave the outbox; the
 * refused ones move to `refused` (with the reason, to be shown), in one transaction.
 */
export async function settle(
  db: TerminalDb,
  sent: readonly OutboxRow[],
  answer: {
    accepted: string[];
    duplicates: string[];
    refused: { id: string | null; reason: string; description: string }[];
  },
) {
  const done = new Set([...answer.accepted, ...answer.duplicates].map((id) => id.toLowerCase()));
  const refused = new Map(answer.refused.filter((r) => r.id).map((r) => [r.id!.toLowerCase(), r]));
  await db.transaction('rw', db.outbox, db.refused, async () => {
    for (const row of sent) {
      const id = row.id.toLowerCase();
      const r = refused.get(id);
      if (r) {
        await db.refused.put({
          seq: row.seq,
          id: row.id,
          reason: r.reason,
          description: r.description,
          operation: row.operation,
        });
      }
      if (r || done.has(id)) await db.outbox.delete(row.seq);
    }
  });
}
