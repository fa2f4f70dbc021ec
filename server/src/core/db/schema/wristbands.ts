import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The version of the banned-wristband list: every ban saved (banned, changed or lifted) takes the next
 * number, so a terminal that holds version v needs exactly the rows above v.
 */
export const banListVersionSeq = pgSequence('banned_wristbands_list_version_seq');

/**
 * Banned wristbands (01-console §3), across every event: a serial stays banned wherever it shows up.
 * enabled = 1 bans it on Android terminals; enabled_top_ups = 1 blocks its top-ups.
 */
export const bannedWristbands = pgTable(
  'banned_wristbands',
  {
    id: serial('id').primaryKey(),
    nSerie: text('n_serie').notNull(),
    codeCheck: text('code_check'),
    notes: text('notes'),
    enabled: smallint('enabled').notNull().default(0),
    enabledTopUps: smallint('enabled_top_ups').notNull().default(0),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The list version of the last change of this ban (see banListVersionSeq). */
    listVersion: bigint('list_version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('banned_wristbands_list_version_seq')`),
  },
  (t) => [
    uniqueIndex('banned_wristbands_serial_uq').on(t.nSerie),
    index('banned_wristbands_list_version_idx').on(t.listVersion),
  ],
);
