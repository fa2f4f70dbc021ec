import { randomUUID } from 'node:crypto';
import {
  ARTICLE_IMAGE,
  type Article,
  type ArticleNew,
  type ArticleSave,
  type ArticlesCreateResult,
  type ArticlesResult,
  articleNameKey,
  TYPEAHEAD_LIMIT,
  type UploadedImage,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import { attachImage, deleteImage, removeQuietly, storageFor } from '../../uploads';
import { rolsInEvent } from '../rols/rols.repo';
import * as repo from './articles.repo';

/** The relations of the event's articles, grouped by article. */
interface Relations {
  flags: Map<number, Article['flags']>;
  addons: Map<number, number[]>;
  exchanges: Map<number, Article['exchanges']>;
}

const push = <T>(map: Map<number, T[]>, key: number, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

async function relations(
  db: Executor,
  eventId: number,
  ranges?: { id: number }[] | Promise<{ id: number }[]>,
): Promise<Relations> {
  const [flags, addons, exchanges, rangeRows] = await Promise.all([
    repo.listFlagsOf(db, eventId),
    repo.listAddonsOf(db, eventId),
    repo.listExchangesOf(db, eventId),
    ranges ?? repo.timeRangeOptions(db, eventId),
  ]);
  // Time ranges are plain ids in an exchange: one deleted since is no longer listed.
  const rangeIds = new Set(rangeRows.map((r) => r.id));
  const out: Relations = { flags: new Map(), addons: new Map(), exchanges: new Map() };
  for (const f of flags) push(out.flags, f.articleId, { id: f.id, idFlag: f.flagId, addFlag: f.addFlag });
  for (const a of addons) push(out.addons, a.articleId, a.addonId);
  for (const x of exchanges) {
    push(out.exchanges, x.articleId, {
      id: x.id,
      idArticle: x.articleId,
      idArticleExchange: x.exchangeArticleIds,
      sortBy: x.sortBy,
      timeRanges: x.timeRangeIds.filter((id) => rangeIds.has(id)),
    });
  }
  return out;
}

const flag01 = (v: number) => (v === 1 ? 1 : 0);

function toDto(
  { article: r, imageUrl }: repo.ArticleWithImage,
  rel: Relations,
  moneda: number | null,
): Article {
  return {
    id: r.id,
    nombre: r.name,
    precio_base: r.basePrice,
    moneda,
    pictureFull: r.imageId !== null && imageUrl !== null ? { id: r.imageId, url: imageUrl } : null,
    qrPrint: flag01(r.qrPrint),
    idBase: r.baseId,
    flags: rel.flags.get(r.id) ?? [],
    gift: flag01(r.gift),
    onlyAdults: flag01(r.onlyAdults),
    bannedRols: r.bannedRoleIds,
    isNoteRequired: flag01(r.isNoteRequired),
    suggestedComments: r.suggestedComments,
    addons: rel.addons.get(r.id) ?? [],
    exchanges: rel.exchanges.get(r.id) ?? [],
    externalAnalyticsId: r.externalAnalyticsId,
    permite_importe_manual: r.manualAmount === 'S' ? 'S' : 'N',
    id_complemento: r.complementId,
    date_update: r.updatedAt.toISOString(),
  };
}

/**
 * GET /articles: result.timeRanges, the event's articles with every tab, rols (the event's ticket
 * roles, for the banned roles), addons and flags (the choices of the detail).
 */
export async function listArticles(ctx: AppContext, eventId: number): Promise<ArticlesResult> {
  const options = repo.articleScreenOptions(ctx.db, eventId);
  const [rows, rel, { moneda, timeRanges, addons, flags, rols }] = await Promise.all([
    repo.listArticles(ctx.db, eventId),
    relations(
      ctx.db,
      eventId,
      options.then((o) => o.timeRanges),
    ),
    options,
  ]);
  return {
    timeRanges,
    articles: rows.map((r) => toDto(r, rel, moneda)),
    rols,
    addons,
    flags,
  };
}

/** GET /articles/find?name: the typeahead (at most 10, by name). */
export const findArticles = (ctx: AppContext, eventId: number, name: string) =>
  repo.findByName(ctx.db, eventId, name.trim(), TYPEAHEAD_LIMIT);

/**
 * POST /articles {articles}: creates the pending new articles. One whose id or trimmed lower-cased name
 * already exists in the event, or earlier in the list, is ignored (02-catalogue §4).
 */
export const createArticles = (
  ctx: AppContext,
  eventId: number,
  items: ArticleNew[],
): Promise<ArticlesCreateResult> =>
  ctx.db.transaction(async (tx) => {
    await repo.lockEventArticles(tx, eventId);
    const existing = await repo.articleNames(tx, eventId);
    const ids = new Set(existing.map((a) => a.id));
    const taken = new Set(existing.map((a) => articleNameKey(a.nombre)));
    const fresh: ArticleNew[] = [];
    const ignored: string[] = [];
    for (const item of items) {
      const key = articleNameKey(item.nombre);
      if ((item.id !== undefined && ids.has(item.id)) || taken.has(key)) {
        ignored.push(item.nombre);
        continue;
      }
      taken.add(key);
      fresh.push(item);
    }
    const created = await repo.insertArticles(
      tx,
      fresh.map((a) => ({
        eventId,
        name: a.nombre,
        externalAnalyticsId: a.externalAnalyticsId ? a.externalAnalyticsId : null,
      })),
    );
    return { created, ignored };
  });

const at = (path: string) => `articleEvent.${path}`;

/** The checks that need the database: every id names a row of the event; the complement rules. */
async function checkReferences(tx: Executor, eventId: number, input: ArticleSave) {
  if (input.idBase !== null) {
    const base = await repo.findArticle(tx, eventId, input.idBase);
    if (!base) throw fieldError(at('idBase'), 'validation.articleNotInEvent');
    if (base.baseId !== null) throw fieldError(at('idBase'), 'validation.complementOfComplement');
    if (await repo.isBaseOfOthers(tx, eventId, input.id)) {
      throw fieldError(at('idBase'), 'validation.complementHasComplements');
    }
  }
  const flagIds = input.flags.map((f) => f.idFlag);
  const flags = await repo.existingFlags(tx, eventId, flagIds);
  const badFlag = flagIds.findIndex((f) => !flags.has(f));
  if (badFlag >= 0) throw fieldError(at(`flags.${badFlag}.idFlag`), 'validation.flagNotInEvent');
  const addons = await repo.existingAddons(tx, eventId, input.addons);
  if (input.addons.some((a) => !addons.has(a))) throw fieldError(at('addons'), 'validation.addonNotInEvent');
  // Banned roles are plain ids: each must be a ticket role of this event.
  const rols = await rolsInEvent(tx, eventId, input.bannedRols);
  if (input.bannedRols.some((r) => !rols.has(r)))
    throw fieldError(at('bannedRols'), 'validation.rolNotInEvent');

  const exchangeIds = input.exchanges.flatMap((x) => x.idArticleExchange);
  const articles = await repo.existingArticles(tx, eventId, exchangeIds);
  const ranges = await repo.existingTimeRanges(
    tx,
    eventId,
    input.exchanges.flatMap((x) => x.timeRanges),
  );
  input.exchanges.forEach((x, i) => {
    if (x.idArticleExchange.some((a) => !articles.has(a))) {
      throw fieldError(at(`exchanges.${i}.idArticleExchange`), 'validation.articleNotInEvent');
    }
    if (x.timeRanges.some((r) => !ranges.has(r))) {
      throw fieldError(at(`exchanges.${i}.timeRanges`), 'validation.timeRangeNotInEvent');
    }
  });
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * POST /articles/event {articleEvent}: updates one article with all its tabs in one transaction (a
 * list left out is stored empty). Flag choices with addFlag null are unused (no row). Answers the
 * article as the list shows it.
 */
export const saveArticle = (ctx: AppContext, eventId: number, input: ArticleSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = await repo.findArticle(tx, eventId, input.id);
      if (!existing) throw fail('notFound');
      if (await repo.nameTaken(tx, eventId, input.nombre, input.id)) throw fail('duplicateName');
      await checkReferences(tx, eventId, input);
      await repo.updateArticle(tx, eventId, input.id, {
        name: input.nombre,
        basePrice: input.precio_base,
        qrPrint: input.qrPrint,
        baseId: input.idBase,
        gift: input.gift,
        onlyAdults: input.onlyAdults,
        bannedRoleIds: unique(input.bannedRols),
        isNoteRequired: input.isNoteRequired,
        suggestedComments: input.suggestedComments.map((c) => ({
          uuid: c.uuid ? c.uuid : randomUUID(),
          text: c.text,
        })),
        externalAnalyticsId: input.externalAnalyticsId ? input.externalAnalyticsId : null,
        manualAmount: input.permite_importe_manual,
        complementId: input.id_complemento ?? null,
      });
      await repo.replaceFlags(
        tx,
        eventId,
        input.id,
        input.flags.flatMap((f) => (f.addFlag === null ? [] : [{ flagId: f.idFlag, addFlag: f.addFlag }])),
      );
      await repo.replaceAddons(tx, eventId, input.id, unique(input.addons));
      await repo.replaceExchanges(
        tx,
        eventId,
        input.id,
        input.exchanges.map((x) => ({
          exchangeArticleIds: unique(x.idArticleExchange),
          sortBy: x.sortBy,
          timeRangeIds: unique(x.timeRanges),
        })),
      );
      return toDto(
        (await repo.findArticleWithImage(tx, eventId, input.id))!,
        await relations(tx, eventId),
        await repo.eventCurrency(tx, eventId),
      );
    }),
  );

/**
 * DELETE /articles/{id}: refused (409, naming what uses it) while the article is on a menu, in a
 * pack, the base of complements, an exchange of another article, priced by a flag, a gift of an
 * add-on or counted by a tag counter. Its own settings and its image go with it.
 */
export async function deleteArticle(ctx: AppContext, eventId: number, id: number) {
  const removedKey = await guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const article = await repo.findArticle(tx, eventId, id);
      if (!article) throw fail('notFound');
      const uses = [
        ['articleInMenu', repo.menusUsing],
        ['articleInPack', repo.packsUsing],
        ['articleIsBase', repo.complementsOf],
        ['articleInExchange', repo.exchangesUsing],
        ['articleInFlagPrice', repo.flagPricesUsing],
        ['articleInAddonGift', repo.addonGiftsUsing],
      ] as const;
      for (const [key, find] of uses) {
        const names = await find(tx, eventId, id);
        if (names) throw fail(key, { params: { names } });
      }
      if (await repo.tagCounterUses(tx, eventId, id)) throw fail('articleInTagCounter');
      await repo.deleteArticle(tx, eventId, id);
      return article.imageId !== null ? deleteImage(tx, article.imageId, eventId) : null;
    }),
  );
  await removeQuietly(storageFor(ctx), removedKey);
  return true;
}

