import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Systems that call the API without a person (issue 13, admin/configuration/integrators). */
export const integrators = pgTable(
  'integrators',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    notes: text('notes').notNull().default(''),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integrators_name_uq').on(sql`lower(${t.name})`)],
);

/** The events an integrator may work in and, in each, its permission codes (as a person's trusts). */
export const integratorEvents = pgTable(
  'integrator_events',
  {
    integratorId: integer('integrator_id')
      .notNull()
      .references(() => integrators.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    permissions: integer('permissions').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.integratorId, t.eventId] }),
    index('integrator_events_event_idx').on(t.eventId),
  ],
);

/**
 * An integrator's API keys: `pk_<prefix>_<secret>`; only the SHA-256 of the whole key is kept (the key
 * carries 256 random bits, so a fast hash is enough), the prefix stays visible to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    integratorId: integer('integrator_id')
      .notNull()
      .references(() => integrators.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_uq').on(t.prefix),
    index('api_keys_integrator_idx').on(t.integratorId),
  ],
);

/**
 * The audit trail: one row per write request (or sign-in), append-only (the database refuses UPDATE,
 * DELETE and TRUNCATE; migration `audit_triggers`). No foreign keys: a record outlives its subject.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    /** 'user' | 'integrator' | 'anonymous' (a failed sign-in of an unknown address). */
    actorKind: text('actor_kind').notNull(),
    userId: integer('user_id'),
    userEmail: text('user_email'),
    integratorId: integer('integrator_id'),
    integratorName: text('integrator_name'),
    apiKeyId: integer('api_key_id'),
    ip: text('ip'),
    eventId: integer('event_id'),
    method: text('method'),
    route: text('route'),
    /** The console screen the write came from (header x-console-screen), for an item's history. */
    screen: text('screen'),
    /** create | update | delete (of the first row changed), or a named action (signIn, signInFailed, …). */
    action: text('action').notNull(),
    /** The table and id of the first row changed (the item the request was about). */
    entity: text('entity'),
    entityId: text('entity_id'),
    /** Explicit rows (sign-ins): what else is worth keeping (the e-mail tried, the reason). */
    detail: jsonb('detail'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_event_at_idx').on(t.eventId, t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_user_idx').on(t.userId),
    index('audit_log_integrator_idx').on(t.integratorId),
  ],
);

/** Each row a write request changed, with its fields before and after (secrets redacted). */
export const auditChanges = pgTable(
  'audit_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    auditId: bigint('audit_id', { mode: 'number' }).notNull(),
    tableName: text('table_name').notNull(),
    /** insert | update | delete */
    op: text('op').notNull(),
    rowId: text('row_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_changes_audit_idx').on(t.auditId),
    index('audit_changes_row_idx').on(t.tableName, t.rowId),
  ],
);
