import {
  APP_CHANNELS,
  type AppChannel,
  type BanReach,
  type FleetAnswer,
  type FleetDevice,
  type FleetQuery,
} from '@pulsera/contracts';
import { and, eq, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { bannedWristbands, devices, events, syncBatches } from '../../../core/db/schema';
import { toDeviceDto } from '../feed/device.service';
import { isOutdated, latestAppVersion } from './app-version';
import { currentBanListVersion } from './terminal-contact';

type Query = z.output<typeof import('@pulsera/contracts').FleetQuery>;

/** Operations recorded from each terminal of the event since midnight in the event's time zone. */
async function operationsToday(db: Executor, eventId: number) {
  const [event] = await db.select({ tz: events.timezone }).from(events).where(eq(events.id, eventId));
  const tz = event?.tz || 'UTC';
  const rows = await db
    .select({ deviceId: syncBatches.deviceId, n: sql<string>`sum(${syncBatches.accepted})` })
    .from(syncBatches)
    .where(
      and(
        eq(syncBatches.eventId, eventId),
        gte(syncBatches.receivedAt, sql`date_trunc('day', now() at time zone ${tz}) at time zone ${tz}`),
      ),
    )
    .groupBy(syncBatches.deviceId);
  return new Map(rows.map((r) => [r.deviceId, Number(r.n)]));
}

/**
 * Fleet health of the event's terminals (admin/status/devices): last contact, app version and whether
 * it is outdated, operations today, what each said it still holds, the gaps in its sequence numbers
 * and whether it holds the latest banned-wristband list; filtered as asked.
 */
export async function eventFleet(
  ctx: AppContext,
  eventId: number,
  q: Query | FleetQuery,
): Promise<FleetAnswer> {
  const query = q as Query;
  const [rows, today, banVersion, latest] = await Promise.all([
    ctx.db.select().from(devices).where(eq(devices.assignedEventId, eventId)).orderBy(devices.nSerie),
    operationsToday(ctx.db, eventId),
    currentBanListVersion(ctx.db),
    Promise.all(APP_CHANNELS.map((c) => latestAppVersion(ctx.db, c))),
  ]);
  const latestOf = (channel: AppChannel) => latest[APP_CHANNELS.indexOf(channel)] ?? null;
  const now = Date.now();
  const all = rows.map((r): FleetDevice => {
    const appChannel: AppChannel = r.appChannel === 'development' ? 'development' : 'production';
    return {
      ...toDeviceDto(r),
      appVersion: r.appVersion,
      appVersionCode: r.appVersionCode,
      appChannel,
      latestAppVersion: latestOf(appChannel)?.name ?? null,
      outdated: isOutdated({ name: r.appVersion, code: r.appVersionCode }, latestOf(appChannel)),
      operationsToday: today.get(r.id) ?? 0,
      pendingOperations: r.pendingOperations,
      lastSeq: r.lastSeq,
      missingOperations: r.missingOperations,
      banListVersion: r.banListVersion,
      banListCurrent: r.banListVersion >= banVersion,
      silentMinutes: r.lastContactAt
        ? Math.max(0, Math.floor((now - r.lastContactAt.getTime()) / 60_000))
        : null,
    };
  });
  const shown = all.filter(
    (d) =>
      (query.silentMinutes === undefined ||
        d.silentMinutes === null ||
        d.silentMinutes > query.silentMinutes) &&
      (query.outdated !== 1 || d.outdated === true) &&
      (query.gaps !== 1 || d.missingOperations > 0) &&
      (query.banListMissing !== 1 || !d.banListCurrent),
  );
  return { devices: shown, banListVersion: banVersion, total: all.length, now: new Date(now).toISOString() };
}

/**
 * Each ban's reach: how many active terminals (assigned, not deactivated) of the event — or of every
 * event — hold a ban-list version that includes it.
 */
export async function banReach(ctx: AppContext, eventId: number | undefined): Promise<BanReach[]> {
  const [bans, fleet] = await Promise.all([
    ctx.db.select({ id: bannedWristbands.id, v: bannedWristbands.listVersion }).from(bannedWristbands),
    ctx.db
      .select({ v: devices.banListVersion })
      .from(devices)
      .where(
        and(
          eventId === undefined ? isNotNull(devices.assignedEventId) : eq(devices.assignedEventId, eventId),
          or(isNull(devices.dateInactive), sql`${devices.dateInactive} > now()`),
        ),
      ),
  ]);
  const versions = fleet.map((d) => Number(d.v)).sort((a, b) => a - b);
  // Terminals whose version is at least v: those after the first index holding v or more.
  const atLeast = (v: number) => {
    let lo = 0;
    let hi = versions.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (versions[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return versions.length - lo;
  };
  return bans.map((b) => ({ id: b.id, reached: atLeast(Number(b.v)), total: versions.length }));
}
