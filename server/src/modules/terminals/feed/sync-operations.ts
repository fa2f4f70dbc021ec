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
) {
  const eventId = device.eventId;
  const accepted: string[] = [];
  const flagged: string[] = [];
  const flags: Flag[] = [];
  const tooLarge: Candidate[] = [];
  const orphanCustomers: number[] = [];
  const { kept: fresh, refused: banned, flagged: banFlags } = applyBans(claimedOps, opened.bans);
  if (!claimedOps.length)
    return { accepted, flagged, flags, tooLarge, banned, parts: [] as SQL[], orphanCustomers };

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
      flagged.push(op.id);
      flags.push({ c, reasons, ...(ban ? { serial: ban.serial } : {}) });
    }
  }

  const parts: SQL[] = [
    ...wristbandWritesSql(eventId, state, wanted, opened),
    ...recordedSql(eventId, r.rows, validated.fills),
  ];
  return { accepted, flagged, flags, tooLarge, banned, parts, orphanCustomers };
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
