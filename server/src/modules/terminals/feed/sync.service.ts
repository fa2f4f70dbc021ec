/**
 * POST /device/sync: a batch of operations from one terminal, recorded exactly once.
 *
 * The rule for a batch with bad operations: each operation is checked on its own before anything
 * is written; the valid ones are recorded together in ONE transaction and the invalid ones are
 * refused with their reason (and kept in refused_operations). A server failure rolls the whole
 * transaction back, so the terminal re-sends the same batch and nothing is recorded twice.
 *
 * Exactly once: every operation claims its (event, operation id) row in processed_operations inside
 * that transaction; a row already there means the operation was recorded before (a re-sent batch, or
 * the same operation in two batches, even concurrent ones) and it is answered as a duplicate. Money
 * operations lock their wristbands (SELECT … FOR NO KEY UPDATE, in id order) and write the new balances
 * and the ledger entries in the same transaction, so balances always equal the sum of the ledger: most
 * batches in their last statement, from the balances as locked (sync-balances.repo.ts, "balances
 * last"), a batch holding a wristband change in its first.
 *
 * This file runs a batch's steps; the pieces beside it do them: sync-checks (each operation's
 * checks), sync-open.repo (the batch's first statement), sync-operations (recording the new
 * operations, each kind in its own sync-<kind> file), sync.repo (the batch's other statements),
 * sync-balances.repo (the last statement of a batch recorded balances last).
 */
import type { AppChannel, FlaggedOperation, Language, SyncResult } from '@pulsera/contracts';
import type { SQL } from 'drizzle-orm';
import { type Db, foldedTransaction } from '../../../core/db/client';
import { fail } from '../../../core/lib/errors';
import { translate } from '../../../core/lib/i18n';
import { type ContactReport, contactWrites } from '../registry/contact-record';
import { namedSerials } from '../wristband-stock/stock-check';
import { unknownToStock } from '../wristband-stock/wristband-stock.service';
import type { DeviceCaller } from './device-auth';
import {
  batchSql,
  feedOpened,
  openFeedSql,
  recordedHashes,
  refusedSql,
  releaseOperationsSql,
  writeAllSql,
} from './sync.repo';
import { turnedNegative } from './sync-balances.repo';
import { checkCandidates, checkShapes } from './sync-checks';
import { banMessage, flagMessage, refusal } from './sync-messages';
import { type OpenedBatch, openBatch } from './sync-open.repo';
import { recordOperations, turnFlags } from './sync-operations';
import { knownReferences, namedReferences, referencesSql } from './sync-references';
import { withRetry } from './sync-retry';
import { deleteOrphanCustomersSql } from './sync-tickets.repo';
import type { Op, Refusal } from './sync-types';
import { wantedWristbands } from './sync-wristbands';

/**
 * The operations whose recording takes nothing from their wristbands but what the last statement
 * checks (sync-balances.repo.ts): a batch of only these reads its wristbands without a lock. A
 * wristband change moves a whole balance and the state, customer and flags with it: a batch holding
 * one locks its wristbands first.
 */
const BALANCES_LAST = new Set<Op['kind']>([
  'topup',
  'sale',
  'access',
  'ticketValidation',
  'roleRecording',
  'presence',
  'orderError',
  'cashClose',
]);

/** A batch's answer, with what the terminal's contact read in the same statements. */
export interface BatchOutcome {
  result: SyncResult;
  /** The banned-wristband list's current version. */
  banListVersion: number;
  /** The latest enabled app version of the terminal's channel. */
  app: OpenedBatch['app'];
}

