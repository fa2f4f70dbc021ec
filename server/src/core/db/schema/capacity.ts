import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const eventRef = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/**
 * The realtime capacity log (01-console §9: every CAPACITY_LOG_MINUTES), written by the scheduled task
 * of server/src/modules/capacity/capacity-log.task.ts while an event's capacity-log toggle is on.
 *
 * Exactly once per slot, however many server processes share the database: a process first claims
 * the (event, slot) row here, in the same transaction as the zone rows it then writes; a second
 * process's claim waits for the first to commit and finds the row taken (ON CONFLICT DO NOTHING), so
 * it writes nothing. If the first rolls back, its claim goes with it and the next run can take it.
 */
export const capacityLogSlots = pgTable(
  'capacity_log_slots',
  {
    eventId: eventRef(),
    /** The slot's start. */
    slot: ts('slot').notNull(),
    zones: integer('zones').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'capacity_log_slots_pk', columns: [t.eventId, t.slot] })],
);

/**
 * One zone's occupancy at the start of a slot. The zone is a plain id (history survives the zone
 * being edited or deleted, like the feed's); the unique key is the second guard of "once per slot".
 */
export const capacityLog = pgTable(
  'capacity_log',
  {
    eventId: eventRef(),
    zoneId: integer('zone_id').notNull(),
    slot: ts('slot').notNull(),
    occupancy: integer('occupancy').notNull(),
    entries: integer('entries').notNull(),
    exits: integer('exits').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'capacity_log_pk', columns: [t.eventId, t.zoneId, t.slot] }),
    index('capacity_log_event_slot_idx').on(t.eventId, t.slot),
  ],
);
