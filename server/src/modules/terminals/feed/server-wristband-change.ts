/**
 * A wristband change made by the server itself, without a terminal: the attendee portal's lost
 * wristband (issue 28). The very recording of a terminal's wristband change (sync-wristband-changes:
 * balances, customer, flags and role move to the new wristband; an N-RS and an N-RE row, the ledger
 * entries, the change row), with no device. Exactly once by its operation id, claimed in
 * processed_operations as the sync claims its operations; both wristbands locked in id order, as a
 * batch locks them. Runs inside the caller's transaction.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { writeAllSql } from './sync.repo';
import { recordedSql, startRecording } from './sync-recording';
import { texts } from './sync-sql';
import { deleteOrphanCustomersSql } from './sync-tickets.repo';
import type { OpOf } from './sync-types';
import { recordWristbandChange } from './sync-wristband-changes';
import type { WState } from './sync-wristbands';
import { lockSerials, updateWristbandsSql, type WristbandRow } from './sync-wristbands.repo';

export interface ServerWristbandChange {
  /** The change's operation id (uuid): a second call with it changes nothing. */
  operationId: string;
  sourceSerial: string;
  endSerial: string;
  /** A check code for the new wristband, stored when it is created here (from the event's stock). */
  endCodeCheck: string | null;
  at: Date;
  /**
   * Called with both wristbands locked, before anything moves: throws to refuse (the new wristband
   * in use, …), so the check and the move see the same rows.
   */
  accept: (source: WristbandRow, end: WristbandRow) => Promise<void> | void;
}

export type ServerChangeOutcome = 'changed' | 'duplicate' | 'tooLarge';

export async function changeWristbandOnServer(
  tx: Executor,
  eventId: number,
  change: ServerWristbandChange,
): Promise<ServerChangeOutcome> {
  const id = change.operationId.toLowerCase();
  const claimed = rowsOf(
    await tx.execute(
      sql`insert into processed_operations (event_id, operation_id, kind, payload_hash)
          values (${eventId}::int, ${id}::uuid, 'wristbandChange', 'server')
          on conflict do nothing returning operation_id`,
    ),
  );
  if (!claimed.length) return 'duplicate';
  // A wristband from the event's stock that no terminal has seen yet: its row, as a batch creates one.
  await tx.execute(
    sql`insert into wristbands (event_id, n_serie, code_check, first_seen_at)
        values (${eventId}::int, ${change.endSerial}, ${change.endCodeCheck}, ${change.at.toISOString()}::timestamptz)
        on conflict do nothing`,
  );
  const locked = rowsOf<WristbandRow>(
    await tx.execute(
      lockSerials(
        sql`${eventId}::int`,
        sql`select unnest(${texts([change.sourceSerial, change.endSerial])})`,
      ),
    ),
  );
  const state = new Map<string, WState>(locked.map((r) => [r.n_serie, { ...r, dirty: false, read: r }]));
  const source = state.get(change.sourceSerial);
  const end = state.get(change.endSerial);
  if (!source || !end) throw new Error('A wristband of the change is missing');
  await change.accept({ ...source }, { ...end });

  const orphanCustomers: number[] = [];
  const r = startRecording({ id: null, eventId }, state, orphanCustomers);
  const op: OpOf<'wristbandChange'> = {
    kind: 'wristbandChange',
    id,
    deviceTime: change.at.toISOString(),
    sourceRfid: source.n_serie,
    endRfid: end.n_serie,
  };
  if (recordWristbandChange(r, op, undefined) === 'tooLarge') return 'tooLarge';
  const dirty = [...state.values()].filter((w) => w.dirty).map(({ dirty: _d, read: _r, ...w }) => w);
  const write = writeAllSql([updateWristbandsSql(eventId, dirty), ...recordedSql(eventId, r.rows, [])]);
  if (write) await tx.execute(write);
  const orphans = deleteOrphanCustomersSql(eventId, orphanCustomers);
  if (orphans) await tx.execute(orphans);
  return 'changed';
}
