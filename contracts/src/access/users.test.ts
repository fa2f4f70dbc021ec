import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, PERMISSIONS } from './permissions';
import { ConsoleUserSave, PERMISSION_AREAS, PermissionRoleSave } from './users';

describe('permission areas', () => {
  it('hold each of the 45 codes exactly once', () => {
    const all = Object.values(PERMISSION_AREAS).flat();
    expect(all).toHaveLength(ALL_PERMISSION_CODES.length);
    expect(new Set(all.map((n) => PERMISSIONS[n]))).toEqual(new Set(ALL_PERMISSION_CODES));
  });
});

describe('console user and role inputs', () => {
  const user = {
    name: 'Ana',
    email: 'ana@example.com',
    isAdmin: false,
    isSuperAdmin: false,
    isMegaAdmin: false,
    isUsersAdmin: false,
    disabled: false,
    dateInactive: null,
    mustChangePassword: false,
    otpRequired: false,
    eventAccess: [{ eventId: 3, permissions: [15, 3, 15], roleIds: [2, 2] }],
  };
  it('sorts and de-duplicates codes and roles', () => {
    const v = ConsoleUserSave.parse(user);
    expect(v.eventAccess[0]).toEqual({ eventId: 3, permissions: [3, 15], roleIds: [2] });
  });
  it('refuses unknown codes, an event listed twice and a role with no code', () => {
    expect(
      ConsoleUserSave.safeParse({ ...user, eventAccess: [{ eventId: 3, permissions: [46], roleIds: [] }] })
        .success,
    ).toBe(false);
    const twice = ConsoleUserSave.safeParse({
      ...user,
      eventAccess: [user.eventAccess[0], user.eventAccess[0]],
    });
    expect(twice.success).toBe(false);
    expect(PermissionRoleSave.safeParse({ name: 'Empty', permissions: [] }).success).toBe(false);
  });
});
