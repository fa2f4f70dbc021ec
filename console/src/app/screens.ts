import { type NavGroup, ROUTES, type RouteId } from '@pulsera/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { can } from '../lib/can';
import { onPath, screenPath } from '../lib/screen-paths';
import type { SessionState } from '../lib/session';

/**
 * The console screens that are built, by route id of the permission table. The router, its guards
 * and the navigation are made from this list and the table: a route that is not here does not exist
 * (page not found), never a placeholder.
 */
export const SCREENS: Partial<Record<RouteId, LazyExoticComponent<ComponentType>>> = {
  theEvent: lazy(() => import('../features/events/detail/event-detail-page')),
  onlineServices: lazy(() => import('../features/events/online-services/online-services-page')),
  ads: lazy(() => import('../features/events/ads/ads-page')),
  articles: lazy(() => import('../features/catalogue/articles/articles-page')),
  locarticle: lazy(() => import('../features/catalogue/location-articles/location-articles-page')),
  packs: lazy(() => import('../features/catalogue/packs/packs-page')),
  flag: lazy(() => import('../features/catalogue/flags/flags-page')),
  addon: lazy(() => import('../features/catalogue/addons/addons-page')),
  bonus: lazy(() => import('../features/catalogue/bonuses/bonuses-page')),
  bonType: lazy(() => import('../features/catalogue/bonus-types/bonus-types-page')),
  refunds: lazy(() => import('../features/catalogue/refund-rules/refunds-page')),
  fee: lazy(() => import('../features/catalogue/fees/fees-page')),
  payouts: lazy(() => import('../features/customers/payouts/payouts-page')),
  jobs: lazy(() => import('../features/integrations/jobs/jobs-page')),
  searchTopUp: lazy(() => import('../features/customers/top-up-search/top-up-search-page')),
  staffs: lazy(() => import('../features/venue/staff/staff-page')),
  staffsImport: lazy(() => import('../features/venue/staff/staff-import-page')),
  banRfids: lazy(() => import('../features/customers/banned-wristbands/banned-page')),
  customers: lazy(() => import('../features/customers/customers/customers-page')),
  devices: lazy(() => import('../features/terminals/devices/devices-page')),
  configDevices: lazy(() => import('../features/terminals/registry/registry-page')),
  locations: lazy(() => import('../features/venue/locations/locations-page')),
  kitchens: lazy(() => import('../features/venue/kitchens/kitchens-page')),
  rooms: lazy(() => import('../features/venue/rooms/rooms-page')),
  gates: lazy(() => import('../features/venue/gates/gates-page')),
  zones: lazy(() => import('../features/venue/zones/zones-page')),
  timeRange: lazy(() => import('../features/venue/time-ranges/time-ranges-page')),
  rols: lazy(() => import('../features/catalogue/rols/rols-page')),
  currencies: lazy(() => import('../features/settings/currencies/currencies-page')),
  languages: lazy(() => import('../features/settings/languages/languages-page')),
  promotors: lazy(() => import('../features/settings/promoters/promoters-page')),
  integrators: lazy(() => import('../features/access/integrators/integrators-page')),
  audit: lazy(() => import('../features/access/audit/audit-page')),
  provinces: lazy(() => import('../features/settings/provinces/provinces-page')),
  teams: lazy(() => import('../features/settings/teams/teams-page')),
  users: lazy(() => import('../features/access/users/users-page')),
  roles: lazy(() => import('../features/access/roles/roles-page')),
  addons: lazy(() => import('../features/catalogue/addons/addon-report-page')),
  params: lazy(() => import('../features/events/params/event-params-page')),
  paramsDefault: lazy(() => import('../features/events/params/global-params-page')),
  controlPresence: lazy(() => import('../features/venue/presence/presence-page')),
  topUps: lazy(() => import('../features/reports/top-ups/top-ups-page')),
  topUpsOverview: lazy(() => import('../features/reports/top-ups/top-ups-overview-page')),
  topUpsCashboxes: lazy(() => import('../features/reports/top-ups/top-ups-cashboxes-page')),
  topUpsLocations: lazy(() => import('../features/reports/top-ups/top-ups-locations-page')),
  topUpsOnline: lazy(() => import('../features/reports/top-ups/top-ups-online-page')),
  bonuses: lazy(() => import('../features/reports/bonuses/bonuses-page')),
  wristbands: lazy(() => import('../features/reports/wristbands/wristbands-report-page')),
  sales: lazy(() => import('../features/reports/sales/sales-page')),
  orderErrors: lazy(() => import('../features/reports/sales/order-errors-page')),
  capacities: lazy(() => import('../features/reports/capacity/capacities-page')),
  validations: lazy(() => import('../features/reports/ticketing/validations-page')),
  ticketingTickets: lazy(() => import('../features/reports/ticketing/tickets-page')),
  ticketingComplements: lazy(() => import('../features/reports/ticketing/complements-page')),
  ticketingOnlineRecharges: lazy(() => import('../features/reports/ticketing/online-recharges-page')),
  ticketingTime: lazy(() => import('../features/reports/ticketing/time-page')),
  ticketingSearch: lazy(() => import('../features/reports/ticketing/search-page')),
  ticketingManualRoles: lazy(() => import('../features/reports/ticketing/manual-roles-page')),
  quickdashboard: lazy(() => import('../features/reports/dashboard/quick-dashboard-page')),
  documents: lazy(() => import('../features/reports/documents/documents-page')),
  rfids: lazy(() => import('../features/terminals/wristband-stock/wristband-stock-page')),
  uploadVersions: lazy(() => import('../features/terminals/app-versions/app-versions-page')),
  paymentMethod: lazy(() => import('../features/terminals/payment-methods/payment-methods-page')),
  apiSalesSchedules: lazy(() => import('../features/integrations/sales-api/schedules-page')),
  apiSalesLocations: lazy(() => import('../features/integrations/sales-api/locations-page')),
  apiTicketSchedules: lazy(() => import('../features/integrations/ticket-api/schedules-page')),
  apiTicketIssues: lazy(() => import('../features/integrations/ticket-api/issues-page')),
  apiTicketConverter: lazy(() => import('../features/integrations/ticket-api/converter-page')),
  apiTicketReseller: lazy(() => import('../features/integrations/ticket-api/reseller-page')),
  apiTicketManual: lazy(() => import('../features/integrations/ticket-api/manual-page')),
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

/** The built screens this user may open, grouped for the navigation. */
export function navigation(s: SessionState) {
  return NAV_GROUPS.map((group) => ({
    group,
    items: (Object.keys(SCREENS) as RouteId[]).filter((id) => ROUTES[id].group === group && can(s, id)),
  })).filter((g) => g.items.length > 0);
}

/**
 * The one screen the navigation marks current for `pathname`: the built screen whose path is the
 * longest that `pathname` is on (`/admin/events/staffsImport` is Staff import, not Staff).
 */
export function currentScreen(pathname: string): RouteId | null {
  let best: RouteId | null = null;
  for (const id of Object.keys(SCREENS) as RouteId[]) {
    if (onPath(pathname, screenPath(id)) && (!best || screenPath(id).length > screenPath(best).length))
      best = id;
  }
  return best;
}
