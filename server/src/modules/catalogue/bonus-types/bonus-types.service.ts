import type { BonusType, BonusTypeSave } from '@pulsera/contracts';
import type { AppContext, DbContext } from '../../../core/context';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import * as repo from './bonus-types.repo';

const toDto = (r: repo.BonusTypeRow): BonusType => ({
  id: r.id,
  description: r.description,
  type: r.type as BonusType['type'],
  date_update: r.updatedAt.toISOString(),
});

/** GET /bonusType: the event's gift (M) and cash (E) types; type O never shows. */
export const listBonusTypes = async (ctx: AppContext, eventId: number) =>
  (await repo.listBonusTypes(ctx.db, eventId)).map(toDto);

/** POST /bonusType {bonus}: no id creates, an id updates (type O is refused by the schema). */
export const saveBonusType = (ctx: DbContext, eventId: number, input: BonusTypeSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const values = { description: input.description, type: input.type };
      if (input.id === undefined) return toDto(await repo.insertBonusType(tx, { ...values, eventId }));
      if (!(await repo.findBonusType(tx, eventId, input.id))) throw fail('notFound');
      return toDto(await repo.updateBonusType(tx, eventId, input.id, values));
    }),
  );

/** DELETE /bonusType/{id}: refused while an automatic bonus grants this type (409 bonusTypeInUse). */
export const deleteBonusType = (ctx: AppContext, eventId: number, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findBonusType(tx, eventId, id))) throw fail('notFound');
      if (await repo.bonusTypeUsed(tx, eventId, id)) throw fail('bonusTypeInUse');
      await repo.deleteBonusType(tx, eventId, id);
      return true;
    }),
  );
