import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Terminal staff of an event (02-catalogue §3 Staff): who signs in on the event's devices and with
 * which trust letters. The user is unique within the event, case-insensitively. Location and room
 * ids are arrays where null means all of them (the spec's "%").
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    user: text('user').notNull(),
    name: text('name').notNull(),
    rfid: text('rfid'),
    /** The PIN to sign in on a terminal: a salted PBKDF2 hash (contracts/terminals/staff-pin.ts). */
    pinHash: text('pin_hash'),
    pinSalt: text('pin_salt'),
    intern: smallint('intern').notNull().default(1),
    dateInactive: ts('date_inactive'),
    /** Trust letters, upper-case, in the order C S T V R A G P X H B M K O D. */
    trusts: text('trusts').notNull().default(''),
    /** Location ids; null means all. */
    locationIds: integer('location_ids').array(),
    /** Room ids; null means all. */
    roomIds: integer('room_ids').array(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_event_user_uq').on(t.eventId, sql`lower(${t.user})`)],
);
