import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { events } from './events';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const eventRef = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });
const sum = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Hourly rollups of the terminal feed for the reports (decisions/reports.md "Reports"): the dashboard and
 * the documents add up millions of sales, lines and payments, which no index makes fast enough, so
 * they read these sums per UTC hour instead (and the raw rows for the parts of a window that are not
 * whole hours, `modules/reports/rollups.ts`).
 *
 * Written by statement-level triggers on the feed tables (migration `report_rollup_triggers`): each
 * INSERT statement of a sync batch adds its rows' sums as new rows here ("delta" rows: inserted, never
 * updated, so concurrent batches never wait on each other), in the same transaction as the rows
 * themselves. A scheduled task merges the delta rows of past hours into one row per key (`compacted`).
 * A key's figure is the sum of its rows, whichever of them exist.
 */

/** Sales per hour, location and staff member (net of devolutions), and how they were paid. */
export const reportSalesHourly = pgTable(
  'report_sales_hourly',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventRef(),
    /** The UTC hour of the sales' device time. */
    hour: ts('hour').notNull(),
    locationId: integer('location_id'),
    staffId: integer('staff_id'),
    orders: sum('orders'),
    devolutions: sum('devolutions'),
    /** Total purchase, devolutions subtracted (cents). */
    amount: sum('amount'),
    /** Payments by type (S cash balance, B gift balance, T card, O other), devolutions subtracted. */
    payS: sum('pay_s'),
    payB: sum('pay_b'),
    payT: sum('pay_t'),
    payO: sum('pay_o'),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('report_sales_hourly_event_hour_idx').on(t.eventId, t.hour),
    index('report_sales_hourly_delta_idx').on(t.eventId, t.hour).where(sql`not ${t.compacted}`),
  ],
);

/** Sale lines per hour, location, staff member and article: units charged, units given, amount (net). */
export const reportArticlesHourly = pgTable(
  'report_articles_hourly',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventRef(),
    hour: ts('hour').notNull(),
    locationId: integer('location_id'),
    staffId: integer('staff_id'),
    articleId: integer('article_id').notNull(),
    /** Sales (and devolutions) with a line of the article: a sale's lines arrive in one statement. */
    orders: sum('orders'),
    devolutions: sum('devolutions'),
    quantity: sum('quantity'),
    gifts: sum('gifts'),
    amount: sum('amount'),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('report_articles_hourly_event_hour_idx').on(t.eventId, t.hour),
    index('report_articles_hourly_delta_idx').on(t.eventId, t.hour).where(sql`not ${t.compacted}`),
  ],
);

/**
 * Metre orders (sales with a kitchen) per hour, kitchen, room and metre: the metre sales report.
 * A day holds tens of thousands of them at a big festival, scattered among all the sales, so summing
 * their lines raw took over half a second; the sales trigger adds orders and devolutions, the lines
 * trigger units, gifts and amount (migration `report_metre_hourly`).
 */
export const reportMetreHourly = pgTable(
  'report_metre_hourly',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventRef(),
    hour: ts('hour').notNull(),
    kitchenId: integer('kitchen_id').notNull(),
    roomId: integer('room_id'),
    staffId: integer('staff_id'),
    orders: sum('orders'),
    devolutions: sum('devolutions'),
    quantity: sum('quantity'),
    gifts: sum('gifts'),
    amount: sum('amount'),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('report_metre_hourly_event_hour_idx').on(t.eventId, t.hour),
    index('report_metre_hourly_delta_idx').on(t.eventId, t.hour).where(sql`not ${t.compacted}`),
  ],
);

/**
 * Balance operations per hour, location, staff member, device, supervisor, operation type and payment
 * type: everything the top-up, cashbox and bonus reports add up (migration `report_top_ups_rollup`
 * added the device, the supervisor and the sums after `fee`).
 */
export const reportTopUpsHourly = pgTable(
  'report_top_ups_hourly',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventRef(),
    hour: ts('hour').notNull(),
    locationId: integer('location_id'),
    staffId: integer('staff_id'),
    deviceId: integer('device_id'),
    supervisorId: integer('supervisor_id'),
    type: text('type').notNull(),
    paymentType: text('payment_type'),
    operations: sum('operations'),
    /** Operations that changed the gift balance. */
    withBonus: sum('with_bonus'),
    amount: sum('amount'),
    bonus: sum('bonus'),
    money: sum('money'),
    fee: sum('fee'),
    /** Σ max(amount, 0), Σ max(−amount, 0), and the same of the bonus: the overview's directions. */
    creditedCash: sum('credited_cash'),
    debitedCash: sum('debited_cash'),
    creditedGift: sum('credited_gift'),
    debitedGift: sum('debited_gift'),
    /** The cash amount of the operations that changed the gift balance (automatic bonuses). */
    withBonusAmount: sum('with_bonus_amount'),
    /** Operations where money changed hands or a fee was charged (cashboxes), their first and last time. */
    withMoney: sum('with_money'),
    firstMoney: ts('first_money'),
    lastMoney: ts('last_money'),
    /** Units of the articles given (Σ quantity of `articles`: manual bonuses M-WA). */
    articles: sum('articles'),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('report_top_ups_hourly_event_hour_idx').on(t.eventId, t.hour),
    index('report_top_ups_hourly_delta_idx').on(t.eventId, t.hour).where(sql`not ${t.compacted}`),
  ],
);

/** Access records per hour, the passage (zone from → zone to) and the access code (S, W, NT…). */
export const reportAccessHourly = pgTable(
  'report_access_hourly',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventRef(),
    hour: ts('hour').notNull(),
    zoneFrom: integer('zone_from'),
    zoneTo: integer('zone_to'),
    acceso: text('acceso').notNull(),
    passages: sum('passages'),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('report_access_hourly_event_hour_idx').on(t.eventId, t.hour),
    index('report_access_hourly_delta_idx').on(t.eventId, t.hour).where(sql`not ${t.compacted}`),
  ],
);

