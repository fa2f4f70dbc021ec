import { ROUTES, type RouteId } from '@pulsera/contracts';
import { can } from './can';
import type { SessionState } from './session';

/** Where each console screen lives, the route tree's shells and tabs (the lazy screens: app/screens.ts). */
export const screenPath = (id: RouteId) => `/admin/${ROUTES[id].path}`;

/** Is `pathname` the screen at `path` or one of its sub-paths (a whole segment, never a prefix)? */
export const onPath = (pathname: string, path: string) =>
  pathname === path || pathname.startsWith(`${path}/`);

/** Where selecting an event leads: the event view when allowed, else the overview. */
export function firstScreenPath(s: SessionState) {
  if (can(s, 'theEvent')) return screenPath('theEvent');
  return '/admin';
}

/**
 * The tab shells (02-catalogue §2: the recharge reports and the ticketing tabs): each tab is a route
 * of its own; the shell's title (per tab when the tabs have titles of their own) is known here, so
 * while a tab's screen loads the console keeps the title and the tabs on screen with a loader.
 */
export interface TabShell {
  tabs: readonly RouteId[];
  /** The locale key of the title shown on a tab. */
  title: (id: RouteId) => string;
}
const TICKETING_TITLES: Partial<Record<RouteId, string>> = {
  ticketingTickets: 'tickets',
  ticketingComplements: 'complements',
  ticketingOnlineRecharges: 'preRecharges',
  ticketingTime: 'time',
  ticketingSearch: 'search',
  ticketingManualRoles: 'manualRoles',
};
export const TAB_SHELLS = {
  topUps: {
    tabs: ['topUpsOverview', 'topUpsCashboxes', 'topUpsLocations', 'topUpsOnline'],
    title: () => 'reports.topUps.title',
  },
  ticketing: {
    tabs: Object.keys(TICKETING_TITLES) as RouteId[],
    title: (id) => `reports.ticketing.${TICKETING_TITLES[id]}.title`,
  },
} satisfies Record<string, TabShell>;

/** The shell and tab that `pathname` is on, if any. */
export function tabShellOf(pathname: string): { shell: TabShell; tab: RouteId } | null {
  for (const shell of Object.values(TAB_SHELLS) as TabShell[]) {
    const tab = shell.tabs.find((id) => onPath(pathname, screenPath(id)));
    if (tab) return { shell, tab };
  }
  return null;
}

/**
 * Screens whose tabs are child addresses (01-console §2 "Capacities has tabs zones-access, real-time
 * and config. Bonuses has a manual tab. Wristbands has a per-day tab"): the router makes a route of
 * each, guarded by the screen's rule; `usePathTab` (components/reports/path-tabs.ts) reads it.
 */
export const PATH_TABS = {
  capacities: { zones: 'zones-access', realtime: 'real-time', config: 'config' },
  bonuses: { automatic: 'automatic', manual: 'manual' },
  wristbands: { overview: 'overview', perDay: 'per-day' },
} as const satisfies Partial<Record<RouteId, Record<string, string>>>;
