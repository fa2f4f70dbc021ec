import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Wristband stock (issue 18): the wristbands the organisation owns, in lots as delivered by the
 * manufacturer. A lot may be assigned to one event at a time (null: in the warehouse).
 */
export const wristbandLots = pgTable(
  'wristband_lots',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wristband_lots_name_uq').on(sql`lower(${t.name})`),
    index('wristband_lots_event_idx').on(t.eventId),
  ],
);

/** One physical wristband: its serial (the chip's UID) exists once in the whole stock. */
export const stockWristbands = pgTable(
  'stock_wristbands',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => wristbandLots.id, { onDelete: 'cascade' }),
    nSerie: text('n_serie').notNull(),
    codeCheck: text('code_check'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_wristbands_serial_uq').on(t.nSerie),
    index('stock_wristbands_lot_idx').on(t.lotId, t.id),
    index('stock_wristbands_serial_prefix_idx').on(sql`${t.nSerie} text_pattern_ops`),
    index('stock_wristbands_code_idx').on(t.codeCheck),
  ],
);

/**
 * Events that require stock control: the terminal feed then refuses an operation naming a wristband
 * that is not in a lot assigned to the event. One row per event; no row = no stock control.
 */
export const eventStockControl = pgTable('event_stock_control', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
