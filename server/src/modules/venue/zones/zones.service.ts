import { normalizeZone, ZONE_DEFAULTS, type Zone, type ZoneSave } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { zones } from '../../../core/db/schema';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import { nextUniqueNumber } from '../venue.shared';
import * as repo from './zones.repo';

const toDto = (r: repo.ZoneRow): Zone => ({
  id: r.id,
  idUnique: r.idUnique,
  name: r.name,
  modeDoubleIn: r.modeDoubleIn as Zone['modeDoubleIn'],
  idZoneParent: r.parentId,
  capacity: r.capacity,
  noCheckCapacity: r.noCheckCapacity,
  resetCapacity: r.resetCapacity === 1 ? 1 : 0,
  resetHour: r.resetHour.slice(0, 8),
  denyWrite: r.denyWrite === 1 ? 1 : 0,
  date_update: r.updatedAt.toISOString(),
});

export const listZones = async (ctx: AppContext, eventId: number) =>
  (await repo.listZones(ctx.db, eventId)).map(toDto);

/** Whether making `parentId` the parent of zone `id` would put the zone inside itself. */
async function makesCycle(tx: Executor, eventId: number, id: number, parentId: number) {
  const parentOf = new Map((await repo.zoneParents(tx, eventId)).map((z) => [z.id, z.parentId]));
  const seen = new Set<number>();
  for (let at: number | null | undefined = parentId; at != null; at = parentOf.get(at)) {
    if (at === id) return true;
    if (seen.has(at)) return true; // an existing loop: never extend it
    seen.add(at);
  }
  return false;
}

/**
 * POST /zones {zone}: no id creates (with the event's next unique number), an id updates. The parent
 * must be a zone of this event and the zone may not become its own ancestor. Stored values follow
 * the clamps and the reset-hour rule of 02-catalogue §5 (normalizeZone). Answers the saved zone's id.
 */
export const saveZone = (ctx: AppContext, eventId: number, input: ZoneSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findZone(tx, eventId, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const parentId = input.idZoneParent ?? null;
      if (parentId !== null) {
        if (!(await repo.findZone(tx, eventId, parentId))) throw fail('notFound');
        if (
          existing &&
          (parentId === existing.id || (await makesCycle(tx, eventId, existing.id, parentId)))
        ) {
          throw fieldError('zone.idZoneParent', 'validation.zoneCycle');
        }
      }
      const n = normalizeZone(input);
      const values = {
        name: input.name,
        modeDoubleIn: input.modeDoubleIn,
        parentId,
        capacity: n.capacity,
        noCheckCapacity: n.noCheckCapacity,
        resetCapacity: input.resetCapacity,
        resetHour: n.resetHour,
        denyWrite: input.denyWrite ?? existing?.denyWrite ?? ZONE_DEFAULTS.denyWrite,
      };
      if (existing) return (await repo.updateZone(tx, eventId, existing.id, values)).id;
      const idUnique = await nextUniqueNumber(tx, 'zones', zones, zones.idUnique, eventId);
      return (await repo.insertZone(tx, { ...values, eventId, idUnique })).id;
    }),
  );

/** DELETE /zones/{idUnique}: refused while the zone is a parent or a gate leads from or to it. */
export const deleteZone = (ctx: AppContext, eventId: number, idUnique: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const zone = await repo.findZoneByUnique(tx, eventId, idUnique);
      if (!zone) throw fail('notFound');
      if (await repo.zoneHasChildren(tx, eventId, zone.id)) throw fail('zoneHasChildren');
      if (await repo.zoneUsedByGate(tx, eventId, zone.id)) throw fail('zoneUsedByGate');
      await repo.deleteZone(tx, eventId, zone.id);
      return true;
    }),
  );
