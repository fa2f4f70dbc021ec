import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Terminal software (02-catalogue §3 APK record, uploaded APK info): every .apk or .zip uploaded and
 * read (a row per stored file, written by the preview), and when it was enabled. The latest enabled
 * row of a channel (development or production) is the version its terminals must run.
 */
export const appVersions = pgTable(
  'app_versions',
  {
    id: serial('id').primaryKey(),
    /** The stored object (same storage as images). */
    storageKey: text('storage_key').notNull(),
    /** 'apk' or 'zip' (the real type, from the first bytes). */
    fileKind: text('file_kind').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** 'development' (the manifest's android:debuggable) or 'production'. */
    channel: text('channel').notNull(),
    versionCode: integer('version_code').notNull(),
    versionName: text('version_name').notNull(),
    packageName: text('package_name').notNull(),
    minSdk: integer('min_sdk'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    enabledAt: ts('enabled_at'),
    enabledBy: integer('enabled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('app_versions_storage_key_uq').on(t.storageKey),
    index('app_versions_channel_enabled_idx').on(t.channel, t.enabledAt),
  ],
);
