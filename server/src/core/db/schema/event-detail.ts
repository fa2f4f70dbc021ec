import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Kiosk top-up buttons of an event (01-console §3 Kiosk button). */
export const kioskButtons = pgTable(
  'kiosk_buttons',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    descriptionEs: text('description_es').notNull(),
    descriptionEn: text('description_en').notNull(),
    /** Cents of the event's financial currency. */
    topUpAmount: integer('top_up_amount').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('kiosk_buttons_event_idx').on(t.eventId, t.id)],
);
