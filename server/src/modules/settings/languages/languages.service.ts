import type { LanguageRow, LanguageSave } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import * as repo from './languages.repo';

const toDto = (r: repo.LanguageDbRow): LanguageRow => ({ id: r.id, iso: r.iso, name: r.name });

export const listLanguages = async (ctx: AppContext) => (await repo.listLanguages(ctx.db)).map(toDto);

/** POST /global/languages: no id creates, an id updates. The iso is unique. */
export const saveLanguage = (ctx: AppContext, input: LanguageSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.lockLanguage(tx, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const clash = await repo.findLanguageByIso(tx, input.iso);
      if (clash && clash.id !== existing?.id) throw fail('duplicateName');
      // Events name their language by iso: a code events use does not change under them.
      if (existing && existing.iso !== input.iso)
        await refuseIfUsed(tx, existing.iso, 'languageIsoUsedByEvents');
      const values = { iso: input.iso, name: input.name };
      const row = existing
        ? await repo.updateLanguage(tx, existing.id, values)
        : await repo.insertLanguage(tx, values);
      return toDto(row);
    }),
  );

/** DELETE /global/languages/{id}: refused (409) while an event uses the language, naming the events. */
export const deleteLanguage = (ctx: AppContext, id: number) =>
  ctx.db.transaction(async (tx) => {
    const language = await repo.lockLanguage(tx, id);
    if (!language) throw fail('notFound');
    await refuseIfUsed(tx, language.iso, 'languageUsedByEvents');
    await repo.deleteLanguage(tx, id);
    return true;
  });

/** How many event names a refusal lists before an ellipsis. */
const LISTED = 10;

/**
 * 409 naming the events whose language is `iso`. The language row is locked first, and an event save
 * holds the row it names (FOR KEY SHARE), so no event can take the language between check and write.
 */
async function refuseIfUsed(
  tx: Executor,
  iso: string,
  key: 'languageUsedByEvents' | 'languageIsoUsedByEvents',
) {
  const names = await repo.eventsUsingLanguage(tx, iso, LISTED + 1);
  if (!names.length) return;
  const listed = names.length > LISTED ? `${names.slice(0, LISTED).join(', ')}, …` : names.join(', ');
  throw fail(key, { params: { names: listed } });
}
