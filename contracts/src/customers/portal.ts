import { z } from 'zod';
import { Bonus } from '../catalogue/bonuses';
import { Fee } from '../catalogue/fees';
import { LOGIN_METHODS, OnlineColors, OnlineGradient, QUEUE_SCRIPT_TYPES } from '../events/online-services';
import { EventCurrency } from '../money-schemas';
import { EXTRACT_OPERATIONS } from './customers';

/**
 * The attendee portal (issue 28): the online top-up site an event's online services configure. Its
 * public description (`GET /api/portal/{slug}`), the sign-in by the event's login method, and the
 * signed-in attendee's balance and history. Nothing here is a secret: the reCAPTCHA secret stays on
 * the server. Choices the spec leaves open: docs/decisions/customers.md "Attendee portal".
 */

/** The attendee's session travels as `Authorization: Bearer <token>` (never the console's `token`). */
export const PORTAL_AUTH_HEADER = 'authorization';
/** Hours an attendee's session lasts (hours, not the console's days). */
export const PORTAL_SESSION_HOURS = 4;

export const PortalSlugParams = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(60),
});

/** `open`: inside the online-services dates (or none set); else when it opens or when it closed. */
export const PORTAL_STATES = ['open', 'notYetOpen', 'closed'] as const;
export type PortalState = (typeof PORTAL_STATES)[number];

/** GET /api/portal/{slug}: what the site shows before anyone signs in. */
export const PortalSite = z.object({
  slug: z.string(),
  eventName: z.string(),
  timeZone: z.string(),
  state: z.enum(PORTAL_STATES),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  colors: OnlineColors,
  gradient: OnlineGradient,
  images: z.object({
    header: z.string().nullable(),
    login: z.string().nullable(),
    favicon: z.string().nullable(),
    background: z.string().nullable(),
  }),
  /** The info text by language iso (the attendee's language is picked by the site). */
  infoText: z.record(z.string(), z.string()),
  loginMethod: z.enum(LOGIN_METHODS),
  needsCodeCheck: z.union([z.literal(0), z.literal(1)]),
  recaptchaSiteKey: z.string().nullable(),
  minTopUp: z.number().int(),
  maxTopUp: z.number().int(),
  manuallyTopUp: z.union([z.literal(0), z.literal(1)]),
  currency: EventCurrency,
  /**
   * The waiting room (online services' queue configuration), null when it is off: the site loads
   * these scripts in order and waits for the last one's function before it shows itself.
   */
  queue: z
    .array(z.object({ type: z.enum(QUEUE_SCRIPT_TYPES), src: z.string(), function: z.string() }))
    .nullable(),
});
export type PortalSite = z.infer<typeof PortalSite>;

const serial = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(64)
  .regex(/^[\w:-]+$/, { error: 'validation.invalid' });
const checkCode = z.string().trim().max(64).optional().default('');
const ticket = z
  .string()
  .trim()
  .min(4, { error: 'validation.minLength|{"minLength":4}' })
  .max(64)
  .regex(/^[\w-]+$/, { error: 'validation.invalid' });
const captcha = z.string().max(4000).optional().default('');

/** POST /api/portal/{slug}/session: by wristband (serial, check code) or by ticket code. */
export const PortalSignIn = z.discriminatedUnion('method', [
  z.object({ method: z.literal('rfid'), serial, checkCode, captcha }),
  z.object({ method: z.literal('ticket'), ticketCode: ticket, captcha }),
]);
export type PortalSignIn = z.input<typeof PortalSignIn>;

/**
 * POST /api/portal/{slug}/lost/move: a lost wristband's balance moved to a new one, named by its
 * serial and check code (both printed on it).
 */
export const PortalMoveWristband = z.object({
  serial,
  checkCode: z.string().trim().min(1, { error: 'validation.required' }).max(64),
});
export type PortalMoveWristband = z.input<typeof PortalMoveWristband>;

export const PortalSession = z.object({ token: z.string(), expiresAt: z.string() });
export type PortalSession = z.infer<typeof PortalSession>;

/** One operation of the wristband as the customer extract shows it (cents, signed; articles named). */
export const PortalOperation = z.object({
  idType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  idUnique: z.number().int(),
  date: z.string(),
  operation: z.enum(EXTRACT_OPERATIONS),
  /** Top-up type code (N, O, O-WA…), a sale's payment types (S+B), or SEPA. */
  type: z.string(),
  amount: z.number().int(),
  accumulate: z.number().int(),
  location: z.string().nullable(),
  articles: z.array(z.object({ quantity: z.number().int(), name: z.string() })),
  /** The token of its receipt's page (top-ups and sales), else null. */
  receipt: z.string().nullable(),
});
export type PortalOperation = z.infer<typeof PortalOperation>;

export const PORTAL_TOP_UP_STATES = ['pending', 'paid', 'rejected', 'refunded'] as const;
export type PortalTopUpState = (typeof PORTAL_TOP_UP_STATES)[number];

export const PortalOnlineTopUp = z.object({
  id: z.number().int(),
  date: z.string(),
  state: z.enum(PORTAL_TOP_UP_STATES),
  /** Cash (cents) and bonus the top-up loads; total what was paid. */
  amount: z.number().int(),
  bonus: z.number().int(),
  total: z.number().int(),
  /** When it reached the wristband at a terminal (null: not yet). */
  deliveredAt: z.string().nullable(),
  card: z.string().nullable(),
});
export type PortalOnlineTopUp = z.infer<typeof PortalOnlineTopUp>;

