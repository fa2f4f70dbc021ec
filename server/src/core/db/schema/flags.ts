import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { articles } from './articles';
import { events } from './events';
import { timeRanges, zones } from './venue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const eventId = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/**
 * Flags (access groups) and add-ons (02-catalogue §3 Flag, Add-on). References from other tables to
 * flags and add-ons have no cascade: the services refuse deleting one still in use with a clear 409.
 * The children of a flag or an add-on (its access list, overrides, flags, gifts) go with it.
 */

/** Flags (admin/events/flag): at most 16 per event, flag_number is 1–16 and unique in the event. */
export const flags = pgTable(
  'flags',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    flagNumber: smallint('flag_number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** 1 only minors, 0 everyone. */
    isMinor: smallint('is_minor').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('flags_event_number_uq').on(t.eventId, t.flagNumber)],
);

/** A flag's access entries: a zone during a time range. */
export const flagAccess = pgTable(
  'flag_access',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    flagId: integer('flag_id')
      .notNull()
      .references(() => flags.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id),
    timeRangeId: integer('time_range_id')
      .notNull()
      .references(() => timeRanges.id),
    allowMultipleEntry: smallint('allow_multiple_entry').notNull().default(0),
  },
  (t) => [
    uniqueIndex('flag_access_uq').on(t.eventId, t.flagId, t.zoneId, t.timeRangeId),
    index('flag_access_event_zone_idx').on(t.eventId, t.zoneId),
    index('flag_access_event_time_range_idx').on(t.eventId, t.timeRangeId),
  ],
);

/** A flag's price overrides of an article during a time range (price in cents). */
export const flagArticlePrices = pgTable(
  'flag_article_prices',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    flagId: integer('flag_id')
      .notNull()
      .references(() => flags.id, { onDelete: 'cascade' }),
    timeRangeId: integer('time_range_id')
      .notNull()
      .references(() => timeRanges.id),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    price: integer('price').notNull(),
  },
  (t) => [
    uniqueIndex('flag_article_prices_uq').on(t.eventId, t.flagId, t.timeRangeId, t.articleId),
    index('flag_article_prices_event_article_idx').on(t.eventId, t.articleId),
    index('flag_article_prices_event_time_range_idx').on(t.eventId, t.timeRangeId),
  ],
);

/** Add-ons (admin/events/addon): amounts in cents of the financial currency. */
export const addons = pgTable(
  'addons',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    amountCash: integer('amount_cash').notNull().default(0),
    amountBonus: integer('amount_bonus').notNull().default(0),
    color: text('color'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('addons_event_idx').on(t.eventId)],
);

/** The flags an add-on grants. */
export const addonFlags = pgTable(
  'addon_flags',
  {
    eventId: eventId(),
    addonId: integer('addon_id')
      .notNull()
      .references(() => addons.id, { onDelete: 'cascade' }),
    flagId: integer('flag_id')
      .notNull()
      .references(() => flags.id),
  },
  (t) => [
    uniqueIndex('addon_flags_uq').on(t.eventId, t.addonId, t.flagId),
    index('addon_flags_event_flag_idx').on(t.eventId, t.flagId),
  ],
);

/** The gift articles of an add-on. */
export const addonGifts = pgTable(
  'addon_gifts',
  {
    eventId: eventId(),
    addonId: integer('addon_id')
      .notNull()
      .references(() => addons.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    uniqueIndex('addon_gifts_uq').on(t.eventId, t.addonId, t.articleId),
    index('addon_gifts_event_article_idx').on(t.eventId, t.articleId),
  ],
);

/**
 * The article's tri-state flag choice: a row with add_flag true (enabled) or false (disabled); no row
 * means unused. Deleting the flag removes the choice.
 */
export const articleFlags = pgTable(
  'article_flags',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    flagId: integer('flag_id')
      .notNull()
      .references(() => flags.id, { onDelete: 'cascade' }),
    addFlag: boolean('add_flag').notNull(),
  },
  (t) => [
    uniqueIndex('article_flags_uq').on(t.eventId, t.articleId, t.flagId),
    index('article_flags_event_flag_idx').on(t.eventId, t.flagId),
  ],
);

/** The add-ons offered with an article. Deleting the add-on removes it from the article. */
export const articleAddons = pgTable(
  'article_addons',
  {
    eventId: eventId(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    addonId: integer('addon_id')
      .notNull()
      .references(() => addons.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('article_addons_uq').on(t.eventId, t.articleId, t.addonId),
    index('article_addons_event_addon_idx').on(t.eventId, t.addonId),
  ],
);
