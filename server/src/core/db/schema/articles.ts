import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { articles, events } from './events';
import { addons, flags } from './flags';
import { locations } from './venue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const eventId = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/**
 * The rest of the article catalogue (02-catalogue §3 Article, Location article, Stick relation; packs
 * are our design). An article's own settings (flags, add-ons, exchanges) go with it. Menus, sticks and
 * packs reference articles without cascade: deleting an article still used is refused (409) by the
 * service first. A location's menu and sticks are the location's own configuration and go with it;
 * a pack's locations do not (deleting a location a pack is sold in is refused).
 */

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

/**
 * Exchange entries of an article: the articles it can be exchanged for, during the time ranges listed
 * (none = always), in the order sort_by.
 */
export const articleExchanges = pgTable(
  'article_exchanges',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    exchangeArticleIds: integer('exchange_article_ids').array().notNull().default(sql`'{}'::integer[]`),
    sortBy: integer('sort_by').notNull().default(0),
    timeRangeIds: integer('time_range_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [index('article_exchanges_event_article_idx').on(t.eventId, t.articleId)],
);

/** Menu items: the articles a selling location offers, at its own price (cents), in its order. */
export const locationArticles = pgTable(
  'location_articles',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    price: integer('price').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(1),
    isManual: smallint('is_manual').notNull().default(0),
    visible: smallint('visible').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('location_articles_uq').on(t.eventId, t.locationId, t.articleId),
    index('location_articles_event_article_idx').on(t.eventId, t.articleId),
  ],
);

/** Sticks: articles added to an order, with a quantity, when the parent is sold at that location. */
export const locationArticleSticks = pgTable(
  'location_article_sticks',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    stickArticleId: integer('stick_article_id')
      .notNull()
      .references(() => articles.id),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    uniqueIndex('location_article_sticks_uq').on(t.eventId, t.locationId, t.articleId, t.stickArticleId),
    index('location_article_sticks_event_article_idx').on(t.eventId, t.articleId),
    index('location_article_sticks_event_stick_idx').on(t.eventId, t.stickArticleId),
    check('location_article_sticks_quantity_ck', sql`${t.quantity} >= 1`),
    check('location_article_sticks_not_parent_ck', sql`${t.stickArticleId} <> ${t.articleId}`),
  ],
);

/** Packs (admin/cashless/packs): a bundle of articles sold for one price, optionally between two dates. */
export const packs = pgTable(
  'packs',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    name: text('name').notNull(),
    price: integer('price').notNull().default(0),
    dateStart: ts('date_start'),
    dateEnd: ts('date_end'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('packs_event_name_idx').on(t.eventId, sql`lower(${t.name})`)],
);

/** The articles of a pack: each at most once (errorArticleDuplicatePack), with a quantity of at least 1. */
export const packArticles = pgTable(
  'pack_articles',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    quantity: integer('quantity').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('pack_articles_uq').on(t.eventId, t.packId, t.articleId),
    index('pack_articles_event_article_idx').on(t.eventId, t.articleId),
    check('pack_articles_quantity_ck', sql`${t.quantity} >= 1`),
  ],
);

/** Where a pack is sold; a pack without rows is sold in every location. */
export const packLocations = pgTable(
  'pack_locations',
  {
    eventId: eventId(),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
  },
  (t) => [
    uniqueIndex('pack_locations_uq').on(t.eventId, t.packId, t.locationId),
    index('pack_locations_event_location_idx').on(t.eventId, t.locationId),
  ],
);
