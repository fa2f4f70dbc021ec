import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appParams, currencies, promoters, provinces, teams } from './globals';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 01-console §3 Event. Every event-scoped table references it through `event_id`. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    /** The event's token, sent by the console as header `tokenevent`. */
    token: text('token').notNull(),
    name: text('name').notNull(),
    dateStart: ts('date_start').notNull(),
    dateEnd: ts('date_end').notNull(),
    operationsStart: ts('operations_start'),
    operationsEnd: ts('operations_end'),
    language: text('language').notNull().default('es'),
    currencyId: integer('currency_id').references(() => currencies.id),
    promoterId: integer('promoter_id').references(() => promoters.id),
    fiscalPercent: doublePrecision('fiscal_percent'),
    vat: doublePrecision('vat'),
    fiscalName: text('fiscal_name'),
    nif: text('nif'),
    businessTypeId: text('business_type_id').notNull().default('FE'),
    timezone: text('timezone').notNull().default('Europe/Madrid'),
    offsetHours: doublePrecision('offset_hours').notNull().default(0),
    localCurrencyId: integer('local_currency_id').references(() => currencies.id),
    localCurrencyRate: doublePrecision('local_currency_rate').notNull().default(1),
    /** Cents of the financial currency. */
    feeReusableTag: integer('fee_reusable_tag'),
    refundBalanceWhenReusableTag: smallint('refund_balance_when_reusable_tag').notNull().default(0),
    subdomain: text('subdomain'),
    trusts: text('trusts'),
    isActive: smallint('is_active').notNull().default(1),
    isClosed: smallint('is_closed').notNull().default(0),
    website: text('website'),
    slug: text('slug'),
    messageOriginator: text('message_originator'),
    eventVat: doublePrecision('event_vat'),
    cashLabel: text('cash_label').notNull().default('cash'),
    externalAnalytics: smallint('external_analytics').notNull().default(0),
    externalAnalyticsId: text('external_analytics_id'),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    servicesOnlineDateStart: ts('services_online_date_start'),
    servicesOnlineDateEnd: ts('services_online_date_end'),
    pictureSponsorId: integer('picture_sponsor_id'),
    pictureSponsorUrl: text('picture_sponsor_url'),
    pictureReceiptLogoId: integer('picture_receipt_logo_id'),
    pictureReceiptLogoUrl: text('picture_receipt_logo_url'),
    provinceId: integer('province_id').references(() => provinces.id, { onDelete: 'set null' }),
    enabledApiBebeRapid: smallint('enabled_api_bebe_rapid').notNull().default(0),
    queueSyncLoggables: smallint('queue_sync_loggables').notNull().default(0),
    tagCounters: jsonb('tag_counters')
      .$type<{ position: number; idArticleIncrement: number; idArticleDecrement?: number | null }[]>()
      .notNull()
      .default([]),
    capacityLog: smallint('capacity_log').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_token_uq').on(t.token),
    index('events_dates_idx').on(t.dateStart, t.dateEnd),
    index('events_name_lower_idx').on(sql`lower(${t.name})`),
    // The online top-up site's addresses (01-console §3): one event each.
    uniqueIndex('events_slug_uq').on(t.slug),
    uniqueIndex('events_subdomain_uq').on(t.subdomain),
  ],
);

export const eventTeams = pgTable(
  'event_teams',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('event_teams_uq').on(t.eventId, t.teamId)],
);

/** An event's value of a global parameter (02-catalogue §3 event-level parameter). */
export const eventParams = pgTable(
  'event_params',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    paramId: integer('param_id')
      .notNull()
      .references(() => appParams.id, { onDelete: 'cascade' }),
    value: text('value'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_params_uq').on(t.eventId, t.paramId)],
);

/** Exceptions of an event parameter by location and device (null = all). */
export const eventParamExceptions = pgTable(
  'event_param_exceptions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    paramId: integer('param_id')
      .notNull()
      .references(() => appParams.id, { onDelete: 'cascade' }),
    idLocation: integer('id_location'),
    idDevice: integer('id_device'),
    value: text('value').notNull(),
  },
  (t) => [
    uniqueIndex('event_param_exceptions_uq').on(
      t.eventId,
      t.paramId,
      sql`coalesce(${t.idLocation}, 0)`,
      sql`coalesce(${t.idDevice}, 0)`,
    ),
  ],
);
