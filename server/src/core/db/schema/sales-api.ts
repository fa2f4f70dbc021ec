import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';
import { locations } from './venue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Sales API (admin/api-sales; decisions/integrations.md "Sales API"): an event's schedules that push its sales,
 * per period and location, to a platform reached by OAuth 2. Secrets and tokens are stored encrypted
 * (`lib/secret-box.ts`, `*_enc` columns), never answered.
 */
export const salesSchedules = pgTable(
  'sales_schedules',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    authorizeUrl: text('authorize_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    apiBaseUrl: text('api_base_url').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEnc: text('client_secret_enc').notNull(),
    scope: text('scope').notNull().default(''),
    /** 'hour' (UTC hours) or 'day' (days of the event's time zone). */
    period: text('period').notNull(),
    /** The first period starts at or after this instant; null: the event's start. */
    startAt: ts('start_at'),
    enabled: boolean('enabled').notNull().default(false),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: ts('token_expires_at'),
    authorizedAt: ts('authorized_at'),
    authorizedBy: integer('authorized_by').references(() => users.id, { onDelete: 'set null' }),
    /** The next period the scheduled tick queues (the ones before are queued already). */
    nextPeriodStart: ts('next_period_start'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('sales_schedules_event_idx').on(t.eventId),
    check('sales_schedules_period_ck', sql`${t.period} in ('hour', 'day')`),
  ],
);

/**
 * The single-use `state` of one authorisation request (RFC 6749 §4.1.1, §10.12): bound to the user
 * who started it and to the schedule, stored as a SHA-256 hash, expiring.
 */
export const salesAuthStates = pgTable(
  'sales_auth_states',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => salesSchedules.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    /** The redirect_uri sent with the request: the token request repeats it (RFC 6749 §4.1.3). */
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sales_auth_states_hash_uq').on(t.stateHash),
    index('sales_auth_states_schedule_idx').on(t.scheduleId),
  ],
);

/** Our selling locations mapped to the platform's stores, per schedule. */
export const salesScheduleLocations = pgTable(
  'sales_schedule_locations',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => salesSchedules.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    storeName: text('store_name').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.locationId] })],
);

/**
 * The push history: one row per schedule, period and location, with the figures last computed, the
 * idempotency key sent with every attempt (the same for a reload), the state and the attempts made.
 */
export const salesPushes = pgTable(
  'sales_pushes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => salesSchedules.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** pending (queued), sent, failed (the last attempt failed; retried while attempts remain). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    orders: integer('orders').notNull().default(0),
    devolutions: integer('devolutions').notNull().default(0),
    remoteId: text('remote_id'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sales_pushes_slot_uq').on(t.scheduleId, t.periodStart, t.locationId),
    index('sales_pushes_event_idx').on(t.eventId),
    check('sales_pushes_status_ck', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
