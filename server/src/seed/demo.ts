import { PERMISSIONS, type PermissionName } from '@pulsera/contracts';
import { count, eq } from 'drizzle-orm';
import type { Config } from '../core/config';
import type { Db } from '../core/db/client';
import {
  applications,
  appParams,
  articles,
  currencies,
  eventParams,
  events,
  eventTeams,
  languages,
  permissionRoles,
  promoters,
  provinces,
  teams,
  userEventPermissions,
  userEventRoles,
  users,
} from '../core/db/schema';
import { hashPassword } from '../core/lib/passwords';
import { randomToken } from '../core/lib/tokens';
import { seedDemoCatalogue, seedDemoMenusAndPacks, seedDemoTopUpRules } from '../modules/catalogue';
import { seedOnlineServices, seedPortalDemo } from '../modules/customers';
import { seedDemoAds } from '../modules/events';
import { seedDemoAccessAndTickets, seedDemoSalesVenue } from '../modules/reports';
import { seedDemoIdleStaff, seedDemoStaff } from '../modules/venue';
import { simulateDemo } from './simulator';

export const DEMO_PASSWORD = 'Festival-2026!';
export const DEMO_OTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** The permissions of ops@demo.test in the active demo event (some granted, some not). */
export const OPS_PERMISSIONS: PermissionName[] = [
  'locations',
  'articulos',
  'menuUbicaciones',
  'clientes',
  'staff',
  'zonas',
  'timeRange',
  'quickdashboard',
  'infoventas',
  'reportsLocation',
];

/** The demo's permission roles (admin/configuration/roles). */
export const DEMO_PERMISSION_ROLES: Record<string, PermissionName[]> = {
  'Bar manager': [
    'locations',
    'articulos',
    'menuUbicaciones',
    'infoventas',
    'reportsLocation',
    'quickdashboard',
  ],
  'Box office': ['clientes', 'tickets', 'accesos', 'reportsRecharges', 'cajas', 'capacity'],
  'Promoter, read only': ['quickdashboard', 'infoventas', 'reportsLocation', 'capacity', 'wristbandsPerDay'],
};

export const DEMO_ACCOUNTS = [
  {
    email: 'mega@demo.test',
    name: 'Marta Mega',
    flags: { isMegaAdmin: true, isSuperAdmin: true, isAdmin: true },
  },
  { email: 'super@demo.test', name: 'Sergio Super', flags: { isSuperAdmin: true, isAdmin: true } },
  { email: 'admin@demo.test', name: 'Ana Admin', flags: { isAdmin: true } },
  { email: 'users@demo.test', name: 'Ulises Users', flags: { isAdmin: true, isUsersAdmin: true } },
  { email: 'ops@demo.test', name: 'Olga Operations', flags: {} },
  { email: 'otp@demo.test', name: 'Oscar OneTime', flags: { isAdmin: true }, otp: true },
] as const;

export async function seedIfEmpty(db: Db, config: Pick<Config, 'seed'>): Promise<boolean> {
  if (config.seed === 'none') return false;
  // Empty means no events yet: an administrator made with create-admin beforehand does not stop it.
  const [{ n }] = await db.select({ n: count() }).from(events);
  if (Number(n) > 0) return false;
  await seedDemo(db);
  // A small festival through the terminal feed, so customers, extracts and reports show data.
  const [active] = await db.select({ id: events.id }).from(events).where(eq(events.name, ACTIVE_DEMO_EVENT));
  if (active) await seedDemoFestival(db, active.id);
  return true;
}

/**
 * The active demo event's catalogue and its simulated days. What the simulation's terminals name
 * (staff, locations, gates, zones, ticket roles, flags, articles, add-ons, kitchens and rooms) is
 * made first, and the simulator is given those ids, so every id in the feed names a row of the event;
 * it sells what the locations' menus show.
 */
export async function seedDemoFestival(db: Db, eventId: number) {
  await seedDemoVenue(db, eventId);
  await simulateDemo(db, eventId);
  await seedDemoIdleStaff(db, eventId);
  await seedOnlineServices(db, eventId);
  await seedPortalDemo(db, eventId);
}