/**
 * PUT /articles/image {articleId, key}: attaches the uploaded image (checked again: 200 × 200) to an
 * article of the event; the image it replaces is deleted with its stored object.
 */
export async function setArticleImage(
  ctx: AppContext,
  eventId: number,
  userId: number | null,
  articleId: number,
  key: string,
): Promise<UploadedImage> {
  const { image, replacedKey } = await ctx.db.transaction(async (tx) => {
    const article = await repo.findArticle(tx, eventId, articleId);
    if (!article) throw fail('notFound');
    const image = await attachImage(ctx, tx, { key, eventId, userId, rule: ARTICLE_IMAGE.size });
    await repo.updateArticle(tx, eventId, articleId, { imageId: image.id });
    const current = article.imageId;
    const replacedKey =
      current !== null && current !== image.id ? await deleteImage(tx, current, eventId) : null;
    return { image, replacedKey };
  });
  await removeQuietly(storageFor(ctx), replacedKey);
  return image;
}

/** PUT /articles/image/delete {articleId, delete: 1}: removes the article's image. */
export async function clearArticleImage(ctx: AppContext, eventId: number, articleId: number) {
  const removedKey = await ctx.db.transaction(async (tx) => {
    const article = await repo.findArticle(tx, eventId, articleId);
    if (!article) throw fail('notFound');
    if (article.imageId === null) return null;
    await repo.updateArticle(tx, eventId, articleId, { imageId: null });
    return deleteImage(tx, article.imageId, eventId);
  });
  await removeQuietly(storageFor(ctx), removedKey);
  return true;
}
