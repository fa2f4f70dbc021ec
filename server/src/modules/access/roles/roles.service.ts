import type { PermissionRole, PermissionRoleSave } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { guardedWrite } from '../../../core/lib/db-errors';
import { AppError, fail } from '../../../core/lib/errors';
import * as repo from './roles.repo';

/**
 * Permission roles (admin/configuration/roles): named sets of the 45 codes. A role granted to a user
 * in an event gives its codes there; the guard reads the role's codes on every request, so editing a
 * role changes everyone who holds it at their next request. A role in use is not deleted.
 */
const toDto = (r: repo.PermissionRoleRow, holders: number): PermissionRole => ({
  id: r.id,
  name: r.name,
  permissions: [...r.permissions].sort((a, b) => a - b),
  holders,
});

export async function listRoles(ctx: AppContext) {
  const rows = await repo.listRoles(ctx.db);
  const counts = await repo.holderCounts(ctx.db);
  return rows.map((r) => toDto(r, counts.get(r.id) ?? 0));
}

/** GET /permission-roles/{id}/holders: who holds the role, and in which event. */
export async function roleHolders(ctx: AppContext, id: number) {
  if (!(await repo.findRole(ctx.db, id))) throw fail('notFound');
  return repo.holdersOf(ctx.db, id);
}

export const saveRole = (ctx: AppContext, input: PermissionRoleSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findRole(tx, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const clash = await repo.findRoleByName(tx, input.name);
      if (clash && clash.id !== existing?.id)
        throw new AppError('duplicateName', { fields: [{ path: 'name', message: 'errors.duplicateName' }] });
      const values = { name: input.name, permissions: input.permissions };
      const row = existing
        ? await repo.updateRole(tx, existing.id, values)
        : await repo.insertRole(tx, values);
      return toDto(row, (await repo.holderCounts(tx)).get(row.id) ?? 0);
    }),
  );

/** Refused while anyone holds it, naming them (and the events) so the administrator can act. */
export const deleteRole = (ctx: AppContext, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findRole(tx, id))) throw fail('notFound');
      const holders = await repo.holdersOf(tx, id);
      if (holders.length > 0) {
        const names = holders.slice(0, 10).map((h) => `${h.email} (${h.event})`);
        if (holders.length > 10) names.push(`+${holders.length - 10}`);
        throw fail('permissionRoleInUse', {
          params: { users: names.join(', '), count: new Set(holders.map((h) => h.userId)).size },
        });
      }
      await repo.deleteRole(tx, id);
      return true;
    }),
  );
