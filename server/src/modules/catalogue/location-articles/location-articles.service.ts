import {
  hasMenu,
  type LocationActivity,
  type LocationArticle,
  type LocationArticlesResult,
  type MenuLocation,
  type MenuSaveRequest,
  pruneSticks,
  type StickSaveRequest,
  stickCounts,
} from '@pulsera/contracts';
import type { AppContext, DbContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import { existingArticles } from '../articles/articles.repo';
import * as repo from './location-articles.repo';

const flag01 = (v: number) => (v === 1 ? 1 : 0);

function toLocation(
  loc: repo.MenuLocationRow,
  items: repo.MenuItemRow[],
  sticks: repo.StickRow[],
): MenuLocation {
  const counts = stickCounts(
    sticks.map((s) => ({ idArticle: s.articleId, idArticleStick: s.stickArticleId, quantity: s.quantity })),
  );
  const articles: LocationArticle[] = items.map((i) => ({
    id: i.id,
    idArticle: i.articleId,
    nombre: i.name,
    precio: i.price,
    order: i.sortOrder,
    isManual: flag01(i.isManual),
    visible: flag01(i.visible),
    pictureFull: i.imageId !== null && i.imageUrl !== null ? { id: i.imageId, url: i.imageUrl } : null,
    srcPicture: i.imageUrl,
    numStick: counts.perParent.get(i.articleId) ?? 0,
  }));
  return {
    id: loc.id,
    nombre: loc.name,
    interna: loc.intern === 'S' ? 'S' : 'N',
    isIntern: loc.intern === 'S',
    actividades_nfc: loc.activities as LocationActivity[],
    articles,
    articlesStick: sticks.map((s) => ({
      idLocation: s.locationId,
      idArticle: s.articleId,
      idArticleStick: s.stickArticleId,
      quantity: s.quantity,
    })),
    numArticles: articles.length,
    numCompounds: counts.compounds,
  };
}

const group = <T extends { locationId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const r of rows) {
    const list = map.get(r.locationId);
    if (list) list.push(r);
    else map.set(r.locationId, [r]);
  }
  return map;
};

/**
 * GET /articles/location: the event's articles and the locations that sell (NFC activity V or I),
 * each with its menu, its sticks and their counts.
 */
export async function listLocationArticles(
  ctx: AppContext,
  eventId: number,
): Promise<LocationArticlesResult> {
  const [locations, items, sticks, options] = await Promise.all([
    repo.listLocations(ctx.db, eventId),
    repo.listItems(ctx.db, eventId),
    repo.listSticks(ctx.db, eventId),
    repo.articleOptions(ctx.db, eventId),
  ]);
  const itemsOf = group(items);
  const sticksOf = group(sticks);
  return {
    articles: options.map((a) => ({
      id: a.id,
      nombre: a.nombre,
      precio_base: a.precio_base,
      pictureFull: a.imageId !== null && a.imageUrl !== null ? { id: a.imageId, url: a.imageUrl } : null,
    })),
    locations: locations
      .filter((l) => hasMenu(l.activities))
      .map((l) => toLocation(l, itemsOf.get(l.id) ?? [], sticksOf.get(l.id) ?? [])),
  };
}

/** The selling location of the event, locked for a menu write. */
async function menuLocation(tx: Executor, eventId: number, id: number) {
  const location = await repo.findLocation(tx, eventId, id);
  if (!location) throw fail('notFound');
  if (!hasMenu(location.activities)) throw fail('locationWithoutMenu');
  await repo.lockLocationMenu(tx, id);
  return location;
}

async function reload(tx: Executor, eventId: number, location: repo.MenuLocationRow) {
  const [items, sticks] = await Promise.all([
    repo.listItems(tx, eventId, location.id),
    repo.listSticks(tx, eventId, location.id),
  ]);
  return toLocation(location, items, sticks);
}

/**
 * POST /articles/location: replaces the location's menu with the articles sent, in one transaction.
 * An item with an id must be that saved item (of this location and article); deletedArticles are
 * saved items of this location. Sticks are replaced by articlesStick when sent (kept otherwise) and
 * pruned to those whose parent and child remain on the menu. Answers the location as listed.
 */
export const saveMenu = (ctx: DbContext, eventId: number, input: MenuSaveRequest) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const location = await menuLocation(tx, eventId, input.idLocation);
      const saved = await repo.listItems(tx, eventId, location.id);
      const savedById = new Map(saved.map((s) => [s.id, s]));
      for (const item of input.articles) {
        if (item.id && savedById.get(item.id)?.articleId !== item.article) throw fail('notFound');
      }
      if (input.deletedArticles.some((id) => !savedById.has(id))) throw fail('notFound');
      const ids = input.articles.map((a) => a.article);
      const known = await existingArticles(tx, eventId, ids);
      const unknown = ids.findIndex((id) => !known.has(id));
      if (unknown >= 0) throw fieldError(`articles.${unknown}.article`, 'validation.articleNotInEvent');

      await repo.deleteItemsExcept(tx, eventId, location.id, ids);
      await repo.upsertItems(
        tx,
        eventId,
        location.id,
        input.articles.map((a) => ({
          articleId: a.article,
          price: a.precio,
          sortOrder: a.order,
          isManual: a.isManual,
          visible: a.visible,
        })),
      );
      const menu = input.articles.map((a) => ({ idArticle: a.article, order: a.order }));
      if (input.articlesStick) {
        await repo.deleteSticks(tx, eventId, location.id);
        await repo.insertSticks(
          tx,
          eventId,
          location.id,
          pruneSticks(menu, input.articlesStick).map((s) => ({
            articleId: s.idArticle,
            stickArticleId: s.idArticleStick,
            quantity: s.quantity,
          })),
        );
      } else {
        await repo.pruneSticks(tx, eventId, location.id, ids);
      }
      return reload(tx, eventId, location);
    }),
  );

/**
 * POST /articles/stick: replaces the sticks of one parent article at a location. The parent and every
 * stick must be on that location's menu; a stick differs from its parent and appears once (schema).
 */
export const saveSticks = (ctx: AppContext, eventId: number, input: StickSaveRequest) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const location = await menuLocation(tx, eventId, input.idLocation);
      const menu = new Set((await repo.listItems(tx, eventId, location.id)).map((i) => i.articleId));
      if (!menu.has(input.idArticleParent)) throw fieldError('idArticleParent', 'validation.stickNotInMenu');
      const missing = input.articlesStick.findIndex((s) => !menu.has(s.idArticleStick));
      if (missing >= 0)
        throw fieldError(`articlesStick.${missing}.idArticleStick`, 'validation.stickNotInMenu');
      await repo.deleteSticks(tx, eventId, location.id, input.idArticleParent);
      await repo.insertSticks(
        tx,
        eventId,
        location.id,
        input.articlesStick.map((s) => ({
          articleId: input.idArticleParent,
          stickArticleId: s.idArticleStick,
          quantity: s.quantity,
        })),
      );
      return reload(tx, eventId, location);
    }),
  );
