/**
 * The one permission table (01-console §2, §6). The server's guard, the web router's guards and the
 * navigation all read it. A console route is named by its path under /admin.
 */

export const PERMISSIONS = {
  edicionDeEventos: 1,
  reportsOnlineTopUps: 2,
  locations: 3,
  staff: 4,
  publicidadKiosco: 5,
  dispositivos: 6,
  articulos: 7,
  menuUbicaciones: 8,
  pack: 9,
  bonficiacionesAutomaticas: 10,
  bonificacionesManuales: 11,
  gastosDeGestion: 12,
  devoluciones: 13,
  roles: 14,
  zonas: 15,
  puertas: 16,
  accesos: 17,
  clientes: 18,
  capacity: 19,
  workday: 20,
  cajas: 21,
  dispositivos_generales: 22,
  quickdashboard: 23,
  infoventas: 24,
  api: 25,
  tickets: 26,
  control_presence: 27,
  reportsStaff: 28,
  reportsLocation: 29,
  reportsArticle: 30,
  reportsBonus: 31,
  reportsRecharges: 32,
  flag: 33,
  timeRange: 34,
  addon: 35,
  refundsEdit: 36,
  reportsTopUpsLocation: 37,
  wristbandsPerDay: 38,
  downloadBilling: 39,
  generateQr: 40,
  reportAddons: 41,
  reportsManualBonuses: 42,
  reportsManualRoles: 43,
  onlineTopUpsReport: 44,
  metreSalesReport: 45,
} as const;

export type PermissionName = keyof typeof PERMISSIONS;
export type PermissionCode = (typeof PERMISSIONS)[PermissionName];
export const ALL_PERMISSION_CODES: PermissionCode[] = Object.values(PERMISSIONS);
export const permissionName = (code: number): PermissionName | undefined =>
  (Object.keys(PERMISSIONS) as PermissionName[]).find((k) => PERMISSIONS[k] === code);

/** Staff trust letters (terminal staff of an event; 01-console §6, 02-catalogue §3). */
export const TRUST_LETTERS = {
  C: 'cashier',
  S: 'supervisor',
  T: 'technician',
  V: 'waiter',
  R: 'ticketing',
  A: 'administrator',
  G: 'eventManagement',
  P: 'presenceControl',
  X: 'accessControl',
  H: 'bartendingManager',
  B: 'bonus',
  M: 'metre',
  K: 'kitchenMonitor',
  O: 'kiosk',
  D: 'accessTotem',
} as const;
export type TrustLetter = keyof typeof TRUST_LETTERS;

export type Role = 'admin' | 'superAdmin' | 'megaAdmin' | 'usersAdmin';

/** The staff flags of a console user (01-console §3). */
export interface StaffFlags {
  isAdmin: boolean;
  isSuperAdmin: boolean;
  isMegaAdmin: boolean;
  isUsersAdmin: boolean;
}

/** 01-console §6: admin (isAdmin); superAdmin (isSuperAdmin or megaAdmin); megaAdmin; users-admin
 * (admin with isUsersAdmin, or superAdmin or megaAdmin). A super or mega admin is also an admin
 * (docs/decisions/access.md). */
export function hasRole(flags: StaffFlags, role: Role): boolean {
  const mega = flags.isMegaAdmin;
  const superA = flags.isSuperAdmin || mega;
  const admin = flags.isAdmin || superA;
  switch (role) {
    case 'megaAdmin':
      return mega;
    case 'superAdmin':
      return superA;
    case 'admin':
      return admin;
    case 'usersAdmin':
      return (flags.isAdmin && flags.isUsersAdmin) || superA;
  }
}

export const isAdminUser = (flags: StaffFlags) => hasRole(flags, 'admin');

export type NavGroup =
  | 'events'
  | 'cashless'
  | 'access'
  | 'reports'
  | 'status'
  | 'apiTicket'
  | 'apiSales'
  | 'configuration';

export interface RouteRule {
  /** Path under /admin, e.g. 'events/locations'. */
  path: string;
  /** Navigation group; null for routes not listed in the navigation (chooser, tabs). */
  group: NavGroup | null;
  /** Role needed (admins then skip trusts; non-admins are refused). */
  role?: Role;
  /** Every one of these permissions is needed (non-admins, through event trusts). */
  must?: PermissionName[];
  /** At least one of these permissions is needed. */
  any?: PermissionName[];
  /** Configuration-level route: non-admins are denied whatever their trusts. */
  conf?: boolean;
  /** The route works inside the selected event (needs header tokenevent on the API). */
  event: boolean;
}

const r = (path: string, group: NavGroup | null, rest: Omit<RouteRule, 'path' | 'group'>): RouteRule => ({
  path,
  group,
  ...rest,
});

