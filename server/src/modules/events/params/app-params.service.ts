import {
  type AppParam,
  type AppParamSave,
  type AppParamsResult,
  SYSTEM_APP_PARAMS,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { isUniqueViolation } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import { assertPaymentLettersEnabled } from '../../terminals';
import { listApplications } from '../detail/event-detail.repo';
import * as repo from './app-params.repo';

const isSystem = (nameUnique: string) => (SYSTEM_APP_PARAMS as readonly string[]).includes(nameUnique);

/** The PostgreSQL error code of a failed query (Drizzle wraps the driver's error in `cause`). */

/** GET /global/appParams: every parameter (grouped by application on screen), the applications, the modules. */
export async function listAppParams(ctx: AppContext): Promise<AppParamsResult> {
  const [rows, aplis, modules] = await Promise.all([
    repo.listAppParams(ctx.db),
    listApplications(ctx.db),
    repo.listModules(ctx.db),
  ]);
  const appParams: AppParam[] = rows.map(({ updatedAt, ...r }) => ({
    ...r,
    system: isSystem(r.nameUnique),
    date_update: updatedAt.toISOString(),
  }));
  return { appParams, aplis, modules };
}

/** GET /aplis: the applications parameters belong to (Console, Android terminals, …), by id. */
export const listAplis = (ctx: AppContext) => listApplications(ctx.db);

/**
 * POST /global/appParams {appParam} (02-catalogue §5 Global parameter): no id creates, an id updates.
 * The variable name is unique ignoring case; the application must exist; a parameter the console
 * reads keeps its variable name. Answers the saved parameter's id.
 */
export async function saveAppParam(ctx: AppContext, input: AppParamSave): Promise<number> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.lockAppParam(tx, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      if (existing && isSystem(existing.nameUnique) && existing.nameUnique !== input.nameUnique)
        throw fail('appParamSystem');
      if (input.nameUnique === 'ALLOWED_PAYMENT_METHODS' && input.defaultValue !== existing?.defaultValue)
        await assertPaymentLettersEnabled(tx, [input.defaultValue]);
      if (!(await repo.applicationExists(tx, input.idApp)))
        throw fieldError('appParam.idApp', 'validation.invalid');
      if (await repo.variableNameTaken(tx, input.nameUnique, existing?.id))
        throw fail('appParamNameTaken', { params: { name: input.nameUnique } });
      const values = {
        name: input.name,
        nameUnique: input.nameUnique,
        description: input.description,
        defaultValue: input.defaultValue,
        idApp: input.idApp,
        module: input.module,
      };
      if (existing) return (await repo.updateAppParam(tx, existing.id, values)).id;
      return (await repo.insertAppParam(tx, values)).id;
    });
  } catch (e) {
    // Two creations of the same name at once: the unique index stops the second.
    if (isUniqueViolation(e)) throw fail('appParamNameTaken', { params: { name: input.nameUnique } });
    throw e;
  }
}

/** DELETE /global/appParams/{id}: the events' values and exceptions go with it; the console's own stay. */
export async function deleteAppParam(ctx: AppContext, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.lockAppParam(tx, id);
    if (!existing) throw fail('notFound');
    if (isSystem(existing.nameUnique)) throw fail('appParamSystem');
    await repo.deleteAppParam(tx, id);
    return true;
  });
}
