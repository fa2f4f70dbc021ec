import { canAccess, hasPermission, type PermissionName, ROUTES, type RouteId } from '@pulsera/contracts';
import { type SessionState, subjectOf, useSession } from './session';

/** Whether the signed-in user may open a console route (the same table as the server's guard). */
export const can = (s: SessionState, id: RouteId) => {
  const rule = ROUTES[id];
  if (!s.user) return false;
  if (rule.event && !s.event) return false;
  return canAccess(subjectOf(s), rule);
};

export const useCan = (id: RouteId) => can(useSession(), id);
export const useHasPermission = (name: PermissionName) => hasPermission(subjectOf(useSession()), name);