/** GET /api/portal/me: the signed-in attendee's wristband, its extract and their online top-ups. */
export const PortalAccount = z.object({
  eventName: z.string(),
  wristband: z
    .object({
      serial: z.string(),
      cash: z.number().int(),
      gift: z.number().int(),
      /** Banned (reported lost on the portal, or by the organiser): nobody can pay or top up with it. */
      blocked: z.boolean(),
    })
    .nullable(),
  ticketCode: z.string().nullable(),
  operations: z.array(PortalOperation),
  onlineTopUps: z.array(PortalOnlineTopUp),
  /** The attendee's request for their money back by bank transfer, and where its payout stands. */
  refund: z
    .object({
      amount: z.number().int(),
      fee: z.number().int(),
      status: z.enum(['pending', 'inRun', 'paid', 'rejected']),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    })
    .nullable(),
  currency: EventCurrency,
});
export type PortalAccount = z.infer<typeof PortalAccount>;

/** Amounts offered as buttons (cents of the financial currency), kept within the event's limits. */
export const PORTAL_PRESET_AMOUNTS = [1000, 2000, 5000, 10_000] as const;

/**
 * GET /api/portal/{slug}/top-up: what the amount screen needs to show a top-up's bonus and fee before
 * paying, through `topUpAmounts` (channel online): the online bonuses and the fees for every
 * location and device, this wristband's next top-up number, the limits and the preset amounts.
 */
export const PortalTopUpOptions = z.object({
  minTopUp: z.number().int(),
  maxTopUp: z.number().int(),
  manuallyTopUp: z.union([z.literal(0), z.literal(1)]),
  presets: z.array(z.number().int()),
  cardBrands: z.array(z.string()),
  timeZone: z.string(),
  topUpNumber: z.number().int(),
  bonuses: z.array(Bonus),
  fees: z.array(Fee),
  currency: EventCurrency,
  /** Whether card payment is open (the server has a Stripe secret key). */
  cardPayment: z.boolean(),
});
export type PortalTopUpOptions = z.infer<typeof PortalTopUpOptions>;

/** POST /api/portal/{slug}/top-ups: the amount (cents to the cash balance) to pay by card. */
export const PortalTopUpStart = z.object({ amount: z.number().int().positive() });
export type PortalTopUpStart = z.infer<typeof PortalTopUpStart>;

/** The card top-up started: its id (for the result page) and the payment page to go to. */
export const PortalTopUpStarted = z.object({ id: z.number().int(), url: z.string() });
export type PortalTopUpStarted = z.infer<typeof PortalTopUpStarted>;

export const PortalTopUpParams = PortalSlugParams.extend({ id: z.coerce.number().int().positive() });

/** GET /api/portal/{slug}/top-ups/{id}: a card top-up's state (the result page polls it). */
export const PortalTopUpResult = z.object({
  id: z.number().int(),
  state: z.enum(PORTAL_TOP_UP_STATES),
  amount: z.number().int(),
  bonus: z.number().int(),
  fee: z.number().int(),
  money: z.number().int(),
});
export type PortalTopUpResult = z.infer<typeof PortalTopUpResult>;

/** A receipt's token (receipt-token.ts on the server): 37 bytes in base64url, nothing else. */
export const PortalReceiptParams = PortalSlugParams.extend({
  token: z.string().regex(/^[A-Za-z0-9_-]{50}$/),
});

/**
 * GET /api/portal/{slug}/receipts/{token}: one operation's receipt, for whoever holds its link (an
 * e-mail, the history, a terminal's QR). Cents of the financial currency; `vat` is the share of
 * the total that is the event's VAT (when the event has a rate).
 */
export const PortalReceipt = z.object({
  eventName: z.string(),
  timeZone: z.string(),
  currency: EventCurrency,
  kind: z.enum(['sale', 'topUp']),
  /** A sale given back (the money returns to the wristband). */
  devolution: z.boolean(),
  date: z.string(),
  location: z.string().nullable(),
  serial: z.string().nullable(),
  /** The articles: quantity, name, unit price and the line's total (gifts not charged). */
  lines: z.array(
    z.object({
      quantity: z.number().int(),
      gift: z.number().int(),
      name: z.string(),
      unitPrice: z.number().int(),
      total: z.number().int(),
    }),
  ),
  total: z.number().int(),
  /** How a sale was paid: S cash balance, B bonus, T card, O other. */
  payments: z.array(z.object({ type: z.string(), amount: z.number().int() })),
  /** A top-up's amounts: to the cash balance, the bonus, the fee, the money that changed hands. */
  topUp: z
    .object({
      type: z.string(),
      paymentType: z.string().nullable(),
      amount: z.number().int(),
      bonus: z.number().int(),
      fee: z.number().int(),
      money: z.number().int(),
      card: z.string().nullable(),
    })
    .nullable(),
  vat: z.object({ rate: z.number(), amount: z.number().int() }).nullable(),
});
export type PortalReceipt = z.infer<typeof PortalReceipt>;
