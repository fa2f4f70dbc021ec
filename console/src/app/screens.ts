import { type NavGroup, ROUTES, type RouteId } from '@pulsera/contracts';
import type { ComponentType, LazyExoticComponent } from 'react';
import { can } from '../lib/can';
import { lazyScreen } from '../lib/i18n';
import { onPath, screenPath } from '../lib/screen-paths';
import type { SessionState } from '../lib/session';

/**
 * The console screens that are built, by route id of the permission table. The router, its guards
 * and the navigation are made from this list and the table: a route that is not here does not exist
 * (page not found), never a placeholder.
 */
export const SCREENS: Partial<Record<RouteId, LazyExoticComponent<ComponentType>>> = {
  theEvent: lazyScreen(() => import('../features/events/detail/event-detail-page')),
  onlineServices: lazyScreen(() => import('../features/events/online-services/online-services-page')),
  ads: lazyScreen(() => import('../features/events/ads/ads-page')),
  articles: lazyScreen(() => import('../features/catalogue/articles/articles-page')),
  locarticle: lazyScreen(() => import('../features/catalogue/location-articles/location-articles-page')),
  packs: lazyScreen(() => import('../features/catalogue/packs/packs-page')),
  flag: lazyScreen(() => import('../features/catalogue/flags/flags-page')),
  addon: lazyScreen(() => import('../features/catalogue/addons/addons-page')),
  bonus: lazyScreen(() => import('../features/catalogue/bonuses/bonuses-page')),
  bonType: lazyScreen(() => import('../features/catalogue/bonus-types/bonus-types-page')),
  refunds: lazyScreen(() => import('../features/catalogue/refund-rules/refunds-page')),
  fee: lazyScreen(() => import('../features/catalogue/fees/fees-page')),
  payouts: lazyScreen(() => import('../features/customers/payouts/payouts-page')),
  jobs: lazyScreen(() => import('../features/integrations/jobs/jobs-page')),
  searchTopUp: lazyScreen(() => import('../features/customers/top-up-search/top-up-search-page')),
  staffs: lazyScreen(() => import('../features/venue/staff/staff-page')),
  staffsImport: lazyScreen(() => import('../features/venue/staff/staff-import-page')),
  banRfids: lazyScreen(() => import('../features/customers/banned-wristbands/banned-page')),
  customers: lazyScreen(() => import('../features/customers/customers/customers-page')),
  devices: lazyScreen(() => import('../features/terminals/devices/devices-page')),
  configDevices: lazyScreen(() => import('../features/terminals/registry/registry-page')),
  locations: lazyScreen(() => import('../features/venue/locations/locations-page')),
  kitchens: lazyScreen(() => import('../features/venue/kitchens/kitchens-page')),
  rooms: lazyScreen(() => import('../features/venue/rooms/rooms-page')),
  gates: lazyScreen(() => import('../features/venue/gates/gates-page')),
  zones: lazyScreen(() => import('../features/venue/zones/zones-page')),
  timeRange: lazyScreen(() => import('../features/venue/time-ranges/time-ranges-page')),
  rols: lazyScreen(() => import('../features/catalogue/rols/rols-page')),
  currencies: lazyScreen(() => import('../features/settings/currencies/currencies-page')),
  languages: lazyScreen(() => import('../features/settings/languages/languages-page')),
  promotors: lazyScreen(() => import('../features/settings/promoters/promoters-page')),
  integrators: lazyScreen(() => import('../features/access/integrators/integrators-page')),
  audit: lazyScreen(() => import('../features/access/audit/audit-page')),
  provinces: lazyScreen(() => import('../features/settings/provinces/provinces-page')),
  teams: lazyScreen(() => import('../features/settings/teams/teams-page')),
  users: lazyScreen(() => import('../features/access/users/users-page')),
  roles: lazyScreen(() => import('../features/access/roles/roles-page')),
  addons: lazyScreen(() => import('../features/catalogue/addons/addon-report-page')),
  params: lazyScreen(() => import('../features/events/params/event-params-page')),
  paramsDefault: lazyScreen(() => import('../features/events/params/global-params-page')),
  controlPresence: lazyScreen(() => import('../features/venue/presence/presence-page')),
  topUps: lazyScreen(() => import('../features/reports/top-ups/top-ups-page')),
  topUpsOverview: lazyScreen(() => import('../features/reports/top-ups/top-ups-overview-page')),
  topUpsCashboxes: lazyScreen(() => import('../features/reports/top-ups/top-ups-cashboxes-page')),
  topUpsLocations: lazyScreen(() => import('../features/reports/top-ups/top-ups-locations-page')),
  topUpsOnline: lazyScreen(() => import('../features/reports/top-ups/top-ups-online-page')),
  bonuses: lazyScreen(() => import('../features/reports/bonuses/bonuses-page')),
  wristbands: lazyScreen(() => import('../features/reports/wristbands/wristbands-report-page')),
  sales: lazyScreen(() => import('../features/reports/sales/sales-page')),
  orderErrors: lazyScreen(() => import('../features/reports/sales/order-errors-page')),
  capacities: lazyScreen(() => import('../features/reports/capacity/capacities-page')),
  validations: lazyScreen(() => import('../features/reports/ticketing/validations-page')),
  ticketingTickets: lazyScreen(() => import('../features/reports/ticketing/tickets-page')),
  ticketingComplements: lazyScreen(() => import('../features/reports/ticketing/complements-page')),
  ticketingOnlineRecharges: lazyScreen(() => import('../features/reports/ticketing/online-recharges-page')),
  ticketingTime: lazyScreen(() => import('../features/reports/ticketing/time-page')),
  ticketingSearch: lazyScreen(() => import('../features/reports/ticketing/search-page')),
  ticketingManualRoles: lazyScreen(() => import('../features/reports/ticketing/manual-roles-page')),
  quickdashboard: lazyScreen(() => import('../features/reports/dashboard/quick-dashboard-page')),
  documents: lazyScreen(() => import('../features/reports/documents/documents-page')),
  rfids: lazyScreen(() => import('../features/terminals/wristband-stock/wristband-stock-page')),
  uploadVersions: lazyScreen(() => import('../features/terminals/app-versions/app-versions-page')),
  paymentMethod: lazyScreen(() => import('../features/terminals/payment-methods/payment-methods-page')),
  apiSalesSchedules: lazyScreen(() => import('../features/integrations/sales-api/schedules-page')),
  apiSalesLocations: lazyScreen(() => import('../features/integrations/sales-api/locations-page')),
  apiTicketSchedules: lazyScreen(() => import('../features/integrations/ticket-api/schedules-page')),
  apiTicketIssues: lazyScreen(() => import('../features/integrations/ticket-api/issues-page')),
  apiTicketConverter: lazyScreen(() => import('../features/integrations/ticket-api/converter-page')),
  apiTicketReseller: lazyScreen(() => import('../features/integrations/ticket-api/reseller-page')),
  apiTicketManual: lazyScreen(() => import('../features/integrations/ticket-api/manual-page')),
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
