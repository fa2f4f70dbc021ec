import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { articles } from './articles';
import { events } from './events';
import { locations } from './venue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const eventId = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/**
 * Cashless rules of an event (02-catalogue §3 Bonus type, Bonus, Fee, Refund rule). Money is integer
 * cents of the event's financial currency. Location lists are child rows (empty = every location), so
 * a location still named by a rule cannot be deleted; device lists are plain ids (devices are global
 * and move between events).
 */

/** Bonus types (admin/cashless/bonType): M gift, E cash, O automatic gift (system, never listed). */
export const bonusTypes = pgTable(
  'bonus_types',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('bonus_types_event_idx').on(t.eventId),
    check('bonus_types_type_ck', sql`${t.type} in ('M', 'E', 'O')`),
  ],
);

/** Automatic top-up bonuses (admin/cashless/bonus). */
export const bonuses = pgTable(
  'bonuses',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    /** The bonus type it grants (none: the automatic gift). */
    bonusTypeId: integer('bonus_type_id').references(() => bonusTypes.id),
    /** Fixed bonus in cents. */
    plus: integer('plus').notNull().default(0),
    /** Percent of the top-up. */
    percent: doublePrecision('percent').notNull().default(0),
    minRecharge: integer('min_recharge').notNull(),
    maxRecharge: integer('max_recharge').notNull(),
    minNumTopUp: integer('min_num_top_up').notNull().default(1),
    /** -1 means always (no limit). */
    maxNumTopUp: integer('max_num_top_up').notNull().default(-1),
    dateStart: date('date_start', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }).notNull(),
    /** Times of day in the event's time zone. */
    timeStart: time('time_start').notNull(),
    timeEnd: time('time_end').notNull(),
    dayWeek: text('day_week').notNull().default('LMXJVSD'),
    applyServicesOnline: smallint('apply_services_online').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('bonuses_event_idx').on(t.eventId, t.dateStart),
    index('bonuses_event_type_idx').on(t.eventId, t.bonusTypeId),
  ],
);

/** Articles a bonus gives. */
export const bonusArticles = pgTable(
  'bonus_articles',
  {
    eventId: eventId(),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonuses.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    uniqueIndex('bonus_articles_uq').on(t.eventId, t.bonusId, t.articleId),
    index('bonus_articles_event_article_idx').on(t.eventId, t.articleId),
  ],
);

/** The locations a bonus is limited to (none: every location). */
export const bonusLocations = pgTable(
  'bonus_locations',
  {
    eventId: eventId(),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonuses.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
  },
  (t) => [
    uniqueIndex('bonus_locations_uq').on(t.eventId, t.bonusId, t.locationId),
    index('bonus_locations_event_location_idx').on(t.eventId, t.locationId),
  ],
);

/** Management fees of top-ups (admin/cashless/fee). */
export const fees = pgTable(
  'fees',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    name: text('name').notNull(),
    /** Cents. */
    fee: integer('fee').notNull(),
    nRechargeIni: integer('n_recharge_ini').notNull(),
    nRechargeEnd: integer('n_recharge_end').notNull(),
    minRecharge: integer('min_recharge').notNull(),
    maxRecharge: integer('max_recharge').notNull(),
    dateStart: ts('date_start').notNull(),
    dateEnd: ts('date_end').notNull(),
    /** Device ids (empty: every device). */
    deviceIds: integer('device_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('fees_event_idx').on(t.eventId, t.dateStart)],
);

export const feeLocations = pgTable(
  'fee_locations',
  {
    eventId: eventId(),
    feeId: integer('fee_id')
      .notNull()
      .references(() => fees.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
  },
  (t) => [
    uniqueIndex('fee_locations_uq').on(t.eventId, t.feeId, t.locationId),
    index('fee_locations_event_location_idx').on(t.eventId, t.locationId),
  ],
);

/** Refund rules (admin/cashless/refunds). */
export const refundRules = pgTable(
  'refund_rules',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    name: text('name').notNull(),
    dateStart: date('date_start', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }).notNull(),
    timeStart: time('time_start').notNull(),
    timeEnd: time('time_end').notNull(),
    /** Minimum balance in cents. */
    minAmount: integer('min_amount').notNull().default(0),
    /** Device ids (empty: every device, '%'). */
    deviceIds: integer('device_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('refund_rules_event_idx').on(t.eventId, t.dateStart)],
);

export const refundRuleLocations = pgTable(
  'refund_rule_locations',
  {
    eventId: eventId(),
    refundRuleId: integer('refund_rule_id')
      .notNull()
      .references(() => refundRules.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
  },
  (t) => [
    uniqueIndex('refund_rule_locations_uq').on(t.eventId, t.refundRuleId, t.locationId),
    index('refund_rule_locations_event_location_idx').on(t.eventId, t.locationId),
  ],
);
