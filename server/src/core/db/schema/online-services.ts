import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';
import { images } from './uploads';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const image = (name: string) => integer(name).references(() => images.id, { onDelete: 'set null' });

/**
 * An event's online top-up site (01-console §3 online-services fields). The slug, subdomain and the
 * online-services dates are columns of `events` (the chooser reads them); the rest lives here, one
 * row per configured event. `updated_at` is the version a save must name (no silent overwrite).
 */
export const eventOnlineServices = pgTable('event_online_services', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  /** By language iso. */
  infoText: jsonb('info_text').$type<Record<string, string>>().notNull().default({}),
  needsCodeCheck: smallint('needs_code_check').notNull().default(0),
  manuallyTopUp: smallint('manually_top_up').notNull().default(0),
  /** Cents of the event's financial currency. */
  minTopUp: integer('min_top_up').notNull(),
  maxTopUp: integer('max_top_up').notNull(),
  recaptchaSiteKey: text('recaptcha_site_key'),
  /** Write-only through the API: answered only as "set or not". */
  recaptchaSecret: text('recaptcha_secret'),
  colors: jsonb('colors')
    .$type<{ primary: string; accent: string; headerText: string; background: string }>()
    .notNull(),
  gradient: jsonb('gradient').$type<{ enabled: 0 | 1; from: string; to: string; angle: number }>().notNull(),
  headerImageId: image('header_image_id'),
  loginImageId: image('login_image_id'),
  faviconImageId: image('favicon_image_id'),
  backgroundImageId: image('background_image_id'),
  /** rfid, ticket or rfidAndTicket. */
  loginMethod: text('login_method').notNull().default('rfidAndTicket'),
  knownTicketsOnly: smallint('known_tickets_only').notNull().default(0),
  cardBrands: text('card_brands').array().notNull().default(sql`'{}'::text[]`),
  queue: jsonb('queue')
    .$type<{ enabled: 0 | 1; scripts: { type: string; src: string; function: string }[] }>()
    .notNull()
    .default({ enabled: 0, scripts: [] }),
  redirectSuccess: text('redirect_success'),
  redirectFailure: text('redirect_failure'),
  redirectCancel: text('redirect_cancel'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
