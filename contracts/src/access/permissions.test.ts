import { describe, expect, it } from 'vitest';
import {
  type AccessSubject,
  ALL_PERMISSION_CODES,
  checkAccess,
  hasRole,
  PERMISSIONS,
  ROUTE_IDS,
  ROUTES,
} from './permissions';

const none = { isAdmin: false, isSuperAdmin: false, isMegaAdmin: false, isUsersAdmin: false };
const subject = (flags: Partial<typeof none>, permissions: number[] | null = null): AccessSubject => ({
  ...none,
  ...flags,
  permissions,
});

describe('roles (01-console §6)', () => {
  it('derives admin, superAdmin, megaAdmin and usersAdmin from the staff flags', () => {
    expect(hasRole(subject({ isAdmin: true }), 'admin')).toBe(true);
    expect(hasRole(subject({ isAdmin: true }), 'superAdmin')).toBe(false);
    expect(hasRole(subject({ isSuperAdmin: true }), 'admin')).toBe(true);
    expect(hasRole(subject({ isMegaAdmin: true }), 'superAdmin')).toBe(true);
    expect(hasRole(subject({ isSuperAdmin: true }), 'megaAdmin')).toBe(false);
    // users-admin: an admin with isUsersAdmin, or any super or mega admin
    expect(hasRole(subject({ isAdmin: true, isUsersAdmin: true }), 'usersAdmin')).toBe(true);
    expect(hasRole(subject({ isUsersAdmin: true }), 'usersAdmin')).toBe(false);
    expect(hasRole(subject({ isAdmin: true }), 'usersAdmin')).toBe(false);
    expect(hasRole(subject({ isSuperAdmin: true }), 'usersAdmin')).toBe(true);
  });
});

describe('the route table', () => {
  it('numbers the 45 permissions 1 to 45', () => {
    expect(ALL_PERMISSION_CODES).toHaveLength(45);
    expect([...ALL_PERMISSION_CODES].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 45 }, (_, i) => i + 1),
    );
    expect(PERMISSIONS.generateQr).toBe(40);
    expect(PERMISSIONS.metreSalesReport).toBe(45);
  });

  it('lets admins through every rule that needs no stronger role', () => {
    for (const id of ROUTE_IDS) {
      const rule = ROUTES[id];
      const admin = subject({ isAdmin: true });
      const expected = !rule.role || rule.role === 'admin' ? null : 'role';
      expect(checkAccess(admin, rule), id).toBe(expected);
    }
  });

  it('refuses a non-admin lacking each rule, and admits one holding it', () => {
    for (const id of ROUTE_IDS) {
      const rule = ROUTES[id];
      if (rule.role) {
        expect(checkAccess(subject({}, [...ALL_PERMISSION_CODES]), rule), id).toBe('role');
        continue;
      }
      if (rule.must?.length) {
        const without = ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS[rule.must![0]!]);
        expect(checkAccess(subject({}, without), rule), id).toBe('must');
      }
      if (rule.any?.length) {
        const without = ALL_PERMISSION_CODES.filter((c) => !rule.any!.some((p) => PERMISSIONS[p] === c));
        expect(checkAccess(subject({}, without), rule), id).toBe('any');
        // one of the any-of permissions is enough
        const one = [
          ...(rule.must ?? []).map((p) => PERMISSIONS[p]),
          PERMISSIONS[rule.any[rule.any.length - 1]!],
        ];
        expect(checkAccess(subject({}, one), rule), id).toBeNull();
      }
      if (rule.must?.length || rule.any?.length) {
        expect(checkAccess(subject({}, []), rule), `${id} without trusts`).toBe('noTrusts');
        expect(checkAccess(subject({}, null), rule), `${id} without trusts`).toBe('noTrusts');
        expect(checkAccess(subject({}, [...ALL_PERMISSION_CODES]), rule), id).toBeNull();
      }
    }
  });

  it('denies non-admins every configuration-level route', () => {
    const conf = ROUTE_IDS.filter((id) => 'conf' in ROUTES[id] && ROUTES[id].conf);
    expect(conf.length).toBeGreaterThan(10);
    for (const id of conf)
      expect(checkAccess(subject({}, [...ALL_PERMISSION_CODES]), ROUTES[id])).not.toBeNull();
  });

  it('applies the any-of rules of the spec', () => {
    const sales = ROUTES.sales;
    expect(checkAccess(subject({}, [PERMISSIONS.reportsLocation]), sales)).toBeNull();
    expect(checkAccess(subject({}, [PERMISSIONS.metreSalesReport]), sales)).toBeNull();
    expect(checkAccess(subject({}, [PERMISSIONS.clientes]), sales)).toBe('any');
    expect(checkAccess(subject({}, [PERMISSIONS.reportsLocation]), ROUTES.topUps)).toBe('any');
    expect(checkAccess(subject({}, [PERMISSIONS.edicionDeEventos]), ROUTES.capacities)).toBeNull();
  });
});
