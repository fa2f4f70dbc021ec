import { type Province, type ProvinceSave, TYPEAHEAD_LIMIT } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import * as repo from './provinces.repo';

const toDto = (r: repo.ProvinceRow): Province => ({ id: r.id, name: r.name, country: r.country });

export const listProvinces = async (ctx: AppContext) => (await repo.listProvinces(ctx.db)).map(toDto);

/** GET /provinces/find?name: at most TYPEAHEAD_LIMIT provinces whose name contains the text. */
export const findProvinces = async (ctx: AppContext, name: string) =>
  (await repo.findProvincesByName(ctx.db, name, TYPEAHEAD_LIMIT)).map(toDto);

/** POST /provinces: no id creates, an id updates. */
export const saveProvince = (ctx: AppContext, input: ProvinceSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findProvince(tx, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const values = { name: input.name, country: input.country };
      const row = existing
        ? await repo.updateProvince(tx, existing.id, values)
        : await repo.insertProvince(tx, values);
      return toDto(row);
    }),
  );

/** DELETE /provinces/{id}: refused while an event is in the province. */
export const deleteProvince = (ctx: AppContext, id: number) =>
  ctx.db.transaction(async (tx) => {
    if (!(await repo.findProvince(tx, id))) throw fail('notFound');
    if (await repo.provinceInUse(tx, id)) throw fail('inUse');
    await repo.deleteProvince(tx, id);
    return true;
  });
