import type { Language, SyncRequest, SyncResult, TerminalBanList } from '@pulsera/contracts';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../core/db/client';
import { bannedWristbands, devices } from '../../../core/db/schema';
import { fail } from '../../../core/lib/errors';
import { latestAppVersion, requiredAppVersion } from '../app-versions/app-versions.service';
import type { DeviceCaller } from '../feed/device-auth';
import { syncBatch } from '../feed/sync.service';
import { type ContactReport, contactWrites, sequenceNumbers } from './contact-record';

/**
 * Fleet health at the terminal feed's sync (docs/decisions/terminals.md "Device registry and fleet health"):
 * what the terminal said of itself (app version, operations it still holds, its last sequence
 * number, the ban-list version it holds) is stored on the device and the sequence numbers of the
 * batch are merged into its received ranges, in the batch's own transaction (contact-record.ts); the
 * answer gains the app version the terminal's channel must run and, when the terminal asked for it,
 * the banned-wristband list.
 *
 * A server failure answers 500 and records nothing; the terminal re-sends, and merging the same
 * sequence numbers again changes nothing.
 */
export async function syncTerminal(
  db: Db,
  device: DeviceCaller,
  body: SyncRequest,
  lang: Language = 'en',
): Promise<SyncResult> {
  const { operations, appChannel, ...health } = body;
  const channel = appChannel ?? 'production';
  const report: ContactReport = { health: { ...health, appChannel }, seqs: sequenceNumbers(operations) };
  if (!operations.length) {
    await recordContact(db, device, report);
    const result: SyncResult = { accepted: [], duplicates: [], refused: [], flagged: [], flags: [] };
    const banList =
      health.banListVersion === undefined ? undefined : await banListSince(db, health.banListVersion);
    return { ...result, ...(banList ? { banList } : {}), app: await latestAppVersion(db, channel) };
  }
  const outcome = await syncBatch(db, device, operations, { ...report, channel }, lang);
  const app = outcome.app && requiredAppVersion(channel, outcome.app);
  if (health.banListVersion === undefined) return { ...outcome.result, app };
  const banList = await banListSince(db, health.banListVersion, outcome.banListVersion);
  return { ...outcome.result, banList, app };
}

/**
 * Stores the terminal's report and its received sequence numbers, for a call without operations (a
 * batch stores them with its operations). Checks the device as the sync does: deactivated →
 * deviceInactive, unassigned → deviceNotAssigned, moved or re-keyed since its token →
 * deviceTokenInvalid.
 */
export async function recordContact(db: Db, device: DeviceCaller, report: ContactReport) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        assignedEventId: devices.assignedEventId,
        tokenVersion: devices.tokenVersion,
        dateInactive: devices.dateInactive,
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
    await tx.execute(sql`with ${sql.join(contactWrites(device.id, report), sql`, `)} select 1`);
  });
}

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
export async function banListSince(db: Executor, since: number, current?: number): Promise<TerminalBanList> {
  const version = current ?? (await currentBanListVersion(db));
  const full = since === 0 || since > version;
  if (!full && since === version) return { version, full: false, bans: [] };
  // Version 0: no wristband was ever banned (every ban takes the next number of its sequence).
  if (version === 0) return { version, full: true, bans: [] };
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
