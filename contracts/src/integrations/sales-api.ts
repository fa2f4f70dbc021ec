import { z } from 'zod';
import { id, instant, queryId } from '../inputs';

/**
 * Sales API (admin/api-sales, permission api; 01-console §2, 02-catalogue §7 "Sales schedule"):
 * the event's sales pushed to a point-of-sale or accounting platform, per period and location, over a
 * generic OAuth 2 connector (decisions.md "Sales API").
 */

/** Length of one pushed period: an hour (UTC hours), or a day of the event's time zone. */
export const SALES_PERIODS = ['hour', 'day'] as const;
export const SalesPeriod = z.enum(SALES_PERIODS);
export type SalesPeriod = z.infer<typeof SalesPeriod>;

/**
 * A platform address: http(s), a host, an optional port and path. The server refuses http and
 * addresses inside the network unless the deployment allows them (outbound-address.ts).
 */
const URL_PATTERN =
  /^https?:\/\/(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:\/[^\s?#]*)?$/i;
export const isPlatformUrl = (v: string) => URL_PATTERN.test(v);
export const platformUrl = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(500)
  .refine(isPlatformUrl, { error: 'validation.platformUrl' });

/** OAuth client id and scope: visible ASCII without spaces (RFC 6749 §A.1, §3.3 scope tokens). */
const clientId = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(200)
  .regex(/^[\x21-\x7e]+$/, { error: 'validation.clientIdFormat' });
const scope = z
  .string()
  .trim()
  .max(500)
  .regex(/^[\x21\x23-\x5b\x5d-\x7e]*(?: [\x21\x23-\x5b\x5d-\x7e]+)*$/, { error: 'validation.scopeFormat' });
const clientSecret = z
  .string()
  .max(500)
  .regex(/^[\x20-\x7e]*$/, { error: 'validation.clientSecretFormat' });

/** POST /api-server/sales-schedule {schedule}: create (no id) or change one schedule of the event. */
export const SalesScheduleSave = z.object({
  id: id().optional(),
  name: z.string().trim().min(1, { error: 'validation.required' }).max(120),
  authorizeUrl: platformUrl,
  tokenUrl: platformUrl,
  apiBaseUrl: platformUrl,
  clientId,
  /** Write-only: empty keeps the stored secret (required when none is stored). */
  clientSecret: clientSecret.optional(),
  scope,
  period: SalesPeriod,
  /** The first period pushed starts at or after this instant; null: the event's start. */
  startAt: instant().nullable().optional(),
  enabled: z.boolean(),
  /** The version the form was loaded with (a stale save is 409). */
  updatedAt: z.iso.datetime({ offset: true }).optional(),
});
export type SalesScheduleSave = z.input<typeof SalesScheduleSave>;

/** Our locations mapped to the platform's stores (admin/api-sales/locations). */
export const SalesLocationMap = z.object({
  locationId: id(),
  storeId: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(100)
    .regex(/^[\x21-\x7e]+$/, { error: 'validation.storeIdFormat' }),
  storeName: z.string().trim().max(200).default(''),
});
export type SalesLocationMap = z.input<typeof SalesLocationMap>;

export const SalesLocationsSave = z.object({
  scheduleId: id(),
  locations: z.array(SalesLocationMap).max(1000),
});
export type SalesLocationsSave = z.input<typeof SalesLocationsSave>;

/** The authorisation state of a schedule. */
export const SALES_AUTH_STATUSES = ['none', 'authorized', 'expired'] as const;

export const SalesSchedule = z.object({
  id: z.number(),
  name: z.string(),
  authorizeUrl: z.string(),
  tokenUrl: z.string(),
  apiBaseUrl: z.string(),
  clientId: z.string(),
  /** The secret is never answered: only whether one is stored. */
  clientSecretSet: z.boolean(),
  scope: z.string(),
  period: SalesPeriod,
  startAt: z.string().nullable(),
  enabled: z.boolean(),
  authStatus: z.enum(SALES_AUTH_STATUSES),
  authorizedAt: z.string().nullable(),
  authorizedByEmail: z.string().nullable(),
  /** The next period the schedule will queue (the ones before are queued or sent). */
  nextPeriodStart: z.string().nullable(),
  locations: z.array(z.object({ locationId: z.number(), storeId: z.string(), storeName: z.string() })),
  pushes: z.object({ sent: z.number(), failed: z.number(), pending: z.number() }),
  updatedAt: z.string(),
});
export type SalesSchedule = z.infer<typeof SalesSchedule>;

export const SalesScheduleList = z.object({
  schedules: z.array(SalesSchedule),
  /** The event's locations that sell (bars, restaurants, shops): the ones a schedule can map. */
  locations: z.array(z.object({ id: z.number(), name: z.string(), category: z.string().nullable() })),
  /** Where the platform sends the user back (register it as the OAuth client's redirect URI). */
  redirectUri: z.string(),
});
export type SalesScheduleList = z.infer<typeof SalesScheduleList>;

/** POST /api-server/sales-schedule/authorize {scheduleId}: the platform's authorisation address. */
export const SalesAuthorizeRequest = z.object({ scheduleId: id() });
export const SalesAuthorizeResult = z.object({ url: z.string(), expiresAt: z.string() });

/**
 * POST /api-server/sales-schedule/tokens {scheduleId, code} (02-catalogue §7): the callback page
 * (auth/enable-uber-auth?code&state) hands over the authorisation code. The state it arrived with
 * travels beside the body, in the `x-authorization-state` header (decisions/integrations.md "The
 * state"): the call is refused without the state the signed-in user started for that schedule. A
 * `state` in the body (the earlier shape) is still read.
 */
export const SALES_STATE_HEADER = 'x-authorization-state';
const authState = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/);
export const SalesTokensRequest = z.object({
  scheduleId: id(),
  code: z
    .string()
    .min(1)
    .max(2000)
    .regex(/^[\x20-\x7e]+$/),
  state: authState.optional(),
});
export type SalesTokensRequest = z.input<typeof SalesTokensRequest>;

/** The state carries its schedule in front (`<scheduleId>.<random>`), so the callback can name it. */
export const scheduleIdOfState = (state: string): number | null => {
  const m = /^(\d{1,10})\.[A-Za-z0-9_-]{20,}$/.exec(state);
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
};

/**
 * POST /api-server/sales-schedule/reload {scheduleId, periodStart?, locationId?}: sends a period
 * again (with the same idempotency keys); without `periodStart`, the last period that has ended.
 */
export const SalesReloadRequest = z.object({
  scheduleId: id(),
  periodStart: instant().optional(),
  locationId: id().optional(),
});
export type SalesReloadRequest = z.input<typeof SalesReloadRequest>;
export const SalesReloadResult = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  jobId: z.string().nullable(),
});

export const SalesStoresQuery = z.object({ scheduleId: queryId() });
export const SalesStore = z.object({ id: z.string(), name: z.string() });
export type SalesStore = z.infer<typeof SalesStore>;

/** `retrying`: the last attempt failed and the queue tries again; `failed`: no attempt left. */
export const SALES_PUSH_STATUSES = ['pending', 'sent', 'retrying', 'failed'] as const;
export const SalesPushStatus = z.enum(SALES_PUSH_STATUSES);

export const SalesPushesQuery = z.object({ scheduleId: queryId() });
export const SalesPush = z.object({
  id: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
  locationId: z.number(),
  locationName: z.string(),
  storeId: z.string(),
  status: SalesPushStatus,
  attempts: z.number(),
  /** Cents: sales net of devolutions; orders and devolutions counted. */
  amount: z.number(),
  orders: z.number(),
  devolutions: z.number(),
  idempotencyKey: z.string(),
  remoteId: z.string().nullable(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type SalesPush = z.infer<typeof SalesPush>;
