import { type ListQuery, TABLE_PAGE_SIZE, type Team, TYPEAHEAD_LIMIT } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { pageWindow } from '../../../core/lib/paging';
import * as repo from './teams.repo';

const toDto = (r: repo.TeamRow): Team => ({ id: r.id, name: r.name });

/** GET /backoffice/teams?page&paginationLimit: one page (TABLE_PAGE_SIZE by default) and the total. */
export async function listTeams(ctx: AppContext, q: ListQuery) {
  const page = pageWindow(q, TABLE_PAGE_SIZE);
  const { rows, total } = await repo.listTeams(ctx.db, page);
  return { teams: rows.map(toDto), total };
}

/** GET /search/teams?searchText: at most TYPEAHEAD_LIMIT teams whose name contains the text. */
export const searchTeams = async (ctx: AppContext, text: string) =>
  (await repo.searchTeams(ctx.db, text, TYPEAHEAD_LIMIT)).map(toDto);

/** POST (no id) creates, PATCH (id) updates. Names are unique without regard to case. */
export const saveTeam = (ctx: AppContext, input: { id?: number; name: string }) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findTeam(tx, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const clash = await repo.findTeamByName(tx, input.name);
      if (clash && clash.id !== existing?.id) throw fail('duplicateName');
      const row = existing
        ? await repo.updateTeam(tx, existing.id, { name: input.name })
        : await repo.insertTeam(tx, { name: input.name });
      return toDto(row);
    }),
  );

/** DELETE /backoffice/teams/{id}: refused while an event has the team (main team or one of its teams). */
export const deleteTeam = (ctx: AppContext, id: number) =>
  ctx.db.transaction(async (tx) => {
    if (!(await repo.findTeam(tx, id))) throw fail('notFound');
    if (await repo.teamInUse(tx, id)) throw fail('inUse');
    await repo.deleteTeam(tx, id);
    return true;
  });
