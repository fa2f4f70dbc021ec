import {
  type AppChannel,
  INT4_MAX,
  type Language,
  type SyncHealth,
  type SyncRequest,
  type SyncResult,
  type TerminalBanList,
} from '@pulsera/contracts';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { bannedWristbands, deviceSeqRanges, devices } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { DeviceCaller } from '../device/device-auth';
import { syncBatch } from '../device/sync.service';

/**
 * Fleet health at the terminal feed's sync (docs/decisions.md "Device registry and fleet health"),
 * kept apart from the sync's own transaction: after the batch is recorded, what the terminal said of
 * itself (app version, operations it still holds, its last sequence number, the ban-list version it
 * holds) is stored on the device, the sequence numbers of the batch are merged into its received
 * ranges, and the answer gains the banned-wristband list when the terminal asked for it.
 *
 * A server failure here answers 500 like one in the batch; the terminal re-sends, the batch's
 * operations are duplicates and merging their sequence numbers again changes nothing.
 */
export async function syncTerminal(
  db: Db,
  device: DeviceCaller,
  body: SyncRequest,
  lang: Language = 'en',
): Promise<SyncResult> {
  const { operations, ...health } = body;
  const result: SyncResult = operations.length
    ? await syncBatch(db, device, operations, lang)
    : { accepted: [], duplicates: [], refused: [], flagged: [], flags: [] };
  await recordContact(db, device, health, sequenceNumbers(operations));
  if (health.banListVersion === undefined) return result;
  return { ...result, banList: await banListSince(db, health.banListVersion) };
}

/** The valid sequence numbers a batch carries (read from the raw operations, refused ones too: they arrived). */
export function sequenceNumbers(rawOps: unknown[]) {
  const seqs: number[] = [];
  for (const raw of rawOps) {
    const seq = (raw as { seq?: unknown } | null)?.seq;
    if (typeof seq === 'number' && Number.isInteger(seq) && seq >= 1 && seq <= INT4_MAX) seqs.push(seq);
  }
  return seqs;
}

export interface SeqRange {
  lo: number;
  hi: number;
}

/** Merges numbers into sorted, disjoint, non-adjacent ranges. */
export function mergeRanges(ranges: SeqRange[], seqs: number[]): SeqRange[] {
  const all = [...ranges, ...seqs.map((s) => ({ lo: s, hi: s }))].sort((a, b) => a.lo - b.lo);
  const out: SeqRange[] = [];
  for (const r of all) {
    const last = out[out.length - 1];
    if (last && r.lo <= last.hi + 1) last.hi = Math.max(last.hi, r.hi);
    else out.push({ ...r });
  }
  return out;
}

/**
 * Operations made on the terminal that never arrived: of the numbers 1 … its last sequence number
 * (what it says, else the highest received), those not received, less those it says it still holds.
 * So a terminal that sends out of order, or holds a batch after a lost answer, shows no gap until
 * the numbers are really missing.
 */
export function missingOperations(ranges: SeqRange[], lastSeq: number | null, pending: number | null) {
  if (!ranges.length && !lastSeq) return 0;
  const highest = ranges.length ? ranges[ranges.length - 1]!.hi : 0;
  const last = Math.max(lastSeq ?? 0, highest);
  const received = ranges.reduce((n, r) => n + Math.min(r.hi, last) - r.lo + 1, 0);
  return Math.max(0, last - received - (pending ?? 0));
}

/**
 * Stores the terminal's report and its received sequence numbers. Checks the device as the sync does
 * (a call with no operations reaches only here): deactivated → deviceInactive, unassigned →
 * deviceNotAssigned, moved or re-keyed since its token → deviceTokenInvalid.
 */
