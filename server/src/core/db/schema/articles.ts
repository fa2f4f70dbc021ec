import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { images } from './uploads';
import { locations } from './venue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const eventId = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/** Event articles (02-catalogue §3 Article). The catalogue issue extends this table. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Base price in cents of the financial currency. */
    basePrice: integer('base_price').notNull().default(0),
    /** pictureFull: the 200 × 200 image. */
    imageId: integer('image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    qrPrint: smallint('qr_print').notNull().default(0),
    /** idBase: the article this one is a complement of (null = none). */
    baseId: integer('base_id').references((): AnyPgColumn => articles.id),
    /** Only as a gift (0/1). */
    gift: smallint('gift').notNull().default(0),
    onlyAdults: smallint('only_adults').notNull().default(0),
    /** bannedRols: ticket roles that may not buy it (plain ids: roles live in their own area). */
    bannedRoleIds: integer('banned_role_ids').array().notNull().default(sql`'{}'::integer[]`),
    isNoteRequired: smallint('is_note_required').notNull().default(0),
    suggestedComments: jsonb('suggested_comments')
      .$type<{ uuid: string; text: string }[]>()
      .notNull()
      .default([]),
    externalAnalyticsId: text('external_analytics_id'),
    /** permite_importe_manual: 'S' lets the staff type the amount. */
    manualAmount: text('manual_amount').notNull().default('N'),
    /** id_complemento: the ticketing complement it stands for. */
    complementId: integer('complement_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('articles_event_idx').on(t.eventId),
    index('articles_event_name_idx').on(t.eventId, sql`lower(${t.name})`),
    index('articles_event_base_idx').on(t.eventId, t.baseId),
  ],
);

/**
 * The rest of the article catalogue (02-catalogue §3 Article, Location article, Stick relation; packs
 * are our design). An article's own settings (flags, add-ons, exchanges) go with it. Menus, sticks and
 * packs reference articles without cascade: deleting an article still used is refused (409) by the
 * service first. A location's menu and sticks are the location's own configuration and go with it;
 * a pack's locations do not (deleting a location a pack is sold in is refused).
 */

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