/** Every console route and its rule. Keys are stable ids used by the server's guard. */
export const ROUTES = {
  chooseEvent: r('choose-event', null, { event: false }),

  // admin/events
  theEvent: r('events/theevent', 'events', { role: 'admin', must: ['generateQr'], event: true }),
  onlineServices: r('events/onlineServices', 'events', { must: ['edicionDeEventos'], event: true }),
  locations: r('events/locations', 'events', { must: ['locations'], event: true }),
  kitchens: r('events/kitchens', 'events', { must: ['locations'], event: true }),
  rooms: r('events/rooms', 'events', { must: ['locations'], event: true }),
  staffs: r('events/staffs', 'events', { must: ['staff'], event: true }),
  flag: r('events/flag', 'events', { must: ['flag'], event: true }),
  addon: r('events/addon', 'events', { must: ['addon'], event: true }),
  staffsImport: r('events/staffsImport', 'events', { must: ['staff'], event: true }),
  ads: r('events/ads', 'events', { must: ['publicidadKiosco'], event: true }),
  params: r('events/params', 'events', { must: ['edicionDeEventos'], event: true }),
  banRfids: r('events/ban-rfids', 'events', { role: 'superAdmin', event: false }),

  // admin/cashless
  articles: r('cashless/articles', 'cashless', { must: ['articulos'], event: true }),
  locarticle: r('cashless/locarticle', 'cashless', { must: ['menuUbicaciones'], event: true }),
  packs: r('cashless/packs', 'cashless', { must: ['pack'], event: true }),
  bonus: r('cashless/bonus', 'cashless', { must: ['bonficiacionesAutomaticas'], event: true }),
  bonType: r('cashless/bonType', 'cashless', { must: ['bonificacionesManuales'], event: true }),
  refunds: r('cashless/refunds', 'cashless', { must: ['devoluciones'], event: true }),
  fee: r('cashless/fee', 'cashless', { must: ['gastosDeGestion'], event: true }),
  // Refund payouts (issue 15): SEPA runs of the customers' bank refunds; they change refunds' state.
  payouts: r('cashless/payouts', 'cashless', { must: ['devoluciones', 'refundsEdit'], event: true }),

  // admin/access
  rols: r('access/rols', 'access', { must: ['roles'], event: true }),
  gates: r('access/gates', 'access', { must: ['puertas'], event: true }),
  zones: r('access/zones', 'access', { must: ['zonas'], event: true }),
  timeRange: r('access/timeRange', 'access', { must: ['timeRange'], event: true }),

  // admin/reports
  quickdashboard: r('reports/quickdashboard', 'reports', { must: ['quickdashboard'], event: true }),
  capacities: r('reports/capacities', 'reports', { any: ['capacity', 'edicionDeEventos'], event: true }),
  controlPresence: r('reports/control-presence', 'reports', { must: ['control_presence'], event: true }),
  bonuses: r('reports/bonuses', 'reports', { must: ['reportsManualBonuses'], event: true }),
  topUps: r('reports/top-ups', 'reports', {
    any: ['reportsRecharges', 'cajas', 'reportsTopUpsLocation', 'onlineTopUpsReport'],
    event: true,
  }),
  topUpsOverview: r('reports/top-ups/overview', null, { must: ['reportsRecharges'], event: true }),
  topUpsCashboxes: r('reports/top-ups/cashboxes', null, { must: ['cajas'], event: true }),
  topUpsLocations: r('reports/top-ups/locations', null, { must: ['reportsTopUpsLocation'], event: true }),
  topUpsOnline: r('reports/top-ups/online', null, { must: ['onlineTopUpsReport'], event: true }),
  sales: r('reports/sales', 'reports', {
    any: ['infoventas', 'reportsLocation', 'reportsArticle', 'reportsStaff', 'workday', 'metreSalesReport'],
    event: true,
  }),
  documents: r('reports/documents', 'reports', {
    any: ['downloadBilling', 'tickets', 'reportsStaff', 'reportsLocation'],
    event: true,
  }),
  orderErrors: r('reports/order-errors', 'reports', { any: ['infoventas', 'metreSalesReport'], event: true }),
  wristbands: r('reports/wristbands', 'reports', { must: ['wristbandsPerDay'], event: true }),
  addons: r('reports/addons', 'reports', { must: ['reportAddons'], event: true }),
  validations: r('reports/validations', 'reports', { any: ['tickets', 'reportsManualRoles'], event: true }),
  ticketingTickets: r('reports/validations/tickets', null, { must: ['tickets'], event: true }),
  ticketingComplements: r('reports/validations/complements', null, { must: ['tickets'], event: true }),
  ticketingOnlineRecharges: r('reports/validations/online-recharges', null, {
    must: ['tickets'],
    event: true,
  }),
  ticketingTime: r('reports/validations/time', null, { must: ['tickets'], event: true }),
  ticketingSearch: r('reports/validations/search', null, { must: ['tickets'], event: true }),
  ticketingManualRoles: r('reports/validations/manual-roles', null, {
    must: ['reportsManualRoles'],
    event: true,
  }),

  // admin/status
  devices: r('status/devices', 'status', { must: ['dispositivos_generales'], event: true }),
  customers: r('status/customers', 'status', { must: ['clientes'], event: true }),

  // admin/api-ticket and admin/api-sales
  apiTicketSchedules: r('api-ticket/schedules', 'apiTicket', { must: ['api'], event: true }),
  apiTicketIssues: r('api-ticket/issues', 'apiTicket', { must: ['api'], event: true }),
  apiTicketConverter: r('api-ticket/converter', 'apiTicket', { any: ['api'], event: true }),
  apiTicketReseller: r('api-ticket/reseller', 'apiTicket', { must: ['api'], event: true }),
  apiTicketManual: r('api-ticket/manual', 'apiTicket', { must: ['api'], event: true }),
  apiSalesSchedules: r('api-sales/schedules', 'apiSales', { must: ['api'], event: true }),
  apiSalesLocations: r('api-sales/locations', 'apiSales', { must: ['api'], event: true }),

  // admin/configuration: a configuration-level area (admins only)
  provinces: r('configuration/provinces', 'configuration', { role: 'admin', conf: true, event: false }),
  currencies: r('configuration/currencies', 'configuration', { role: 'admin', conf: true, event: false }),
  languages: r('configuration/languages', 'configuration', { role: 'admin', conf: true, event: false }),
  paymentMethod: r('configuration/paymentMethod', 'configuration', {
    role: 'superAdmin',
    conf: true,
    event: false,
  }),
  configDevices: r('configuration/devices', 'configuration', { role: 'admin', conf: true, event: false }),
  users: r('configuration/users', 'configuration', { role: 'usersAdmin', conf: true, event: false }),
  searchTopUp: r('configuration/search-top-up', 'configuration', { role: 'admin', conf: true, event: false }),
  integrators: r('configuration/integrators', 'configuration', { role: 'admin', conf: true, event: false }),
  // The audit trail (issue 13): admins see every row; edicionDeEventos, the selected event's rows.
  audit: r('configuration/audit', 'configuration', { must: ['edicionDeEventos'], event: true }),
  promotors: r('configuration/promotors', 'configuration', { role: 'admin', conf: true, event: false }),
  paramsDefault: r('configuration/params-default', 'configuration', {
    role: 'superAdmin',
    conf: true,
    event: false,
  }),
  rfids: r('configuration/rfids', 'configuration', { role: 'admin', conf: true, event: false }),
  uploadVersions: r('configuration/upload-versions', 'configuration', {
    role: 'admin',
    conf: true,
    event: false,
  }),
  teams: r('configuration/teams', 'configuration', { role: 'superAdmin', conf: true, event: false }),
  roles: r('configuration/roles', 'configuration', { role: 'superAdmin', conf: true, event: false }),
  jobs: r('configuration/jobs', 'configuration', { role: 'superAdmin', conf: true, event: false }),
} as const satisfies Record<string, RouteRule>;

