import { sql } from 'drizzle-orm';
import {
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
import { articles } from './articles';
import { events } from './events';
import { addons } from './flags';
import { images } from './uploads';
import { locations, timeRanges, zones } from './venue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const eventId = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });
const rolId = () =>
  integer('rol_id')
    .notNull()
    .references(() => rols.id, { onDelete: 'cascade' });

/**
 * Ticket roles ("rols", 02-catalogue §3 Role): ticket types of an event, at most 127 per event. Their
 * lists are child rows with foreign keys (no cascade from the venue, the articles or the add-ons), so
 * deleting a zone, time range, location, article or add-on a rol still names is refused instead of
 * leaving a dangling id; the children go with their rol. Wristbands, tickets and the articles' banned
 * roles name rols by plain ids (history must survive): the service refuses deleting a rol they hold.
 */
export const rols = pgTable(
  'rols',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    name: text('name').notNull(),
    /** Cents of the financial currency. */
    price: integer('price').notNull().default(0),
    /** Gift balance (cents) loaded with the ticket. */
    amountBonus: integer('amount_bonus').notNull().default(0),
    category: text('category'),
    /** 1: validated at every location ([%]); 0: at those of rol_locations (kind T). */
    allLocations: smallint('all_locations').notNull().default(1),
    /** 1: pre-top-ups at every location ([%]); 0: at those of rol_locations (kind P). */
    allPreTopUpLocations: smallint('all_pre_top_up_locations').notNull().default(1),
    tagRequired: smallint('tag_required').notNull().default(1),
    /** pictureFull: the 500 × 140 image. */
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    dateUpdateImage: ts('date_update_image'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rols_event_name_uq').on(t.eventId, sql`lower(${t.name})`),
    check('rols_price_ck', sql`${t.price} >= 0 and ${t.amountBonus} >= 0`),
  ],
);

/** The locations of a rol: T where it is validated, P where its pre-top-ups are loaded. */
export const rolLocations = pgTable(
  'rol_locations',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    rolId: rolId(),
    kind: text('kind').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
  },
  (t) => [
    uniqueIndex('rol_locations_uq').on(t.eventId, t.rolId, t.kind, t.locationId),
    index('rol_locations_event_location_idx').on(t.eventId, t.locationId),
    check('rol_locations_kind_ck', sql`${t.kind} in ('T', 'P')`),
  ],
);

/** The time ranges a rol can be validated in (ticketing). */
export const rolTimeRanges = pgTable(
  'rol_time_ranges',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    rolId: rolId(),
    timeRangeId: integer('time_range_id')
      .notNull()
      .references(() => timeRanges.id),
  },
  (t) => [
    uniqueIndex('rol_time_ranges_uq').on(t.eventId, t.rolId, t.timeRangeId),
    index('rol_time_ranges_event_time_range_idx').on(t.eventId, t.timeRangeId),
  ],
);

/** rolesAccess: a zone during a time range, n_access times (-1 unlimited); one entry per pair. */
export const rolAccess = pgTable(
  'rol_access',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    rolId: rolId(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id),
    timeRangeId: integer('time_range_id')
      .notNull()
      .references(() => timeRanges.id),
    nAccess: integer('n_access').notNull().default(-1),
  },
  (t) => [
    uniqueIndex('rol_access_uq').on(t.eventId, t.rolId, t.zoneId, t.timeRangeId),
    index('rol_access_event_zone_idx').on(t.eventId, t.zoneId),
    index('rol_access_event_time_range_idx').on(t.eventId, t.timeRangeId),
    check('rol_access_n_ck', sql`${t.nAccess} = -1 or ${t.nAccess} >= 1`),
  ],
);

/** idAddons: the add-ons a rol comes with. */
export const rolAddons = pgTable(
  'rol_addons',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    rolId: rolId(),
    addonId: integer('addon_id')
      .notNull()
      .references(() => addons.id),
  },
  (t) => [
    uniqueIndex('rol_addons_uq').on(t.eventId, t.rolId, t.addonId),
    index('rol_addons_event_addon_idx').on(t.eventId, t.addonId),
  ],
);

/** The articles a rol comes with (quantity at least 1). */
export const rolArticles = pgTable(
  'rol_articles',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    rolId: rolId(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    uniqueIndex('rol_articles_uq').on(t.eventId, t.rolId, t.articleId),
    index('rol_articles_event_article_idx').on(t.eventId, t.articleId),
    check('rol_articles_quantity_ck', sql`${t.quantity} >= 1`),
  ],
);
