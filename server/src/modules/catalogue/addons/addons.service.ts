import type { Addon, AddonSave, AddonsResult } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { checkIds, FieldErrors, options, uniqueIds } from '../refs';
import * as repo from './addons.repo';

type FlagLink = { addonId: number; flagId: number };
type GiftRow = { addonId: number; articleId: number; quantity: number };

const toDto = (r: repo.AddonRow, flags: FlagLink[], gifts: GiftRow[]): Addon => ({
  id: r.id,
  name: r.name,
  description: r.description,
  amountCash: r.amountCash,
  amountBonus: r.amountBonus,
  flags: flags.filter((f) => f.addonId === r.id).map((f) => f.flagId),
  gifts: gifts
    .filter((g) => g.addonId === r.id)
    .map((g) => ({ idArticle: g.articleId, quantity: g.quantity })),
  color: r.color,
  date_update: r.updatedAt.toISOString(),
});

/** GET /addon: the add-ons, and the articles and flags to choose from. */
export async function listAddons(ctx: AppContext, eventId: number): Promise<AddonsResult> {
  const [rows, flags, gifts, articles, flagOptions] = await Promise.all([
    repo.listAddons(ctx.db, eventId),
    repo.listAddonFlags(ctx.db, eventId),
    repo.listAddonGifts(ctx.db, eventId),
    options(ctx.db, 'articles', eventId),
    repo.flagOptions(ctx.db, eventId),
  ]);
  return {
    addons: rows.map((r) => toDto(r, flags, gifts)),
    articles,
    flags: flagOptions,
  };
}

async function checkReferences(tx: Executor, eventId: number, input: AddonSave, flagIds: number[]) {
  const errors = new FieldErrors();
  const own = new Set((await repo.flagOptions(tx, eventId)).map((f) => f.id));
  if (flagIds.some((id) => !own.has(id))) errors.add('item.flags', 'validation.flagNotInEvent');
  await checkIds(
    tx,
    errors,
    'articles',
    eventId,
    input.gifts.map((g) => g.idArticle),
    (i) => `item.gifts.${i}.idArticle`,
    'validation.articleNotInEvent',
  );
  errors.throwIfAny();
}

/**
 * POST /addon {item}: no id creates, an id updates. Flags and gifts replace the add-on's own in the
 * same transaction; they must be this event's.
 */
export const saveAddon = (ctx: AppContext, eventId: number, input: AddonSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findAddon(tx, eventId, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const flagIds = uniqueIds(input.flags);
      await checkReferences(tx, eventId, input, flagIds);
      const values = {
        name: input.name,
        description: input.description,
        amountCash: input.amountCash,
        amountBonus: input.amountBonus,
        color: input.color ?? null,
      };
      const row = existing
        ? await repo.updateAddon(tx, eventId, existing.id, values)
        : await repo.insertAddon(tx, { ...values, eventId });
      const gifts = input.gifts.map((g) => ({ articleId: g.idArticle, quantity: g.quantity }));
      await repo.replaceChildren(tx, eventId, row.id, flagIds, gifts);
      return toDto(
        row,
        flagIds.map((flagId) => ({ addonId: row.id, flagId })),
        gifts.map((g) => ({ ...g, addonId: row.id })),
      );
    }),
  );

/**
 * DELETE /addon/{id}: refused (409) while an article offers it (addonUsedByArticles) or a ticket role
 * comes with it (addonUsedByRols), naming them; its flags and gifts go with it. Operations that named
 * it keep its number (plain ids: the statistics survive).
 */
export const deleteAddon = (ctx: AppContext, eventId: number, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.lockAddon(tx, eventId, id))) throw fail('notFound');
      const uses = [
        ['addonUsedByArticles', repo.articlesOffering],
        ['addonUsedByRols', repo.rolsComingWith],
      ] as const;
      for (const [key, find] of uses) {
        const names = await find(tx, eventId, id);
        if (names) throw fail(key, { params: { names } });
      }
      await repo.deleteAddon(tx, eventId, id);
      return true;
    }),
  );