/** What the demo's terminals name, made before they work (the benchmark's event has it too). */
export async function seedDemoVenue(db: Db, eventId: number) {
  // Add-ons and terminal staff first, so the simulation's add-on operations name them.
  await seedDemoCatalogue(db, eventId);
  // Staff who work the terminals and check in and out (presence control), then some not yet working.
  await seedDemoStaff(db, eventId);
  // Named bars, a food court with kitchens and rooms, metres, top-up kiosks and the info desk.
  await seedDemoSalesVenue(db, eventId);
  // Zones, ticket roles, a flag and the gates into the zones (capacities report, customer lookup),
  // and tickets sold online not yet validated.
  await seedDemoAccessAndTickets(db, eventId);
  // The sale locations' menus (the simulated terminals sell what they show, with their sticks) and
  // packs, the top-up rules the terminals apply (bonus types, bonuses, a fee, a refund rule) and a
  // kiosk ad.
  await seedDemoMenusAndPacks(db, eventId);
  await seedDemoTopUpRules(db, eventId);
  await seedDemoAds(db, eventId);
}

export const ACTIVE_DEMO_EVENT = 'Sonora Festival 2026';

const DAY = 86_400_000;
const at = (base: Date, days: number, hour = 0) => {
  const d = new Date(base);
  d.setUTCHours(hour, 0, 0, 0);
  return new Date(d.getTime() + days * DAY);
};

/**
 * The demo festival: events that are past, active and pending (dates relative to today), a closed
 * one, promoters, currencies (EUR financial and a token currency with a rate), teams, and the demo
 * accounts of the README. All in one transaction.
 */
