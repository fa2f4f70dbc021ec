/**
 * GET /device/config: what a terminal loads of its event after signing in — its locations and their
 * menus (articles at the location's price, with their sticks), staff, zones and gates, ticket roles,
 * flags, add-ons and kitchens. The ids are the ones its operations name (the sync refuses others).
 */
import { z } from 'zod';

const intId = z.number().int();

export const DeviceConfig = z.object({
  /**
   * The configuration's version (a hash of the rest): the answer's ETag. A terminal that sends it back
   * in If-None-Match gets 304 and no body while nothing changed.
   */
  version: z.string(),
  event: z.object({
    id: intId,
    name: z.string(),
    /** IANA time zone of the event's dates and times. */
    timeZone: z.string(),
    language: z.string(),
    /** The financial currency amounts are in (null: none set). */
    currency: z.object({ iso: z.string(), symbol: z.string() }).nullable(),
  }),
  locations: z.array(
    z.object({
      id: intId,
      name: z.string(),
      /** NFC activity codes (V sale, C top-up, K kiosk, P presence, A access…). */
      activities: z.array(z.string()),
      active: z.boolean(),
    }),
  ),
  /** The event's articles at their base price (cents). */
  articles: z.array(z.object({ id: intId, name: z.string(), price: z.number().int() })),
  /** Each location's menu: its visible articles with a price, in menu order, and their sticks. */
  menus: z.array(
    z.object({
      location: intId,
      items: z.array(z.object({ id: intId, name: z.string(), price: z.number().int() })),
      sticks: z.array(
        z.object({ parent: intId, child: intId, quantity: z.number().int(), price: z.number().int() }),
      ),
    }),
  ),
  /**
   * The staff who may sign in on the event's terminals: their staff wristband's serial (null: none)
   * and the locations they may work at (null: all).
   */
  staff: z.array(
    z.object({
      id: intId,
      name: z.string(),
      trusts: z.string(),
      active: z.boolean(),
      rfid: z.string().nullable(),
      locationIds: z.array(intId).nullable(),
    }),
  ),
  zones: z.array(z.object({ id: intId, name: z.string(), parentId: intId.nullable() })),
  gates: z.array(
    z.object({
      id: intId,
      name: z.string(),
      zoneFromId: intId.nullable(),
      zoneToId: intId,
      locationId: intId.nullable(),
      active: z.boolean(),
    }),
  ),
  roles: z.array(z.object({ id: intId, name: z.string() })),
  flags: z.array(z.object({ id: intId, flagNumber: z.number().int() })),
  addons: z.array(
    z.object({
      id: intId,
      amountCash: z.number().int(),
      amountBonus: z.number().int(),
      flags: z.array(intId),
    }),
  ),
  kitchens: z.array(z.object({ id: intId, locationId: intId, rooms: z.array(intId) })),
});
export type DeviceConfig = z.infer<typeof DeviceConfig>;