export async function syncBatch(
  db: Db,
  device: DeviceCaller,
  rawOps: unknown[],
  contact: ContactReport & { channel: AppChannel },
  lang: Language = 'en',
): Promise<BatchOutcome> {
  // 1. Each operation on its own: its text and shape, and the rules that need no reading.
  const checked = checkShapes(rawOps, lang);
  rawOps = checked.rawOps;
  const { shapeRefusals, shaped } = checked;
  const named = namedReferences(shaped.map((s) => s.op));
  const serials = namedSerials(rawOps);

  // 2. One transaction: the rules that read the event (what the operations name, wristband stock),
  // repeats inside the batch, then what is new.
  // Its first statements (the setting, what the batch names) travel with the BEGIN and its writes
  // with the COMMIT (db/client.ts foldedTransaction): three round trips for a batch.
  const opening = [openFeedSql(device.eventId), referencesSql(device.eventId, named)];
  const outcome = await withRetry((lockFirst) =>
    foldedTransaction(db, opening, async (tx, openingRows, finish, allOpening) => {
      const { requiresStock } = feedOpened(openingRows);
      const knownNames = knownReferences(allOpening[1] ?? []);
      const outsideStock = requiresStock ? await unknownToStock(tx, device.eventId, serials) : null;
      const { refusals, duplicates, candidates } = checkCandidates(
        shaped,
        shapeRefusals,
        knownNames,
        outsideStock,
        lang,
      );
      const wanted = wantedWristbands(candidates);
      // Balances last (sync-balances.repo.ts): a batch without a wristband change locks its
      // wristbands in its last statement, unless a run of it found one changed since it read it.
      const balancesLast = !lockFirst && candidates.every((c) => BALANCES_LAST.has(c.op.kind));
      const opened = await openBatch(
        tx,
        device,
        candidates.map((c) => ({ id: c.op.id, kind: c.op.kind, hash: c.hash })),
        [...wanted.values()],
        contact.channel,
        !balancesLast,
      );
      const found = opened.device;
      if (found?.inactive) throw fail('deviceInactive');
      if (found && found.assigned_event_id === null) throw fail('deviceNotAssigned');
      if (opened.batchId === null) throw fail('deviceTokenInvalid');
      const { batchId, claimed } = opened;
      const fresh = candidates.filter((c) => claimed.has(c.op.id));
      const known = candidates.filter((c) => !claimed.has(c.op.id));
      const hashes = await recordedHashes(
        tx,
        device.eventId,
        known.map((c) => c.op.id),
      );
      const txDuplicates: string[] = [];
      const txRefusals: Refusal[] = [];
      for (const c of known) {
        if (hashes.get(c.op.id) === c.hash) txDuplicates.push(c.op.id);
        else txRefusals.push(refusal(lang, c.op.id, c.index, 'idReused', 'validation.feedIdReused', c.raw));
      }

      const recorded = await recordOperations(tx, device, fresh, opened, wanted, balancesLast);
      for (const c of recorded.tooLarge) {
        txRefusals.push(
          refusal(lang, c.op.id, c.index, 'balanceLimit', 'validation.feedBalanceLimit', c.raw),
        );
      }
      for (const { c, ban } of recorded.banned) {
        txRefusals.push(
          refusal(lang, c.op.id, c.index, ban.reason, banMessage(ban.reason, ban.serial), c.raw),
        );
      }
      const allRefusals = [...refusals, ...txRefusals];
      const allDuplicates = [...duplicates, ...txDuplicates];
      const parts = [...recorded.parts];
      if (allRefusals.length) {
        parts.push(
          refusedSql(
            device.eventId,
            allRefusals.map((r) => ({
              device_id: device.id,
              batch_id: batchId,
              operation_id: r.refused.id,
              reason: r.refused.reason,
              fields: r.refused.fields?.map(({ path, message }) => ({ path, message })) ?? null,
              payload: r.raw ?? null,
            })),
          ),
        );
      }
      parts.push(
        batchSql(
          { id: batchId, eventId: device.eventId, deviceId: device.id, operations: rawOps.length },
          {
            accepted: recorded.accepted.length,
            duplicates: allDuplicates.length,
            refused: allRefusals.length,
          },
        ),
      );
      // What the terminal reported of itself (fleet health), stored with the batch.
      parts.push(...contactWrites(device.id, contact));
      // Refused after claiming: released, so a re-send (a corrected one, or after a lifted ban) counts.
      const released = [...recorded.tooLarge, ...recorded.banned.map((b) => b.c)];
      // Everything the batch recorded in one statement (balances last: then its wristbands and
      // ledger), then the customers it left orphaned and the released claims; sent with the COMMIT.
      // writeAllSql(parts) is never null (parts hold the batch row): the last statement answers second.
      const answers = await finish(
        ...[
          writeAllSql(parts),
          recorded.last,
          deleteOrphanCustomersSql(device.eventId, recorded.orphanCustomers),
          releaseOperationsSql(
            device.eventId,
            released.map((c) => c.op.id),
          ),
        ].filter((q): q is SQL => q !== null),
      );
      const flags = recorded.last
        ? turnFlags(recorded.flags, turnedNegative(answers[1]), fresh)
        : recorded.flags;
      const result: SyncResult = {
        accepted: recorded.accepted,
        duplicates: allDuplicates,
        refused: allRefusals.map((r) => r.refused).sort((a, b) => a.index - b.index),
        flagged: flags.map((f) => f.c.op.id),
        flags: flags.map(
          (f): FlaggedOperation => ({
            id: f.c.op.id,
            index: f.c.index,
            reasons: f.reasons,
            description: f.reasons.map((r) => translate(lang, flagMessage(r, f.serial))).join('; '),
          }),
        ),
      };
      return { result, banListVersion: opened.banListVersion, app: opened.app };
    }),
  );
  return outcome;
}
