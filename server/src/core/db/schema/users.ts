import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Console users (01-console §3 Login user and staff flags). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isMegaAdmin: boolean('is_mega_admin').notNull().default(false),
    isUsersAdmin: boolean('is_users_admin').notNull().default(false),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    neverChangedPassword: boolean('never_changed_password').notNull().default(true),
    passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
    /** Bumped on password change: older session tokens stop working. */
    sessionVersion: integer('session_version').notNull().default(1),
    otpEnabled: boolean('otp_enabled').notNull().default(false),
    otpSecret: text('otp_secret'),
    /** The last 30 s step whose code was accepted: a code is accepted once (step > this, atomically). */
    otpLastStep: integer('otp_last_step'),
    /** An administrator requires a one-time code: the user sets it up at the next sign-in. */
    otpRequired: boolean('otp_required').notNull().default(false),
    /** A secret being set up, until the first valid code confirms it (then it becomes otpSecret). */
    otpPendingSecret: text('otp_pending_secret'),
    lastSignInAt: ts('last_sign_in_at'),
    disabled: boolean('disabled').notNull().default(false),
    dateInactive: ts('date_inactive'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * Changed by an administrator's save only (the users screen's version for concurrent edits): the
     * user's own password or one-time code changes do not make an administrator's form stale.
     */
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`)],
);

/**
 * A non-admin console user's permission codes in one event: what `GET /event/trusts/{id}` turns into
 * a trust token (01-console §6). Admins need no row.
 */
export const userEventPermissions = pgTable(
  'user_event_permissions',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissions: integer('permissions').array().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_event_permissions_uq').on(t.eventId, t.userId),
    index('uep_user_idx').on(t.userId),
  ],
);

/** Failed sign-in counters shared by every server process (per account+address, address, account). */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
  blockedUntil: ts('blocked_until'),
});

/** Single-use recovery codes of a user's one-time code (stored hashed; ten made at once). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_recovery_codes_uq').on(t.userId, t.codeHash)],
);

/** Invitation and password-reset links sent by e-mail: single use, expiring, stored hashed. */
export const userEmailTokens = pgTable(
  'user_email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'invitation' or 'reset'. */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_email_tokens_hash_uq').on(t.tokenHash), index('uet_user_idx').on(t.userId)],
);

/** Permission roles: named sets of the 45 permission codes, granted to users per event. */
export const permissionRoles = pgTable(
  'permission_roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    permissions: integer('permissions').array().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('permission_roles_name_lower_uq').on(sql`lower(${t.name})`)],
);

/** A permission role granted to a user in one event: its codes join the user's direct ones. */
export const userEventRoles = pgTable(
  'user_event_roles',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => permissionRoles.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('user_event_roles_uq').on(t.eventId, t.userId, t.roleId),
    index('uer_user_idx').on(t.userId),
    index('uer_role_idx').on(t.roleId),
  ],
);
