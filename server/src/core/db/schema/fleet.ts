import { index, integer, pgTable, primaryKey, serial, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';
import { devices } from './feed';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The device registry's assignment history (docs/decisions/terminals.md "Device registry and fleet health"):
 * one row per stay of a terminal in an event, opened and closed by a trigger on
 * devices.assigned_event_id (migration fleet_assignment_history), whoever moves it (the registry, the
 * event's device screen, a redeemed configuration QR).
 */
export const deviceAssignments = pgTable(
  'device_assignments',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    assignedAt: ts('assigned_at').notNull().defaultNow(),
    /** Null while the terminal is still assigned to the event. */
    unassignedAt: ts('unassigned_at'),
  },
  (t) => [index('device_assignments_device_idx').on(t.deviceId, t.assignedAt)],
);

/**
 * The sequence numbers received from each terminal, as ranges [lo, hi] (merged at each sync), so the
 * operations made on a terminal that never arrived (the holes) are counted without scanning the feed.
 */
export const deviceSeqRanges = pgTable(
  'device_seq_ranges',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    lo: integer('lo').notNull(),
    hi: integer('hi').notNull(),
  },
  (t) => [primaryKey({ name: 'device_seq_ranges_pk', columns: [t.deviceId, t.lo] })],
);
