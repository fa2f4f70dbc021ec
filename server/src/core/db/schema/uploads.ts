import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Images attached to a resource (01-console §7 "Shared uploads"). A row exists once the stored object
 * passed the checks and was attached; event_id is null for global images (e.g. configuration).
 */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    folder: text('folder').notNull(),
    /** `<folder>/<32 hex>.<ext>` in the storage (local disk or S3 bucket). */
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the bytes were stored. */
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When the image was attached to its resource. */
    attachedAt: ts('attached_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('images_storage_key_uq').on(t.storageKey), index('images_event_idx').on(t.eventId)],
);