export async function seedDemo(db: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [eur, , , tokensCur] = await tx
      .insert(currencies)
      .values([
        { name: 'Euro', iso: 'EUR', symbol: '€', fraction: 0.01, isFinancial: true },
        { name: 'US dollar', iso: 'USD', symbol: '$', fraction: 0.01, isFinancial: true },
        { name: 'Pound sterling', iso: 'GBP', symbol: '£', fraction: 0.01, isFinancial: true },
        { name: 'Sonora token', iso: 'SNT', symbol: 'T', fraction: 0.5, isFinancial: false },
      ])
      .returning();
    const [sonora, marAzul] = await tx
      .insert(promoters)
      .values([
        { name: 'Sonora Live', externalAnalytics: true },
        { name: 'Mar Azul Producciones', externalAnalytics: false },
      ])
      .returning();
    const [opsTeam, financeTeam] = await tx
      .insert(teams)
      .values([{ name: 'Operations' }, { name: 'Finance' }])
      .returning();
    const [valencia] = await tx
      .insert(provinces)
      .values([
        { name: 'Valencia', country: 'Spain' },
        { name: 'Barcelona', country: 'Spain' },
        { name: 'Lisboa', country: 'Portugal' },
      ])
      .returning();
    await tx.insert(languages).values([
      { iso: 'en', name: 'English' },
      { iso: 'es', name: 'Español' },
      { iso: 'it', name: 'Italiano' },
      { iso: 'fr', name: 'Français' },
    ]);
    const [consoleApp, terminals] = await tx
      .insert(applications)
      .values([
        { name: 'Console' },
        { name: 'Android terminals' },
        { name: 'Kiosks' },
        { name: 'Online services' },
      ])
      .returning();
    const [paymentParam] = await tx
      .insert(appParams)
      .values([
        {
          nameUnique: 'ALLOWED_PAYMENT_METHODS',
          name: 'Allowed payment methods',
          description:
            'Payment method letters a terminal offers: C cash, T external TPV, L cashless, P pin pad, I integrated TPV',
          defaultValue: 'CTL',
          idApp: terminals!.id,
          module: 'payments',
        },
        {
          nameUnique: 'MAX_OFFLINE_MINUTES',
          name: 'Maximum offline minutes',
          description: 'Minutes a terminal may work without reaching the server',
          defaultValue: '30',
          idApp: terminals!.id,
          module: 'sync',
        },
        {
          nameUnique: 'CONSOLE_REPORT_REFRESH_SECONDS',
          name: 'Dashboard refresh',
          description: 'Seconds between refreshes of the live dashboard',
          defaultValue: '60',
          idApp: consoleApp!.id,
          module: null,
        },
      ])
      .returning();

    const now = new Date();
    const base = {
      currencyId: eur!.id,
      timezone: 'Europe/Madrid',
      businessTypeId: 'FE',
      language: 'es',
      provinceId: valencia!.id,
    };
    const [active, pending, past, pastOld, closed] = await tx
      .insert(events)
      .values([
        {
          ...base,
          token: randomToken(),
          name: 'Sonora Festival 2026',
          dateStart: at(now, -1, 14),
          dateEnd: at(now, 3, 4),
          operationsStart: at(now, -2, 8),
          operationsEnd: at(now, 10, 0),
          promoterId: sonora!.id,
          localCurrencyId: tokensCur!.id,
          localCurrencyRate: 2,
          offsetHours: 6,
          slug: 'sonora-2026',
          subdomain: 'sonora',
          vat: 21,
          eventVat: 10,
          fiscalName: 'Sonora Live S.L.',
          nif: 'B12345678',
          teamId: opsTeam!.id,
          messageOriginator: 'SONORA',
        },
        {
          ...base,
          token: randomToken(),
          name: 'Sonora Festival 2027',
          dateStart: at(now, 240, 14),
          dateEnd: at(now, 243, 4),
          promoterId: sonora!.id,
          localCurrencyId: eur!.id,
          localCurrencyRate: 1,
          slug: 'sonora-2027',
        },
        {
          ...base,
          token: randomToken(),
          name: 'Mar Azul Beach 2026',
          dateStart: at(now, -120, 16),
          dateEnd: at(now, -117, 5),
          promoterId: marAzul!.id,
          localCurrencyId: eur!.id,
          localCurrencyRate: 1,
          isActive: 0,
        },
        {
          ...base,
          token: randomToken(),
          name: 'Sonora Winter 2025',
          dateStart: at(now, -330, 18),
          dateEnd: at(now, -328, 5),
          promoterId: sonora!.id,
          localCurrencyId: eur!.id,
          localCurrencyRate: 1,
        },
        {
          ...base,
          token: randomToken(),
          name: 'Cancelled Gala 2026',
          dateStart: at(now, -20, 19),
          dateEnd: at(now, -20, 23),
          promoterId: marAzul!.id,
          localCurrencyId: eur!.id,
          localCurrencyRate: 1,
          isClosed: 1,
          isActive: 0,
        },
      ])
      .returning();
    void pending;
    void past;
    void pastOld;
    void closed;
    await tx.insert(eventTeams).values([
      { eventId: active!.id, teamId: opsTeam!.id },
      { eventId: active!.id, teamId: financeTeam!.id },
    ]);
    await tx.insert(eventParams).values({ eventId: active!.id, paramId: paymentParam!.id, value: 'CTLP' });
    await tx.insert(articles).values(
      [
        ['Beer 50cl', 600],
        ['Water 50cl', 250],
        ['Gin tonic', 1000],
        ['Soft drink', 350],
        ['Burger', 1100],
        ['Reusable cup', 200],
      ].map(([name, basePrice]) => ({
        eventId: active!.id,
        name: String(name),
        basePrice: Number(basePrice),
      })),
    );

    const inserted = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          email: a.email,
          name: a.name,
          passwordHash,
          neverChangedPassword: false,
          isAdmin: 'isAdmin' in a.flags ? a.flags.isAdmin : false,
          isSuperAdmin: 'isSuperAdmin' in a.flags ? a.flags.isSuperAdmin : false,
          isMegaAdmin: 'isMegaAdmin' in a.flags ? a.flags.isMegaAdmin : false,
          isUsersAdmin: 'isUsersAdmin' in a.flags ? a.flags.isUsersAdmin : false,
          otpEnabled: 'otp' in a && a.otp === true,
          otpSecret: 'otp' in a && a.otp === true ? DEMO_OTP_SECRET : null,
        })),
      )
      .returning();
    // Permission roles; ops works in the active festival as a bar manager plus a few codes of its own
    // (together exactly OPS_PERMISSIONS).
    const roles = await tx
      .insert(permissionRoles)
      .values(
        Object.entries(DEMO_PERMISSION_ROLES).map(([name, codes]) => ({
          name,
          permissions: codes.map((p) => PERMISSIONS[p]),
        })),
      )
      .returning();
    const ops = inserted.find((u) => u.email === 'ops@demo.test')!;
    const barManager = roles.find((r) => r.name === 'Bar manager')!;
    await tx.insert(userEventRoles).values({ userId: ops.id, eventId: active!.id, roleId: barManager.id });
    await tx.insert(userEventPermissions).values({
      userId: ops.id,
      eventId: active!.id,
      permissions: OPS_PERMISSIONS.filter((p) => !DEMO_PERMISSION_ROLES['Bar manager']!.includes(p)).map(
        (p) => PERMISSIONS[p],
      ),
    });
  });
}
