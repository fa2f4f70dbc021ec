import {
  duplicatePackArticle,
  LOCATION_PICKER_MESSAGE,
  type Pack,
  type PackSave,
  type PacksResult,
} from '@pulsera/contracts';
import type { AppContext, DbContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import { pickerLocations, unfitLocations } from '../../venue';
import { existingArticles } from '../articles/articles.repo';
import * as repo from './packs.repo';

/**
 * Packs (admin/cashless/packs, permission pack; our design, docs/decisions/catalogue.md): a named bundle of
 * articles with quantities sold for one price, in chosen locations (none = all), optionally between
 * two dates. An article appears once per pack (409 errorArticleDuplicatePack).
 */

const group = <T extends { packId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const r of rows) {
    const list = map.get(r.packId);
    if (list) list.push(r);
    else map.set(r.packId, [r]);
  }
  return map;
};

async function packDtos(db: Executor, eventId: number): Promise<Pack[]> {
  const [rows, items, places] = await Promise.all([
    repo.listPacks(db, eventId),
    repo.listPackArticles(db, eventId),
    repo.listPackLocations(db, eventId),
  ]);
  const itemsOf = group(items);
  const placesOf = group(places);
  return rows.map((p) => ({
    id: p.id,
    nombre: p.name,
    precio: p.price,
    articles: (itemsOf.get(p.id) ?? []).map(({ idArticle, nombre, quantity }) => ({
      idArticle,
      nombre,
      quantity,
    })),
    locationsAvailable: (placesOf.get(p.id) ?? []).map((l) => l.locationId),
    dateStart: p.dateStart?.toISOString() ?? null,
    dateEnd: p.dateEnd?.toISOString() ?? null,
    date_update: p.updatedAt.toISOString(),
  }));
}

/** GET /packs: the packs and the choices of the form (articles and locations of the event). */
export async function listPacks(ctx: AppContext, eventId: number): Promise<PacksResult> {
  const [packs, articles, named] = await Promise.all([
    packDtos(ctx.db, eventId),
    repo.articleOptions(ctx.db, eventId),
    repo.listPackLocations(ctx.db, eventId),
  ]);
  // Packs are sold: only selling locations fit (and those packs already name).
  const locations = await pickerLocations(
    ctx.db,
    eventId,
    'sale',
    named.map((l) => l.locationId),
  );
  return { packs, articles, locations };
}

/**
 * POST /packs {pack}: no id creates, an id updates that pack of the event (its articles and locations
 * replaced); the result is the pack's id. A repeated article answers 409 errorArticleDuplicatePack; the
 * name is unique in the event (ignoring case).
 */
export const savePack = (ctx: DbContext, eventId: number, input: PackSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      await repo.lockEventPacks(tx, eventId);
      if (input.id !== undefined && !(await repo.findPack(tx, eventId, input.id))) throw fail('notFound');
      const dup = duplicatePackArticle(input.articles);
      if (dup !== null) {
        throw fail('errorArticleDuplicatePack', {
          fields: [{ path: `pack.articles.${dup}.idArticle`, message: 'validation.repeated' }],
        });
      }
      if (await repo.nameTaken(tx, eventId, input.nombre, input.id)) throw fail('duplicateName');
      const ids = input.articles.map((a) => a.idArticle);
      const known = await existingArticles(tx, eventId, ids);
      const unknown = ids.findIndex((id) => !known.has(id));
      if (unknown >= 0)
        throw fieldError(`pack.articles.${unknown}.idArticle`, 'validation.articleNotInEvent');
      const locationIds = [...new Set(input.locationsAvailable)];
      const places = await repo.existingLocations(tx, eventId, locationIds);
      if (locationIds.some((l) => !places.has(l))) {
        throw fieldError('pack.locationsAvailable', 'validation.unknownLocations');
      }
      const kept =
        input.id !== undefined
          ? (await repo.listPackLocations(tx, eventId))
              .filter((l) => l.packId === input.id)
              .map((l) => l.locationId)
          : [];
      if ((await unfitLocations(tx, eventId, 'sale', locationIds, kept)).length)
        throw fieldError('pack.locationsAvailable', LOCATION_PICKER_MESSAGE.sale);
      const values = {
        name: input.nombre,
        price: input.precio,
        dateStart: input.dateStart ? new Date(input.dateStart) : null,
        dateEnd: input.dateEnd ? new Date(input.dateEnd) : null,
      };
      let id = input.id;
      if (id !== undefined) await repo.updatePack(tx, eventId, id, values);
      else id = await repo.insertPack(tx, { ...values, eventId });
      await repo.replaceContents(
        tx,
        eventId,
        id,
        input.articles.map((a) => ({ articleId: a.idArticle, quantity: a.quantity })),
        locationIds,
      );
      return id;
    }),
  );

/** DELETE /packs/{id}: the pack with its articles and locations. */
export const deletePack = (ctx: AppContext, eventId: number, id: number) =>
  ctx.db.transaction(async (tx) => {
    if (!(await repo.findPack(tx, eventId, id))) throw fail('notFound');
    await repo.deletePack(tx, eventId, id);
    return true;
  });
