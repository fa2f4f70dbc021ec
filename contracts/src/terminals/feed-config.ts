/**
 * GET /device/config: what a terminal loads of its event after signing in — its locations and their
 * menus (articles at the location's price, with their sticks), staff, zones and gates, ticket roles,
 * flags, add-ons and kitchens. The ids are the ones its operations name (the sync refuses others).
 */
import { z } from 'zod';
import { EventCurrency } from '../money-schemas';

const intId = z.number().int();

/** A bonus as `topUpAmounts` reads it (contracts/src/catalogue/top-up-amounts.ts). */
const TerminalBonusRule = z.object({
  id: intId,
  plus: z.number().int(),
  percent: z.number(),
  minRecharge: z.number().int(),
  maxRecharge: z.number().int(),
  minNumTopUp: z.number().int(),
  maxNumTopUp: z.number().int(),
  dateStart: z.string(),
  dateEnd: z.string(),
  timeStart: z.string(),
  timeEnd: z.string(),
  dayWeek: z.string(),
  applyServicesOnline: z.union([z.literal(0), z.literal(1)]),
  locationsAvailable: z.array(intId),
  articles: z.array(z.object({ idArticle: intId, quantity: z.number().int() })),
});

/** A fee as `topUpAmounts` reads it. */
const TerminalFeeRule = z.object({
  id: intId,
  fee: z.number().int(),
  nRechargeIni: z.number().int(),
  nRechargeEnd: z.number().int(),
  minRecharge: z.number().int(),
  maxRecharge: z.number().int(),
  dateStart: z.string(),
  dateEnd: z.string(),
  idLocations: z.array(intId),
  idDevices: z.array(intId),
});

