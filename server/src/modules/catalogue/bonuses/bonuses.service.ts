import {
  type Bonus,
  type BonusesResult,
  type BonusSave,
  LOCATION_PICKER_MESSAGE,
  normalizeBonus,
} from '@pulsera/contracts';
import type { AppContext, DbContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { pickerLocations, unfitLocations } from '../../venue';
import { checkIds, existingIds, FieldErrors, hms, options, uniqueIds } from '../refs';
import * as repo from './bonuses.repo';

type ArticleRow = { bonusId: number; articleId: number; quantity: number };
type LocationRow = { bonusId: number; locationId: number };

const toDto = (r: repo.BonusRow, articles: ArticleRow[], locations: LocationRow[]): Bonus => ({
  id: r.id,
  idBonusType: r.bonusTypeId,
  plus: r.plus,
  percent: r.percent,
  minRecharge: r.minRecharge,
  maxRecharge: r.maxRecharge,
  minNumTopUp: r.minNumTopUp,
  maxNumTopUp: r.maxNumTopUp,
  dateStart: r.dateStart,
  dateEnd: r.dateEnd,
  timeStart: hms(r.timeStart),
  timeEnd: hms(r.timeEnd),
  dayWeek: r.dayWeek,
  applyServicesOnline: r.applyServicesOnline === 1 ? 1 : 0,
  locationsAvailable: locations
    .filter((l) => l.bonusId === r.id)
    .map((l) => l.locationId)
    .sort((a, b) => a - b),
  articles: articles
    .filter((a) => a.bonusId === r.id)
    .map((a) => ({ idArticle: a.articleId, quantity: a.quantity })),
  date_update: r.updatedAt.toISOString(),
});

/** GET /bonus: the automatic bonuses, and the articles, locations and bonus types to choose from. */
export async function listBonuses(ctx: AppContext, eventId: number): Promise<BonusesResult> {
  const [rows, articles, locations, articleOptions, bonusTypes] = await Promise.all([
    repo.listBonuses(ctx.db, eventId),
    repo.listBonusArticles(ctx.db, eventId),
    repo.listBonusLocations(ctx.db, eventId),
    options(ctx.db, 'articles', eventId),
    repo.bonusTypeOptions(ctx.db, eventId),
  ]);
  // Only top-up locations fit "only at chosen top-up locations" (and those bonuses already name).
  const topUpPlaces = await pickerLocations(
    ctx.db,
    eventId,
    'topUp',
    locations.map((l) => l.locationId),
  );
  return {
    bonus: rows.map((r) => toDto(r, articles, locations)),
    articles: articleOptions,
    locations: topUpPlaces,
    bonusTypes,
  };
}

async function checkReferences(
  tx: Executor,
  eventId: number,
  input: BonusSave,
  locationIds: number[],
  kept: number[],
) {
  const errors = new FieldErrors();
  if (input.idBonusType != null) {
    const types = await repo.bonusTypeOptions(tx, eventId);
    if (!types.some((t) => t.id === input.idBonusType))
      errors.add('bonus.idBonusType', 'validation.bonusTypeNotInEvent');
  }
  const found = await existingIds(tx, 'locations', eventId, locationIds);
  if (locationIds.some((id) => !found.has(id)))
    errors.add('bonus.locationsAvailable', 'validation.unknownLocations');
  else if ((await unfitLocations(tx, eventId, 'topUp', locationIds, kept)).length)
    errors.add('bonus.locationsAvailable', LOCATION_PICKER_MESSAGE.topUp);
  await checkIds(
    tx,
    errors,
    'articles',
    eventId,
    input.articles.map((a) => a.idArticle),
    (i) => `bonus.articles.${i}.idArticle`,
    'validation.articleNotInEvent',
  );
  errors.throwIfAny();
}

/**
 * POST /bonus {bonus}: no id creates, an id updates. A limited maximum number of top-ups is raised
 * to at least the minimum (02-catalogue §5); articles and locations replace the bonus's own.
 */
export const saveBonus = (ctx: DbContext, eventId: number, input: BonusSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findBonus(tx, eventId, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const locationIds = uniqueIds(input.locationsAvailable);
      const kept = existing
        ? (await repo.listBonusLocations(tx, eventId))
            .filter((l) => l.bonusId === existing.id)
            .map((l) => l.locationId)
        : [];
      await checkReferences(tx, eventId, input, locationIds, kept);
      const n = normalizeBonus(input);
      const values = {
        bonusTypeId: input.idBonusType ?? null,
        plus: n.plus,
        percent: n.percent,
        minRecharge: n.minRecharge,
        maxRecharge: n.maxRecharge,
        minNumTopUp: n.minNumTopUp,
        maxNumTopUp: n.maxNumTopUp,
        dateStart: n.dateStart,
        dateEnd: n.dateEnd,
        timeStart: n.timeStart,
        timeEnd: n.timeEnd,
        dayWeek: n.dayWeek,
        applyServicesOnline: n.applyServicesOnline,
      };
      const row = existing
        ? await repo.updateBonus(tx, eventId, existing.id, values)
        : await repo.insertBonus(tx, { ...values, eventId });
      const articles = input.articles.map((a) => ({ articleId: a.idArticle, quantity: a.quantity }));
      await repo.replaceChildren(tx, eventId, row.id, articles, locationIds);
      return toDto(
        row,
        articles.map((a) => ({ ...a, bonusId: row.id })),
        locationIds.map((locationId) => ({ bonusId: row.id, locationId })),
      );
    }),
  );

export const deleteBonus = (ctx: AppContext, eventId: number, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findBonus(tx, eventId, id))) throw fail('notFound');
      await repo.deleteBonus(tx, eventId, id);
      return true;
    }),
  );
