import { type Flag, type FlagSave, type FlagsResult, MAX_FLAGS } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { checkIds, FieldErrors, options } from '../refs';
import * as repo from './flags.repo';

type AccessRow = Awaited<ReturnType<typeof repo.listAccess>>[number];
type PriceRow = Awaited<ReturnType<typeof repo.listPrices>>[number];

const toDto = (r: repo.FlagRow, access: AccessRow[], prices: PriceRow[]): Flag => ({
  id: r.id,
  name: r.name,
  description: r.description,
  flagNumber: r.flagNumber,
  isMinor: r.isMinor === 1 ? 1 : 0,
  access: access
    .filter((a) => a.flagId === r.id)
    .map((a) => ({
      idZone: a.zoneId,
      idTimeRange: a.timeRangeId,
      allowMultipleEntry: a.allowMultipleEntry === 1 ? 1 : 0,
    })),
  articles: prices
    .filter((p) => p.flagId === r.id)
    .map((p) => ({ idTimeRange: p.timeRangeId, idArticleEvent: p.articleId, price: p.price })),
  date_update: r.updatedAt.toISOString(),
});

/** GET /flag: the flags with their access entries and overrides, and the choices of the screen. */
export async function listFlags(ctx: AppContext, eventId: number): Promise<FlagsResult> {
  const [rows, access, prices, timeRanges, articles, zones] = await Promise.all([
    repo.listFlags(ctx.db, eventId),
    repo.listAccess(ctx.db, eventId),
    repo.listPrices(ctx.db, eventId),
    repo.timeRangeOptions(ctx.db, eventId),
    options(ctx.db, 'articles', eventId),
    options(ctx.db, 'zones', eventId),
  ]);
  return { flags: rows.map((r) => toDto(r, access, prices)), timeRanges, articles, zones };
}

/** The zones, time ranges and articles a flag names must be this event's. */
async function checkReferences(tx: Executor, eventId: number, input: FlagSave) {
  const errors = new FieldErrors();
  await checkIds(
    tx,
    errors,
    'zones',
    eventId,
    input.access.map((a) => a.idZone),
    (i) => `flag.access.${i}.idZone`,
    'validation.zoneNotInEvent',
  );
  await checkIds(
    tx,
    errors,
    'timeRanges',
    eventId,
    input.access.map((a) => a.idTimeRange),
    (i) => `flag.access.${i}.idTimeRange`,
    'validation.timeRangeNotInEvent',
  );
  await checkIds(
    tx,
    errors,
    'timeRanges',
    eventId,
    input.articles.map((a) => a.idTimeRange),
    (i) => `flag.articles.${i}.idTimeRange`,
    'validation.timeRangeNotInEvent',
  );
  await checkIds(
    tx,
    errors,
    'articles',
    eventId,
    input.articles.map((a) => a.idArticleEvent),
    (i) => `flag.articles.${i}.idArticleEvent`,
    'validation.articleNotInEvent',
  );
  errors.throwIfAny();
}

/** The lowest flag number 1–16 no flag of the event holds; undefined when all are taken. */
export function lowestFreeNumber(taken: readonly number[]) {
  for (let n = 1; n <= MAX_FLAGS; n++) if (!taken.includes(n)) return n;
  return undefined;
}

/**
 * POST /flag {flag}: no id creates the flag with the lowest free number (refused once the event has
 * 16: 409 flagLimit); an id updates it. The access list and the overrides replace the flag's own in
 * the same transaction (duplicates are refused by the schema).
 */
export const saveFlag = (ctx: AppContext, eventId: number, input: FlagSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findFlag(tx, eventId, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      await checkReferences(tx, eventId, input);
      const values = { name: input.name, description: input.description, isMinor: input.isMinor };
      let row: repo.FlagRow;
      if (existing) {
        row = await repo.updateFlag(tx, eventId, existing.id, values);
      } else {
        await repo.lockEventFlags(tx, eventId);
        const flagNumber = lowestFreeNumber(await repo.flagNumbers(tx, eventId));
        if (flagNumber === undefined) throw fail('flagLimit', { params: { max: MAX_FLAGS } });
        row = await repo.insertFlag(tx, { ...values, eventId, flagNumber });
      }
      const saved = await repo.replaceChildren(
        tx,
        eventId,
        row.id,
        input.access.map((a) => ({
          zoneId: a.idZone,
          timeRangeId: a.idTimeRange,
          allowMultipleEntry: a.allowMultipleEntry,
        })),
        input.articles.map((a) => ({
          timeRangeId: a.idTimeRange,
          articleId: a.idArticleEvent,
          price: a.price,
        })),
      );
      return toDto(row, saved.access, saved.prices);
    }),
  );

/**
 * DELETE /flag/{id}: refused (409, naming the uses) while an add-on grants the flag
 * (flagUsedByAddon), an article's flag choice uses it (flagUsedByArticles) or wristbands hold it
 * (flagHeldByWristbands, with their count); its access entries and overrides go with it.
 */
export const deleteFlag = (ctx: AppContext, eventId: number, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.lockFlag(tx, eventId, id))) throw fail('notFound');
      const uses = [
        ['flagUsedByAddon', repo.addonsGranting],
        ['flagUsedByArticles', repo.articlesChoosing],
      ] as const;
      for (const [key, find] of uses) {
        const names = await find(tx, eventId, id);
        if (names) throw fail(key, { params: { names } });
      }
      const count = await repo.wristbandsHolding(tx, eventId, id);
      if (count) throw fail('flagHeldByWristbands', { params: { count } });
      await repo.deleteFlag(tx, eventId, id);
      return true;
    }),
  );