export type RouteId = keyof typeof ROUTES;
export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

/** What a guard knows about the caller. `permissions` are the caller's permission codes in the
 * selected event (from the event trusts); null when no trusts were obtained. */
export interface AccessSubject extends StaffFlags {
  permissions: readonly number[] | null;
}

export type Denial = 'role' | 'conf' | 'noTrusts' | 'must' | 'any';

/** 01-console §6. Returns null when allowed, else the reason for the refusal. */
export function checkAccess(subject: AccessSubject, rule: RouteRule): Denial | null {
  if (rule.role && !hasRole(subject, rule.role)) return 'role';
  // Product staff (admins) have every permission and skip the trust check.
  if (isAdminUser(subject)) return null;
  if (rule.conf) return 'conf';
  if (!rule.must?.length && !rule.any?.length) return null;
  const perms = subject.permissions;
  if (!perms || perms.length === 0) return 'noTrusts';
  if (rule.must?.some((p) => !perms.includes(PERMISSIONS[p]))) return 'must';
  if (rule.any?.length && !rule.any.some((p) => perms.includes(PERMISSIONS[p]))) return 'any';
  return null;
}

export const canAccess = (subject: AccessSubject, rule: RouteRule) => checkAccess(subject, rule) === null;

/** A permission check for a single code (tabs and buttons inside a screen, e.g. refundsEdit). */
export function hasPermission(subject: AccessSubject, name: PermissionName): boolean {
  if (isAdminUser(subject)) return true;
  return !!subject.permissions?.includes(PERMISSIONS[name]);
}