export async function recordContact(
  db: Db,
  device: DeviceCaller,
  health: SyncHealth & { appChannel?: AppChannel },
  seqs: number[],
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        assignedEventId: devices.assignedEventId,
        tokenVersion: devices.tokenVersion,
        dateInactive: devices.dateInactive,
        lastSeq: devices.lastSeq,
        pendingOperations: devices.pendingOperations,
      })
      .from(devices)
      .where(eq(devices.id, device.id))
      .for('update');
    if (!row) throw fail('deviceTokenInvalid');
    if (row.dateInactive && row.dateInactive.getTime() <= Date.now()) throw fail('deviceInactive');
    if (row.assignedEventId === null) throw fail('deviceNotAssigned');
    if (row.assignedEventId !== device.eventId || row.tokenVersion !== device.version) {
      throw fail('deviceTokenInvalid');
    }
    // Its last sequence number only grows (a batch re-sent late may say an older one).
    const lastSeq = health.lastSeq === undefined ? row.lastSeq : Math.max(health.lastSeq, row.lastSeq ?? 0);
    const pending = health.pendingOperations ?? row.pendingOperations;
    let ranges = await seqRanges(tx, device.id);
    if (seqs.length) {
      const merged = mergeRanges(ranges, seqs);
      if (!sameRanges(ranges, merged)) {
        await tx.delete(deviceSeqRanges).where(eq(deviceSeqRanges.deviceId, device.id));
        await tx.insert(deviceSeqRanges).values(merged.map((r) => ({ deviceId: device.id, ...r })));
      }
      ranges = merged;
    }
    await tx
      .update(devices)
      .set({
        lastContactAt: new Date(),
        healthAt: new Date(),
        missingOperations: missingOperations(ranges, lastSeq, pending),
        ...(health.appVersion !== undefined ? { appVersion: health.appVersion } : {}),
        ...(health.appVersionCode !== undefined ? { appVersionCode: health.appVersionCode } : {}),
        ...(health.appChannel !== undefined ? { appChannel: health.appChannel } : {}),
        ...(health.pendingOperations !== undefined ? { pendingOperations: health.pendingOperations } : {}),
        ...(health.lastSeq !== undefined ? { lastSeq } : {}),
        ...(health.banListVersion !== undefined ? { banListVersion: health.banListVersion } : {}),
      })
      .where(eq(devices.id, device.id));
  });
}

const sameRanges = (a: SeqRange[], b: SeqRange[]) =>
  a.length === b.length && a.every((r, i) => r.lo === b[i]!.lo && r.hi === b[i]!.hi);

export const seqRanges = (db: Executor, deviceId: number) =>
  db
    .select({ lo: deviceSeqRanges.lo, hi: deviceSeqRanges.hi })
    .from(deviceSeqRanges)
    .where(eq(deviceSeqRanges.deviceId, deviceId))
    .orderBy(asc(deviceSeqRanges.lo));

/** The latest banned-wristband list version (0: nothing was ever banned). */
export async function currentBanListVersion(db: Executor) {
  const [row] = await db
    .select({ v: sql<string | number | null>`max(${bannedWristbands.listVersion})` })
    .from(bannedWristbands);
  return Number(row?.v ?? 0);
}

/**
 * The list for a terminal holding `since`: the bans changed after it (lifted ones with both toggles
 * 0, so it drops them), or the whole live list when it holds none (0) or a version this server never
 * issued.
 */
export async function banListSince(db: Executor, since: number): Promise<TerminalBanList> {
  const version = await currentBanListVersion(db);
  const full = since === 0 || since > version;
  if (!full && since === version) return { version, full: false, bans: [] };
  const rows = await db
    .select({
      nSerie: bannedWristbands.nSerie,
      codeCheck: bannedWristbands.codeCheck,
      enabled: bannedWristbands.enabled,
      enabledTopUps: bannedWristbands.enabledTopUps,
    })
    .from(bannedWristbands)
    .where(
      full
        ? or(eq(bannedWristbands.enabled, 1), eq(bannedWristbands.enabledTopUps, 1))
        : and(gt(bannedWristbands.listVersion, since)),
    )
    .orderBy(asc(bannedWristbands.listVersion));
  return {
    version,
    full,
    bans: rows.map((r) => ({
      nSerie: r.nSerie,
      codeCheck: r.codeCheck,
      banAndroid: r.enabled === 1 ? 1 : 0,
      banTopUps: r.enabledTopUps === 1 ? 1 : 0,
    })),
  };
}
