import {
  CAPACITY_LOG_DEFAULT_HOURS,
  type CapacityLogQuery,
  type CapacityLogResult,
  type CapacityZoneResult,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import * as repo from './capacity.repo';

const HOUR = 3_600_000;

/** GET /capacity/zone?date: each zone's entries, exits and occupancy at `date` (default now). */
export async function zoneCapacity(
  ctx: AppContext,
  eventId: number,
  date?: string,
): Promise<CapacityZoneResult> {
  const at = date ? new Date(date) : new Date();
  const rows = await repo.zoneOccupancy(ctx.db, eventId, at);
  return {
    date: at.toISOString(),
    zones: rows.map((r) => ({
      id: r.id,
      name: r.name,
      idZoneParent: r.parent_id,
      capacity: r.capacity,
      noCheckCapacity: r.no_check_capacity,
      resetCapacity: r.reset_capacity,
      resetHour: r.reset_hour,
      since: r.since,
      entries: r.entries,
      exits: r.exits,
      occupancy: Math.max(0, r.entries - r.exits),
      deniedFull: r.denied_full,
    })),
  };
}

/** GET /capacity/log?dateStart&dateEnd: the logged points in the window (default the last hours). */
export async function capacityLog(
  ctx: AppContext,
  eventId: number,
  q: CapacityLogQuery,
): Promise<CapacityLogResult> {
  const end = q.dateEnd ? new Date(q.dateEnd) : new Date();
  const start = q.dateStart
    ? new Date(q.dateStart)
    : new Date(end.getTime() - CAPACITY_LOG_DEFAULT_HOURS * HOUR);
  const [zones, points] = await Promise.all([
    repo.logZones(ctx.db, eventId, start, end),
    repo.logPoints(ctx.db, eventId, start, end),
  ]);
  return {
    dateStart: start.toISOString(),
    dateEnd: end.toISOString(),
    slotMinutes: ctx.config.capacityLogMinutes || 0,
    zones,
    points,
  };
}

/** The start of the slot `at` falls in (slots are aligned to the epoch, so to every whole hour). */
export const slotOf = (at: Date, slotMs: number) => new Date(Math.floor(at.getTime() / slotMs) * slotMs);

export interface SlotWrite {
  eventId: number;
  slot: string;
  /** Zone rows written by this run; null when the slot was already taken (by another process or run). */
  written: number | null;
}

/**
 * One run of the capacity log: for every event whose log is on and that is running at the slot's
 * start (or only `onlyEvent`), claims the (event, slot) and writes each zone's occupancy at the slot's
 * start, all in one transaction per event. A slot already claimed is left alone, so the log holds
 * one row per zone per slot however many processes run this at once.
 */
export async function logSlot(
  db: Executor,
  at: Date,
  slotMs: number,
  onlyEvent?: number,
): Promise<SlotWrite[]> {
  const slot = slotOf(at, slotMs);
  const running = await repo.loggingEvents(db, slot);
  const out: SlotWrite[] = [];
  for (const eventId of running) {
    if (onlyEvent !== undefined && eventId !== onlyEvent) continue;
    const written = await db.transaction(async (tx) => {
      if (!(await repo.claimSlot(tx, eventId, slot))) return null;
      const zones = await repo.zoneOccupancy(tx, eventId, slot);
      const n = await repo.insertLog(
        tx,
        eventId,
        slot,
        zones.map((z) => ({
          zoneId: z.id,
          occupancy: Math.max(0, z.entries - z.exits),
          entries: z.entries,
          exits: z.exits,
        })),
      );
      await repo.setSlotZones(tx, eventId, slot, n);
      return n;
    });
    out.push({ eventId, slot: slot.toISOString(), written });
  }
  return out;
}
