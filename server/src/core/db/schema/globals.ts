import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Global lists of admin/configuration (01-console §7). */
export const promoters = pgTable(
  'promoters',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Whether the promoter's events may carry an external analytics id. */
    externalAnalytics: boolean('external_analytics').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promoters_name_uq').on(sql`lower(${t.name})`)],
);

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isFinancial: boolean('is_financial').notNull().default(false),
    symbol: text('symbol').notNull(),
    iso: text('iso').notNull(),
    fraction: doublePrecision('fraction').notNull().default(0.01),
    /** Set for an event's own (token) currency; null for global ones. */
    eventId: integer('event_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('currencies_iso_event_uq').on(t.iso, sql`coalesce(${t.eventId}, 0)`)],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teams_name_uq').on(sql`lower(${t.name})`)],
);

export const provinces = pgTable('provinces', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const languages = pgTable(
  'languages',
  {
    id: serial('id').primaryKey(),
    iso: text('iso').notNull(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('languages_iso_uq').on(t.iso)],
);

/** Applications (aplis) that read parameters: console, terminals, kiosks, online services. */
export const applications = pgTable('applications', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

/** Global application parameters with their default value (02-catalogue §3). */
export const appParams = pgTable(
  'app_params',
  {
    id: serial('id').primaryKey(),
    nameUnique: text('name_unique').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    defaultValue: text('default_value').notNull(),
    idApp: integer('id_app').references(() => applications.id, { onDelete: 'set null' }),
    module: text('module'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_params_name_unique_uq').on(t.nameUnique)],
);

/**
 * Exceptions of a global parameter by location and device (02-catalogue §3 Application parameter:
 * exceptions (idLocation, idDevice, value); null = all). They apply to every event; an event's own
 * exception for the same place wins (docs/decisions/events.md "Global parameter exceptions").
 * Plain ids, checked by the service: a location belongs to one event, a device to the registry.
 */
export const appParamExceptions = pgTable(
  'app_param_exceptions',
  {
    id: serial('id').primaryKey(),
    paramId: integer('param_id')
      .notNull()
      .references(() => appParams.id, { onDelete: 'cascade' }),
    idLocation: integer('id_location'),
    idDevice: integer('id_device'),
    value: text('value').notNull(),
  },
  (t) => [
    uniqueIndex('app_param_exceptions_uq').on(
      t.paramId,
      sql`coalesce(${t.idLocation}, 0)`,
      sql`coalesce(${t.idDevice}, 0)`,
    ),
  ],
);
