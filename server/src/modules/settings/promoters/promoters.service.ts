import type { Promoter, PromoterSave } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import * as repo from './promoters.repo';

const toDto = (r: repo.PromoterRow): Promoter => ({
  id: r.id,
  name: r.name,
  externalAnalytics: r.externalAnalytics,
});

export const listPromoters = async (ctx: AppContext) => (await repo.listPromoters(ctx.db)).map(toDto);

/** POST /global/promotors: no id creates, an id updates. Names are unique without regard to case. */
export const savePromoter = (ctx: AppContext, input: PromoterSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findPromoter(tx, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const clash = await repo.findPromoterByName(tx, input.name);
      if (clash && clash.id !== existing?.id) throw fail('duplicateName');
      const values = { name: input.name, externalAnalytics: input.externalAnalytics };
      const row = existing
        ? await repo.updatePromoter(tx, existing.id, values)
        : await repo.insertPromoter(tx, values);
      return toDto(row);
    }),
  );

/** DELETE /global/promotors/{id}: refused while an event belongs to the promoter. */
export const deletePromoter = (ctx: AppContext, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findPromoter(tx, id))) throw fail('notFound');
      if (await repo.promoterInUse(tx, id)) throw fail('inUse');
      await repo.deletePromoter(tx, id);
      return true;
    }),
  );
