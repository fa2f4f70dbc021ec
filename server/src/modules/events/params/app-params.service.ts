import {
  type AppParam,
  type AppParamSave,
  type AppParamsResult,
  exceptionProblems,
  SYSTEM_APP_PARAMS,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { isUniqueViolation } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import { assertPaymentLettersEnabled } from '../../terminals';
import { existingDeviceIds, listApplications } from '../detail/event-detail.repo';
import * as repo from './app-params.repo';

const isSystem = (nameUnique: string) => (SYSTEM_APP_PARAMS as readonly string[]).includes(nameUnique);

/** The PostgreSQL error code of a failed query (Drizzle wraps the driver's error in `cause`). */

/** GET /global/appParams: every parameter (grouped by application on screen), the applications, the modules. */
export async function listAppParams(ctx: AppContext): Promise<AppParamsResult> {
  const [rows, aplis, modules, exceptions, locations, devices] = await Promise.all([
    repo.listAppParams(ctx.db),
    listApplications(ctx.db),
    repo.listModules(ctx.db),
    repo.listAllExceptions(ctx.db),
    repo.exceptionLocations(ctx.db),
    repo.exceptionDevices(ctx.db),
  ]);
  const appParams: AppParam[] = rows.map(({ updatedAt, ...r }) => ({
    ...r,
    system: isSystem(r.nameUnique),
    exceptions: exceptions.filter((e) => e.paramId === r.id).map(({ paramId: _, ...e }) => e),
    date_update: updatedAt.toISOString(),
  }));
  return { appParams, aplis, modules, locations, devices };
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
      if (input.exceptions) {
        await checkExceptions(tx, input.exceptions);
        if (input.nameUnique === 'ALLOWED_PAYMENT_METHODS' && input.exceptions.length)
          await assertPaymentLettersEnabled(
            tx,
            input.exceptions.map((e) => e.value),
          );
      }
      const id = existing
        ? (await repo.updateAppParam(tx, existing.id, values)).id
        : (await repo.insertAppParam(tx, values)).id;
      if (input.exceptions) await repo.replaceExceptions(tx, id, input.exceptions);
      return id;
    });
  } catch (e) {
    // Two creations of the same name at once: the unique index stops the second.
    if (isUniqueViolation(e)) throw fail('appParamNameTaken', { params: { name: input.nameUnique } });
    throw e;
  }
}

/**
 * 02-catalogue §5: every exception has a value (the schema), no two share location and device, none is
 * for all locations and all devices (that is the default value), and each names a location of an
 * event and a device of the registry.
 */
async function checkExceptions(tx: Executor, exceptions: NonNullable<AppParamSave['exceptions']>) {
  const problem = exceptionProblems(exceptions)[0];
  if (problem) throw fieldError(`appParam.${problem.path.join('.')}`, problem.message);
  const ids = (k: 'idLocation' | 'idDevice') => [
    ...new Set(exceptions.flatMap((e) => (e[k] === null ? [] : [e[k]]))),
  ];
  const [knownLocations, knownDevices] = await Promise.all([
    repo.existingLocationIds(tx, ids('idLocation')),
    existingDeviceIds(tx, ids('idDevice')),
  ]);
  exceptions.forEach((e, i) => {
    if (e.idLocation !== null && !knownLocations.includes(e.idLocation))
      throw fieldError(`appParam.exceptions.${i}.idLocation`, 'validation.invalid');
    if (e.idDevice !== null && !knownDevices.includes(e.idDevice))
      throw fieldError(`appParam.exceptions.${i}.idDevice`, 'validation.invalid');
  });
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
