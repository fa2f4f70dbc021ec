import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The catalogue of payment method letters (01-console §3: C cash, T external TPV, L cashless, P pin
 * pad, I integrated TPV): a label in each language and whether events may offer it. The five rows
 * are written by the migration; they are edited, never added or removed.
 */
export const paymentMethods = pgTable('payment_methods', {
  letter: text('letter').primaryKey(),
  labels: jsonb('labels').$type<{ en: string; es: string; it: string; fr: string }>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  position: integer('position').notNull().default(0),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
