import { date, index, integer, pgTable, serial, text, time, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';
import { images } from './uploads';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Kiosk ads (02-catalogue §3 Ad): shown on the event's kiosks between two calendar dates, between two
 * times of day (stored in UTC, converted with the event's time zone) on the chosen weekdays.
 */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    dateStart: date('date_start', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }).notNull(),
    /** UTC times of day. */
    timeStartUtc: time('time_start_utc').notNull(),
    timeEndUtc: time('time_end_utc').notNull(),
    /** Weekdays among LMXJVSD. */
    dayWeek: text('day_week').notNull().default('LMXJVSD'),
    /** The 500 × 500 image. */
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ads_event_order_idx').on(t.eventId, t.sortOrder)],
);
