import type { Gate, GateSave, GatesResult } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { findLocation } from '../locations/locations.repo';
import { findZone } from '../zones/zones.repo';
import * as repo from './gates.repo';

const toDto = (r: repo.GateRow): Gate => ({
  id: r.id,
  name: r.name,
  idZoneFrom: r.zoneFromId,
  idZoneTo: r.zoneToId,
  idLocation: r.locationId,
  direction: r.direction as Gate['direction'],
  active: r.active === 1 ? 1 : 0,
  date_update: r.updatedAt.toISOString(),
});

/** GET /gates: the gates with the event's zones and locations for the form. */
export async function listGates(ctx: AppContext, eventId: number): Promise<GatesResult> {
  const [gates, zones, locations] = await Promise.all([
    repo.listGates(ctx.db, eventId),
    repo.zoneOptions(ctx.db, eventId),
    repo.locationOptions(ctx.db, eventId),
  ]);
  return { gates: gates.map(toDto), zones, locations };
}

/**
 * POST /gates {gate}: no id creates, an id updates. Its zones and location must belong to this event
 * (another event's id is 404).
 */
export const saveGate = (ctx: AppContext, eventId: number, input: GateSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (input.id !== undefined && !(await repo.findGate(tx, eventId, input.id))) throw fail('notFound');
      const zoneFromId = input.idZoneFrom ?? null;
      const locationId = input.idLocation ?? null;
      if (!(await findZone(tx, eventId, input.idZoneTo))) throw fail('notFound');
      if (zoneFromId !== null && !(await findZone(tx, eventId, zoneFromId))) throw fail('notFound');
      if (locationId !== null && !(await findLocation(tx, eventId, locationId))) throw fail('notFound');
      const values = {
        name: input.name,
        zoneFromId,
        zoneToId: input.idZoneTo,
        locationId,
        direction: input.direction,
        active: input.active,
      };
      const row =
        input.id !== undefined
          ? await repo.updateGate(tx, eventId, input.id, values)
          : await repo.insertGate(tx, { ...values, eventId });
      return toDto(row);
    }),
  );

/** DELETE /gates/{id}: refused while a location validates access through it. */
export const deleteGate = (ctx: AppContext, eventId: number, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findGate(tx, eventId, id))) throw fail('notFound');
      if (await repo.gateUsedByLocation(tx, eventId, id)) throw fail('gateUsedByLocation');
      await repo.deleteGate(tx, eventId, id);
      return true;
    }),
  );
