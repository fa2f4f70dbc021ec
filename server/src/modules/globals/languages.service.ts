import type { LanguageRow, LanguageSave } from '@pulsera/contracts';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { guardedWrite } from './db-errors';
import * as repo from './languages.repo';

const toDto = (r: repo.LanguageDbRow): LanguageRow => ({ id: r.id, iso: r.iso, name: r.name });

export const listLanguages = async (ctx: AppContext) => (await repo.listLanguages(ctx.db)).map(toDto);

/** POST /global/languages: no id creates, an id updates. The iso is unique. */
export const saveLanguage = (ctx: AppContext, input: LanguageSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findLanguage(tx, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const clash = await repo.findLanguageByIso(tx, input.iso);
      if (clash && clash.id !== existing?.id) throw fail('duplicateName');
      const values = { iso: input.iso, name: input.name };
      const row = existing
        ? await repo.updateLanguage(tx, existing.id, values)
        : await repo.insertLanguage(tx, values);
      return toDto(row);
    }),
  );

export const deleteLanguage = (ctx: AppContext, id: number) =>
  ctx.db.transaction(async (tx) => {
    if (!(await repo.findLanguage(tx, id))) throw fail('notFound');
    await repo.deleteLanguage(tx, id);
    return true;
  });