/** The offline limits' defaults (settings TERMINAL_OFFLINE_HOURS, TERMINAL_OFFLINE_WRISTBAND_CENTS). */
export const OFFLINE_LIMIT_DEFAULTS = { hours: 24, wristbandCents: 10_000 } as const;
/** The top-up point's amount buttons (cents). */
export const TERMINAL_TOP_UP_PRESETS = [500, 1000, 2000, 5000] as const;

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
    /** The money amounts are in (financial) and are shown in (display, at its rate), as the console shows it. */
    currency: EventCurrency,
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
   * The console's packs (contracts terminals/pack-lines.ts): articles sold together for one price
   * (cents), at their locations (empty: every location) and between their dates (null: open).
   */
  packs: z.array(
    z.object({
      id: intId,
      name: z.string(),
      price: z.number().int(),
      articles: z.array(z.object({ idArticle: intId, quantity: z.number().int() })),
      locationIds: z.array(intId),
      dateStart: z.string().nullable(),
      dateEnd: z.string().nullable(),
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
      /**
       * The PIN the staff member may sign in with instead of their wristband: its salted PBKDF2 hash
       * (contracts/terminals/staff-pin.ts), checked on the terminal offline; null: none set.
       */
      pin: z.object({ hash: z.string(), salt: z.string() }).nullable(),
      locationIds: z.array(intId).nullable(),
    }),
  ),
  /**
   * The zone tree, each zone's double-entry mode (S allow, W warn, N deny), capacity (-1 none) and
   * entries without capacity check (the margin its gates admit over the capacity).
   */
  zones: z.array(
    z.object({
      id: intId,
      name: z.string(),
      parentId: intId.nullable(),
      modeDoubleIn: z.string(),
      capacity: z.number().int(),
      noCheckCapacity: z.number().int(),
    }),
  ),
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
  /**
   * What a gate decides by (contracts `decideAccess`): the time ranges, and the ticket roles' and
   * flags' access entries into the zones.
   */
  access: z.object({
    timeRanges: z.array(
      z.object({
        id: intId,
        dateStart: z.string(),
        dateEnd: z.string(),
        timeStart: z.string(),
        timeEnd: z.string(),
        weekdays: z.string(),
        /** The most passages a wristband makes while the range holds (0: no limit). */
        accessUsage: z.number().int(),
      }),
    ),
    roleAccess: z.array(
      z.object({ roleId: intId, zoneId: intId, timeRangeId: intId, nAccess: z.number().int() }),
    ),
    flagAccess: z.array(
      z.object({ flagId: intId, zoneId: intId, timeRangeId: intId, allowMultipleEntry: z.number().int() }),
    ),
    /** A ticket role's own time ranges: its access entries open only while one of them holds. */
    roleTimeRanges: z.array(z.object({ roleId: intId, timeRangeId: intId })),
  }),
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
  /**
   * What a top-up point applies with `topUpAmounts` (channel terminal): the event's bonuses and fees
   * (the rule filters them by location and device), and the amount buttons it shows.
   */
  topUp: z.object({
    bonuses: z.array(TerminalBonusRule),
    fees: z.array(TerminalFeeRule),
    presets: z.array(z.number().int().positive()),
    /**
     * The event's kiosk buttons (the console's kiosk configuration): a kiosk's top-up amounts with
     * their description (Spanish and English, as the console holds them), shown instead of `presets`.
     */
    kioskButtons: z.array(
      z.object({
        amount: z.number().int().positive(),
        description: z.object({ es: z.string(), en: z.string() }),
      }),
    ),
  }),
  /**
   * The payment methods (ALLOWED_PAYMENT_METHODS: letters C cash, T external TPV, L cashless, P pin pad,
   * I integrated TPV): the event's value and its exceptions by location and device (null: all). The
   * terminal takes the letters of its place with `paymentLettersAt` (contracts terminals/sale-payment.ts).
   */
  paymentMethods: z.object({
    value: z.string(),
    exceptions: z.array(
      z.object({ idLocation: intId.nullable(), idDevice: intId.nullable(), value: z.string() }),
    ),
  }),
  /**
   * The event's refund rules (the console's refund rules), which a kiosk applies with `kioskRefund`:
   * where (locations, devices; empty: all), when (local days and hours) and the least balance.
   */
  refunds: z.array(
    z.object({
      locationIds: z.array(intId),
      deviceIds: z.array(intId),
      dateStart: z.string(),
      dateEnd: z.string(),
      timeStart: z.string(),
      timeEnd: z.string(),
      minAmount: z.number().int(),
    }),
  ),
  /**
   * The offline limits (the event's parameters TERMINAL_OFFLINE_HOURS and
   * TERMINAL_OFFLINE_WRISTBAND_CENTS, else the server settings): the longest a terminal may sell without contact with the
   * server, and the most one wristband may spend on one terminal while its operations wait to be sent.
   */
  offlineLimits: z.object({
    maxOfflineSeconds: z.number().int().positive(),
    maxWristbandSpend: z.number().int(),
  }),
  /**
   * The event's ads the kiosk shows while idle (console Ads), in their order, with an image: dates in
   * the event's time zone, times of day and weekdays in UTC (contracts terminals/kiosk-ads.ts
   * `adShowing`). Absent in a configuration saved before ads travelled.
   */
  ads: z
    .array(
      z.object({
        id: intId,
        imageUrl: z.string(),
        dateStart: z.string(),
        dateEnd: z.string(),
        timeStartUtc: z.string(),
        timeEndUtc: z.string(),
        dayWeek: z.string(),
      }),
    )
    .optional(),
  /**
   * This terminal's own receipts (the configuration call adds them for the device that asks): the
   * address its receipt QR codes open in the event's portal (a token appended) and the key it signs
   * them with offline (`deviceReceiptToken`, contracts customers/receipt-token.ts); null when the
   * event's portal has no address.
   */
  receipts: z.object({ signer: intId, key: z.string(), url: z.string() }).nullable().optional(),
});
export type DeviceConfig = z.infer<typeof DeviceConfig>;
