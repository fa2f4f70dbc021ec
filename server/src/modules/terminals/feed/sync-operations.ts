/**
 * The new operations of a batch recorded in batch order, each by its kind (sync-top-ups, sync-sales,
 * sync-access, sync-ticket-validations, sync-role-recordings, sync-wristband-changes, sync-presence,
 * sync-order-errors): what was accepted, flagged, refused, and the statements that write it.
 */
import type { FlagReason } from '@pulsera/contracts';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import type { DeviceCaller } from './device-auth';
import type { BanOutcome } from './sync.rules';
import { recordAccess } from './sync-access';
import { balancesLastSql } from './sync-balances.repo';
import { applyBans } from './sync-bans';
import type { OpenedBatch } from './sync-open.repo';
import { recordOrderError } from './sync-order-errors';
import { recordCashClose, recordPresence } from './sync-presence';
import { type Recorded, type Recording, recordedSql, startRecording } from './sync-recording';
import { recordRoleRecording } from './sync-role-recordings';
import { recordSale } from './sync-sales';
import { recordTicketValidation, type ValidatedTickets, validateTickets } from './sync-ticket-validations';
import { recordTopUp } from './sync-top-ups';
import type { Candidate, Flag, Op } from './sync-types';
import { recordWristbandChange } from './sync-wristband-changes';
import { type Wanted, wristbandState, wristbandWritesSql } from './sync-wristbands';

/** Applies the new operations in batch order to the locked wristbands; answers the rows to write. */
export async function recordOperations(
  tx: Executor,
  device: DeviceCaller,
  claimedOps: Candidate[],
  opened: OpenedBatch,
  wanted: Wanted,
  /** The batch's wristbands were read without a lock: balances and ledger go in its last statement. */
  balancesLast = false,
) {
  const eventId = device.eventId;
  const accepted: string[] = [];
  const flags: Flag[] = [];
  const tooLarge: Candidate[] = [];
  const orphanCustomers: number[] = [];
  const { kept: fresh, refused: banned, flagged: banFlags } = applyBans(claimedOps, opened.bans);
  if (!claimedOps.length)
    return { accepted, flags, tooLarge, banned, parts: [] as SQL[], last: null, orphanCustomers };

  const state = wristbandState(opened, wanted);
  const r = startRecording(device, state, orphanCustomers);

  const validated = await validateTickets(tx, eventId, fresh, r.wb, orphanCustomers, r.common);

  for (const c of fresh) {
    const op = c.op;
    const ban = banFlags.get(op.id);
    const negative = recordOperation(r, op, ban, validated);
    if (negative === 'tooLarge') {
      tooLarge.push(c);
      continue;
    }
    accepted.push(op.id);
    const reasons: FlagReason[] = negative ? ['negativeBalance'] : [];
    if (ban) reasons.push(ban.reason);
    if (reasons.length) {
      flags.push({ c, reasons, ...(ban ? { serial: ban.serial } : {}) });
    }
  }

  const written = wristbandWritesSql(eventId, state, wanted, opened, balancesLast);
  const { ledger, sales, topUps } = r.rows;
  const parts: SQL[] = [
    ...written.parts,
    ...recordedSql(eventId, balancesLast ? { ...r.rows, ledger: [] } : r.rows, validated.fills),
  ];
  // Balances last: the wristbands and the ledger, written by the batch's last statement (an entry
  // always has its wristband among them; one without would make that statement refuse the batch).
  const last: SQL | null =
    balancesLast && (written.balances.length || ledger.length)
      ? balancesLastSql(eventId, written.balances, ledger, {
          sales: sales.map(({ operation_id, wristband_id }) => ({ operation_id, wristband_id })),
          topUps: topUps.map(({ operation_id, wristband_id }) => ({ operation_id, wristband_id })),
        })
      : null;
  return { accepted, flags, tooLarge, banned, parts, last, orphanCustomers };
}

/**
 * The flags of a batch recorded balances last, once its last statement answered the operations
 * whose below-zero verdict turned with what other batches moved meanwhile (`turned`: operation id →
 * below zero now): 'negativeBalance' added or taken away, in batch order.
 */
export function turnFlags(flags: Flag[], turned: Map<string, boolean>, recorded: Candidate[]): Flag[] {
  if (!turned.size) return flags;
  const byId = new Map(flags.map((f) => [f.c.op.id, f]));
  const out: Flag[] = [];
  for (const c of recorded) {
    const f = byId.get(c.op.id);
    const negative = turned.get(c.op.id);
    if (negative === undefined) {
      if (f) out.push(f);
      continue;
    }
    const others = (f?.reasons ?? []).filter((r) => r !== 'negativeBalance');
    const reasons: FlagReason[] = negative ? ['negativeBalance', ...others] : others;
    if (reasons.length) out.push({ ...(f ?? { c }), reasons });
  }
  return out;
}

/** Records one new operation by its kind. */
function recordOperation(
  r: Recording,
  op: Op,
  ban: BanOutcome | undefined,
  validated: ValidatedTickets,
): Recorded {
  switch (op.kind) {
    case 'topup':
      return recordTopUp(r, op, ban);
    case 'sale':
      return recordSale(r, op, ban);
    case 'access':
      recordAccess(r, op);
      return false;
    case 'ticketValidation':
      recordTicketValidation(r, op, validated);
      return false;
    case 'roleRecording':
      recordRoleRecording(r, op);
      return false;
    case 'wristbandChange':
      return recordWristbandChange(r, op, ban);
    case 'presence':
      recordPresence(r, op);
      return false;
    case 'orderError':
      recordOrderError(r, op);
      return false;
    case 'cashClose':
      recordCashClose(r, op);
      return false;
  }
}
