import { type NavGroup, ROUTES, type RouteId } from '@pulsera/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { can } from '../lib/can';
import type { SessionState } from '../lib/session';

/**
 * The console screens that are built, by route id of the permission table. The router, its guards
 * and the navigation are made from this list and the table: a route that is not here does not exist
 * (page not found), never a placeholder.
 */
export const SCREENS: Partial<Record<RouteId, LazyExoticComponent<ComponentType>>> = {
  banRfids: lazy(() => import('../features/wristbands/banned-page')),
  currencies: lazy(() => import('../features/globals/currencies-page')),
  languages: lazy(() => import('../features/globals/languages-page')),
  promotors: lazy(() => import('../features/globals/promoters-page')),
  provinces: lazy(() => import('../features/globals/provinces-page')),
  teams: lazy(() => import('../features/globals/teams-page')),
};

export const NAV_GROUPS: NavGroup[] = [
  'events',
  'cashless',
  'access',
  'reports',
  'status',
  'apiTicket',
  'apiSales',
  'configuration',
];

export const screenPath = (id: RouteId) => `/admin/${ROUTES[id].path}`;

/** The built screens this user may open, grouped for the navigation. */
export function navigation(s: SessionState) {
  return NAV_GROUPS.map((group) => ({
    group,
    items: (Object.keys(SCREENS) as RouteId[]).filter((id) => ROUTES[id].group === group && can(s, id)),
  })).filter((g) => g.items.length > 0);
}

/** Where selecting an event leads: the event view when built and allowed, else the overview. */
export function firstScreenPath(s: SessionState) {
  if (SCREENS.theEvent && can(s, 'theEvent')) return screenPath('theEvent');
  return '/admin';
}
