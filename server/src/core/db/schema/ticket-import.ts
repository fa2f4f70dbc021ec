import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { tickets } from './feed';
import { rols } from './rols';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const eventId = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/** A product of the platform (item, and variation or null: any) mapped to a ticket rol (and a reseller). */
export interface TicketProductMapping {
  item: number;
  variation: number | null;
  roleId: number;
  resellerId: number | null;
}

/** A product of the platform with its name there. */
export interface ExternalProduct {
  item: number;
  variation: number | null;
  name: string;
}

/**
 * Ticket API (admin/api-ticket; docs/decisions/integrations.md "Ticket API"): the resellers of an event and the
 * tickets they may sell per rol.
 */
export const ticketResellers = pgTable(
  'ticket_resellers',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    name: text('name').notNull(),
    email: text('email'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ticket_resellers_event_name_uq').on(t.eventId, sql`lower(${t.name})`)],
);

/** How many tickets of a rol a reseller was allocated. */
export const ticketResellerAllocations = pgTable(
  'ticket_reseller_allocations',
  {
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => ticketResellers.id, { onDelete: 'cascade' }),
    eventId: eventId(),
    roleId: integer('role_id')
      .notNull()
      .references(() => rols.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resellerId, t.roleId] })],
);

/**
 * An import schedule: the connection to the event's ticketing platform (the API token encrypted
 * at rest, lib/secret-box.ts), the product → rol mapping, the interval and the report's address.
 */
export const ticketImportSchedules = pgTable(
  'ticket_import_schedules',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    name: text('name').notNull(),
    /** The connector (ticket-import/connectors): 'pretix'. */
    platform: text('platform').notNull().default('pretix'),
    baseUrl: text('base_url').notNull(),
    organizer: text('organizer').notNull(),
    platformEvent: text('platform_event').notNull(),
    /** AES-256-GCM of the API token (secret-box.ts); never answered to the browser. */
    tokenCipher: text('token_cipher').notNull(),
    mappings: jsonb('mappings').$type<TicketProductMapping[]>().notNull().default([]),
    /** The platform's products as last read (names shown instead of ids; refreshed by runs and loads). */
    products: jsonb('products').$type<ExternalProduct[]>().notNull().default([]),
    intervalMinutes: integer('interval_minutes').notNull().default(15),
    enabled: smallint('enabled').notNull().default(1),
    reportEmail: text('report_email'),
    reportEmailVerifiedAt: ts('report_email_verified_at'),
    /** The platform's time at the start of the last complete run: the next run's modified_since. */
    cursor: ts('cursor'),
    nextRunAt: ts('next_run_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_import_schedules_event_name_uq').on(t.eventId, sql`lower(${t.name})`),
    index('ticket_import_schedules_due_idx').on(t.nextRunAt),
  ],
);

/** One import of a schedule: its progress through the platform's pages (resumable) and its counts. */
export const ticketImportRuns = pgTable(
  'ticket_import_runs',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => ticketImportSchedules.id, { onDelete: 'cascade' }),
    /** 'schedule' or 'manual' (run now). */
    trigger: text('trigger').notNull(),
    /** running, done, failed. */
    status: text('status').notNull().default('running'),
    since: ts('since'),
    /** The platform's time when the first page was made (X-Page-Generated): the next cursor. */
    pageGenerated: ts('page_generated'),
    /** The next page to read (null before the first page and after the last). */
    nextUrl: text('next_url'),
    pages: integer('pages').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    issues: integer('issues').notNull().default(0),
    /** The queue job working the run now (its state tells a run that died). */
    jobId: text('job_id'),
    error: text('error'),
    reportSentAt: ts('report_sent_at'),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('ticket_import_runs_schedule_idx').on(t.scheduleId, t.id)],
);

/** Each platform position applied once: keyed by schedule and the platform's position id. */
export const ticketImportPositions = pgTable(
  'ticket_import_positions',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => ticketImportSchedules.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    orderCode: text('order_code').notNull(),
    code: text('code').notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    /** What was applied last (a position seen again unchanged changes nothing). */
    digest: text('digest').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_import_positions_uq').on(t.scheduleId, t.externalId),
    index('ticket_import_positions_ticket_idx').on(t.ticketId),
  ],
);

/** What an import could not apply; solved or not, retried with the position it carries. */
export const ticketImportIssues = pgTable(
  'ticket_import_issues',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => ticketImportSchedules.id, { onDelete: 'cascade' }),
    runId: integer('run_id'),
    externalId: text('external_id').notNull(),
    /** unknownProduct, duplicateCode, cancelledAfterValidation, codeOnOtherWristband. */
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    orderCode: text('order_code').notNull(),
    /** The position as read (re-applied by retry). */
    position: jsonb('position').notNull(),
    /** What the issue names: the product, the other ticket, the wristband. */
    detail: jsonb('detail').notNull().default({}),
    solvedAt: ts('solved_at'),
    /** The user who marked it solved (plain id: the trail outlives the user). */
    solvedBy: integer('solved_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_import_issues_uq').on(t.scheduleId, t.externalId, t.kind),
    index('ticket_import_issues_event_idx').on(t.eventId, t.solvedAt),
  ],
);

/** Ticket-schedule e-mail verification tokens (GET /enableSchedule). Stored hashed. */
export const scheduleEmailTokens = pgTable(
  'schedule_email_tokens',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The ticket-import schedule whose report address this verifies (Ticket API). */
    scheduleId: integer('schedule_id').references((): AnyPgColumn => ticketImportSchedules.id, {
      onDelete: 'cascade',
    }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('schedule_email_tokens_hash_uq').on(t.tokenHash)],
);
