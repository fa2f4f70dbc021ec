import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
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
import { events } from './events';
import { images } from './uploads';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const eventId = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/**
 * The venue and its access (02-catalogue §3 Location, Zone, Kitchen, Room, Time range; gates are our
 * design). References between these tables have no cascade: a delete of something still used fails
 * (the services refuse it first with a clear 409); deleting the event removes them all.
 */

/** Zones (admin/access/zones). id_unique is a number unique within the event. */
export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    idUnique: integer('id_unique').notNull(),
    name: text('name').notNull(),
    /** S allow, W warning, N deny. */
    modeDoubleIn: text('mode_double_in').notNull().default('W'),
    parentId: integer('parent_id').references((): AnyPgColumn => zones.id),
    /** -1 means no capacity control. */
    capacity: integer('capacity').notNull().default(-1),
    noCheckCapacity: integer('no_check_capacity').notNull().default(0),
    resetCapacity: smallint('reset_capacity').notNull().default(1),
    resetHour: time('reset_hour').notNull().default('00:00:00'),
    /** 1: the terminals of this zone read wristbands but write nothing on them (02-catalogue §3). */
    denyWrite: smallint('deny_write').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('zones_event_unique_uq').on(t.eventId, t.idUnique),
    index('zones_event_parent_idx').on(t.eventId, t.parentId),
  ],
);

/** Gates (admin/access/gates): a passage from a zone (null = outside) into another. */
export const gates = pgTable(
  'gates',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    name: text('name').notNull(),
    zoneFromId: integer('zone_from_id').references(() => zones.id),
    zoneToId: integer('zone_to_id')
      .notNull()
      .references(() => zones.id),
    locationId: integer('location_id').references((): AnyPgColumn => locations.id),
    /** in, out or both. */
    direction: text('direction').notNull().default('both'),
    active: smallint('active').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('gates_event_idx').on(t.eventId),
    index('gates_event_zone_from_idx').on(t.eventId, t.zoneFromId),
    index('gates_event_zone_to_idx').on(t.eventId, t.zoneToId),
    index('gates_event_location_idx').on(t.eventId, t.locationId),
  ],
);

/** Locations (admin/events/locations): bars, top-up points, access points of the event. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    idUnique: integer('id_unique').notNull(),
    name: text('name').notNull(),
    /** 'S' internal, 'N' not. */
    intern: text('intern').notNull().default('N'),
    /** NFC activity codes V C I K P A T. */
    activities: text('activities').array().notNull().default(sql`'{}'::text[]`),
    /** B bar, R restaurant, S shop. */
    category: text('category'),
    additionalTypes: text('additional_types').array().notNull().default(sql`'{}'::text[]`),
    inactiveAt: ts('inactive_at'),
    /** The validate-and-access gate; null means any. */
    gateId: integer('gate_id').references((): AnyPgColumn => gates.id),
    prefix: text('prefix'),
    externalAnalyticsId: text('external_analytics_id'),
    /** The receipt logo (200 × 200). */
    receiptLogoId: integer('receipt_logo_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('locations_event_unique_uq').on(t.eventId, t.idUnique),
    uniqueIndex('locations_event_prefix_uq')
      .on(t.eventId, sql`lower(${t.prefix})`)
      .where(sql`${t.prefix} is not null`),
    index('locations_event_gate_idx').on(t.eventId, t.gateId),
  ],
);

/** Rooms (admin/events/rooms). id_unique_event is the highest existing one plus one. */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    idUniqueEvent: integer('id_unique_event').notNull(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rooms_event_unique_uq').on(t.eventId, t.idUniqueEvent)],
);

/** Kitchens (admin/events/kitchens) with their printers and the rooms they serve. */
export const kitchens = pgTable(
  'kitchens',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    name: text('name').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('kitchens_event_location_idx').on(t.eventId, t.locationId)],
);

export const kitchenPrinters = pgTable(
  'kitchen_printers',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    kitchenId: integer('kitchen_id')
      .notNull()
      .references(() => kitchens.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ip: text('ip').notNull(),
  },
  (t) => [index('kitchen_printers_event_kitchen_idx').on(t.eventId, t.kitchenId)],
);

export const kitchenRooms = pgTable(
  'kitchen_rooms',
  {
    eventId: eventId(),
    kitchenId: integer('kitchen_id')
      .notNull()
      .references(() => kitchens.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
  },
  (t) => [
    uniqueIndex('kitchen_rooms_uq').on(t.eventId, t.kitchenId, t.roomId),
    index('kitchen_rooms_event_room_idx').on(t.eventId, t.roomId),
  ],
);

/** Time ranges (admin/access/timeRange): calendar dates, hours of the day and weekdays LMXJVSD. */
export const timeRanges = pgTable(
  'time_ranges',
  {
    id: serial('id').primaryKey(),
    eventId: eventId(),
    name: text('name').notNull(),
    dateStart: date('date_start', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }).notNull(),
    timeStart: time('time_start').notNull().default('00:00:00'),
    timeEnd: time('time_end').notNull().default('23:59:59'),
    weekdays: text('weekdays').notNull().default('LMXJVSD'),
    accessUsage: integer('access_usage').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('time_ranges_event_idx').on(t.eventId, t.dateStart)],
);