/**
 * The wristbands active on each festival day (a top-up, a sale, an access or a ticket validation):
 * the per-day wristbands report counts distinct wristbands, which no sum can give, over millions of
 * rows. One row per event, festival day and wristband, written by statement-level triggers on the
 * four feed tables (migration `report_wristband_day_triggers`, INSERT … ON CONFLICT DO NOTHING). The
 * festival day is the calendar day, in the event's time zone, of the device time moved back by the
 * event's offset hours; saving a new time zone or offset rebuilds the event's rows.
 */
export const reportWristbandDays = pgTable(
  'report_wristband_days',
  {
    eventId: eventRef(),
    day: date('day', { mode: 'string' }).notNull(),
    wristbandId: integer('wristband_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day, t.wristbandId] })],
);

/**
 * How many wristbands `report_wristband_days` holds per event and festival day: a distinct count of
 * up to a hundred thousand rows a day is a sum of a few rows here. Written by statement-level
 * triggers on `report_wristband_days` (migration `report_wristband_day_counts`): each insert adds the
 * number of rows it really inserted (ON CONFLICT DO NOTHING leaves the others out of its transition
 * table), each delete (a rebuild after a time zone or offset change) subtracts its rows. Delta rows,
 * merged by the rollup compaction into one row per day.
 */
export const reportWristbandDayCounts = pgTable(
  'report_wristband_day_counts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventRef(),
    day: date('day', { mode: 'string' }).notNull(),
    wristbands: sum('wristbands'),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('report_wristband_day_counts_event_day_idx').on(t.eventId, t.day),
    index('report_wristband_day_counts_delta_idx').on(t.eventId, t.day).where(sql`not ${t.compacted}`),
  ],
);

/**
 * Units, gifts and amount per hour and article over every location and staff member: the quick
 * dashboard's top articles over a day or the whole event add up a few thousand rows here instead of a
 * hundred thousand of `report_articles_hourly`. Kept by statement-level triggers on
 * `report_articles_hourly` (migration `report_article_totals_triggers`): its inserted rows add, its
 * deleted rows (compaction, a rebuild) subtract, so the two always agree. Delta rows, compacted as the
 * others.
 */
export const reportArticleTotalsHourly = pgTable(
  'report_article_totals_hourly',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventRef(),
    hour: ts('hour').notNull(),
    articleId: integer('article_id').notNull(),
    quantity: sum('quantity'),
    gifts: sum('gifts'),
    amount: sum('amount'),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('report_article_totals_hourly_event_hour_idx').on(t.eventId, t.hour),
    index('report_article_totals_hourly_delta_idx').on(t.eventId, t.hour).where(sql`not ${t.compacted}`),
  ],
);

/**
 * Tickets per hour and role: the ticketing overview and the tickets document count a hundred thousand
 * tickets and as many validations, which took over 150 ms raw (decisions/reports.md "Reports"). A ticket adds
 * `sold` or `cancelled` at the hour it was sold (its creation, or its validation when that came first)
 * and `validated` at the hour of its validation (not cancelled); a validation adds `validations` (and
 * `repeated`) at its device time, under the ticket's role (the role the terminal recorded when the
 * ticket has none), as the raw reports count them. Kept by statement-level triggers on `tickets` and
 * `ticket_validations` (migration `report_tickets_rollup`): inserts add, deletes subtract, updates add
 * the difference, and a ticket whose role changes moves its validations to the new role. Delta rows,
 * compacted as the others.
 */
export const reportTicketsHourly = pgTable(
  'report_tickets_hourly',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventRef(),
    hour: ts('hour').notNull(),
    roleId: integer('role_id'),
    sold: sum('sold'),
    cancelled: sum('cancelled'),
    validated: sum('validated'),
    validations: sum('validations'),
    repeated: sum('repeated'),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('report_tickets_hourly_event_hour_idx').on(t.eventId, t.hour),
    index('report_tickets_hourly_delta_idx').on(t.eventId, t.hour).where(sql`not ${t.compacted}`),
  ],
);

/**
 * The event's wristbands now, counted per balance range (`width_bucket(cash + gift, BALANCE_RANGES)`),
 * active flag and the signs of cash and gift: how many wristbands, Σ cash, Σ gift. The quick
 * dashboard's balances and the wristbands report's figures and histogram add these few rows up
 * instead of reading every wristband (400,000 of them took 150–300 ms). Kept by statement-level
 * triggers on `wristbands` (migration `report_wristband_balance_ranges`): each statement adds the
 * difference it made (new rows minus old rows, per key). Delta rows, merged by the rollup compaction
 * into one row per event and key.
 */
export const reportWristbandBalances = pgTable(
  'report_wristband_balances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventRef(),
    /** width_bucket(cash + gift, BALANCE_RANGES): 0 below zero, 1 at zero, 2… the ranges above. */
    bucket: smallint('bucket').notNull(),
    /** The wristbands' `active` (0 = replaced). */
    active: smallint('active').notNull(),
    /** sign(cash), sign(gift): −1, 0 or 1. */
    cashSign: smallint('cash_sign').notNull(),
    giftSign: smallint('gift_sign').notNull(),
    wristbands: sum('wristbands'),
    cash: sum('cash'),
    gift: sum('gift'),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('report_wristband_balances_event_idx').on(t.eventId),
    index('report_wristband_balances_delta_idx').on(t.eventId).where(sql`not ${t.compacted}`),
  ],
);
