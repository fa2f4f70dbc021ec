/**
 * What the terminal forgets when it moves: to another location, to another event (set up again with
 * that event's configuration QR), or out of this browser. Moving to another event or leaving is
 * refused while an operation waits in the outbox: those operations belong to the event the terminal
 * was set up for and are sent with its credentials.
 */
import type { KvValues, TerminalDb } from './db';

export class OperationsWaiting extends Error {
  constructor(readonly count: number) {
    super(`${count} operations wait to be sent`);
  }
}

/** The place this terminal works at: its location or gate, and the gate's own count. */
const PLACE: (keyof KvValues)[] = ['locationId', 'gateId', 'gateLog', 'session'];

/** Everything of the event (its configuration, lists and counts), but not the terminal itself. */
const EVENT: (keyof KvValues)[] = [
  ...PLACE,
  'config',
  'occupancy',
  'ticketListVersion',
  'ticketListTooLarge',
  'ticketCount',
  'banListVersion',
  'lastOrder',
  'drawers',
];

/** Another location or gate of the same event: the terminal and its outbox stay as they are. */
export async function forgetPlace(db: TerminalDb) {
  await db.kv.bulkDelete(PLACE);
}

/**
 * Before a new configuration QR of another event is redeemed: throws OperationsWaiting while any
 * operation waits; else forgets the event's data and keeps the terminal (its credentials, serial and
 * sequence numbers, so the console sees the same device).
 */
export async function forgetEvent(db: TerminalDb) {
  await db.transaction(
    'rw',
    [
      db.kv,
      db.outbox,
      db.refused,
      db.balances,
      db.bans,
      db.passes,
      db.ticketBuckets,
      db.ticketIds,
      db.validated,
    ],
    async () => {
      const waiting = await db.outbox.count();
      if (waiting) throw new OperationsWaiting(waiting);
      await db.kv.bulkDelete(EVENT);
      await Promise.all(
        [db.refused, db.balances, db.bans, db.passes, db.ticketBuckets, db.ticketIds, db.validated].map((t) =>
          t.clear(),
        ),
      );
    },
  );
}

/** Removes the terminal from this browser: throws OperationsWaiting while any operation waits. */
export async function forgetTerminal(db: TerminalDb) {
  const waiting = await db.outbox.count();
  if (waiting) throw new OperationsWaiting(waiting);
  await db.delete();
}
