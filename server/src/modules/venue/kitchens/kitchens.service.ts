import {
  type Kitchen,
  type KitchenSave,
  type KitchensResult,
  LOCATION_PICKER_MESSAGE,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import { pickerLocations, unfitLocations } from '../locations/location-pickers';
import { findLocation } from '../locations/locations.repo';
import { uniqueIds } from '../venue.shared';
import * as repo from './kitchens.repo';

function toDtos(
  kitchens: repo.KitchenRow[],
  printers: repo.PrinterRow[],
  links: { kitchenId: number; roomId: number }[],
): Kitchen[] {
  return kitchens.map((k) => ({
    id: k.id,
    name: k.name,
    idLocation: k.locationId,
    printers: printers.filter((p) => p.kitchenId === k.id).map((p) => ({ id: p.id, name: p.name, ip: p.ip })),
    rooms: links.filter((l) => l.kitchenId === k.id).map((l) => l.roomId),
    date_update: k.updatedAt.toISOString(),
  }));
}

/** GET /kitchens: the kitchens with their printers and rooms, and the locations and rooms to choose. */
export async function listKitchens(ctx: AppContext, eventId: number): Promise<KitchensResult> {
  const [kitchens, printers, links, rooms] = await Promise.all([
    repo.listKitchens(ctx.db, eventId),
    repo.listPrinters(ctx.db, eventId),
    repo.listKitchenRooms(ctx.db, eventId),
    repo.roomOptions(ctx.db, eventId),
  ]);
  // A kitchen prints the orders of a selling location: only those fit (and those kitchens name).
  const locations = await pickerLocations(
    ctx.db,
    eventId,
    'sale',
    kitchens.map((k) => k.locationId),
  );
  return { kitchens: toDtos(kitchens, printers, links), locations, rooms };
}

async function loadKitchen(tx: Executor, eventId: number, id: number) {
  const [kitchen, printers, links] = await Promise.all([
    repo.findKitchen(tx, eventId, id),
    repo.listPrinters(tx, eventId, id),
    repo.listKitchenRooms(tx, eventId, id),
  ]);
  return toDtos([kitchen!], printers, links)[0]!;
}

/**
 * POST /kitchens {kitchen} (create) and PATCH /kitchens {kitchen} (update): the location and the rooms
 * must be the event's; the printers sent replace the kitchen's (an id keeps and edits that printer,
 * none adds one, a printer left out is removed). Answers the saved kitchen.
 */
export const saveKitchen = (ctx: AppContext, eventId: number, input: KitchenSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findKitchen(tx, eventId, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      if (!(await findLocation(tx, eventId, input.idLocation))) throw fail('notFound');
      const keptPlace = existing ? [existing.locationId] : [];
      if ((await unfitLocations(tx, eventId, 'sale', [input.idLocation], keptPlace)).length)
        throw fieldError('kitchen.idLocation', LOCATION_PICKER_MESSAGE.sale);
      const roomIds = uniqueIds(input.rooms);
      if ((await repo.countEventRooms(tx, eventId, roomIds)) !== roomIds.length) throw fail('notFound');

      const values = { name: input.name, locationId: input.idLocation };
      let kitchenId: number;
      if (existing) {
        kitchenId = existing.id;
        await repo.updateKitchen(tx, eventId, kitchenId, values);
      } else {
        kitchenId = (await repo.insertKitchen(tx, { ...values, eventId })).id;
      }

      const current = new Set((await repo.listPrinters(tx, eventId, kitchenId)).map((p) => p.id));
      const kept = input.printers.filter((p) => p.id !== undefined);
      if (kept.some((p) => !current.has(p.id!))) throw fail('notFound');
      await repo.deletePrintersExcept(
        tx,
        eventId,
        kitchenId,
        kept.map((p) => p.id!),
      );
      for (const p of kept)
        await repo.updatePrinter(tx, eventId, kitchenId, p.id!, { name: p.name, ip: p.ip });
      await repo.insertPrinters(
        tx,
        input.printers
          .filter((p) => p.id === undefined)
          .map((p) => ({ eventId, kitchenId, name: p.name, ip: p.ip })),
      );
      await repo.replaceKitchenRooms(tx, eventId, kitchenId, roomIds);
      return loadKitchen(tx, eventId, kitchenId);
    }),
  );

/** DELETE /kitchens/{id}: its printers and room links go with it. */
export const deleteKitchen = (ctx: AppContext, eventId: number, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findKitchen(tx, eventId, id))) throw fail('notFound');
      await repo.deleteKitchen(tx, eventId, id);
      return true;
    }),
  );
