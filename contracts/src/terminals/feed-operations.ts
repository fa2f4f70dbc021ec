/**
 * The operations a terminal sends in a sync: each with its unique id (a uuid the terminal makes) and
 * its device time. Amounts are integer cents of the event's financial currency.
 */
import { z } from 'zod';
import { CHECK_CODE_MAX, DATE_BOUNDS, SERIAL_LENGTH } from '../constants';
import { INT4_MAX, id } from '../inputs';
import { ACCESS_CODES, MAX_OPERATION_CENTS, OPERATION_TYPES, PAYMENT_TYPES } from './feed';

const intId = id();
const cents = z.number().int().min(-MAX_OPERATION_CENTS).max(MAX_OPERATION_CENTS);
const positiveCents = z.number().int().min(0).max(MAX_OPERATION_CENTS);
/** A wristband serial as the NFC chip reports it; normalised to upper case. */
export const RfidSerial = z
  .string()
  .trim()
  .toUpperCase()
  .min(SERIAL_LENGTH.min, { error: `validation.minLength|{"minLength":${SERIAL_LENGTH.min}}` })
  .max(SERIAL_LENGTH.max)
  .regex(/^[0-9A-Z]+$/, { error: 'validation.alphanumeric' });
const codeCheck = z.string().trim().toUpperCase().max(CHECK_CODE_MAX);
const deviceTime = z.iso
  .datetime({ offset: true })
  .refine((v) => v >= DATE_BOUNDS.min && v <= `${DATE_BOUNDS.max}T23:59:59.999Z`, {
    error: `validation.feedDeviceTime|{"min":"${DATE_BOUNDS.min}","max":"${DATE_BOUNDS.max}"}`,
  });

const base = {
  /** Unique id of the operation (uuid); answered in lower case. */
  id: z.guid().transform((s) => s.toLowerCase()),
  deviceTime,
  staffId: intId.optional(),
  locationId: intId.optional(),
  /**
   * Fleet health: the operation's sequence number on its terminal (1, 2, 3… per device, never
   * reused). Optional, so older terminals still sync; the numbers that never arrive are the gaps.
   */
  seq: z.number().int().min(1).max(INT4_MAX).optional(),
};

const ArticleQuantity = z.object({ idArticle: intId, quantity: z.number().int().min(1).max(10_000) });

/** A balance operation of any type code: top-up, bonus, refund, online top-up loaded, add-on… */
export const TopUpOperation = z.object({
  kind: z.literal('topup'),
  ...base,
  rfid: RfidSerial,
  codeCheck: codeCheck.optional(),
  type: z.enum(OPERATION_TYPES),
  paymentType: z.enum(PAYMENT_TYPES).optional(),
  /** Change of the cash balance (signed cents). */
  amount: cents,
  /** Change of the gift balance (signed cents). */
  bonus: cents.default(0),
  /** Money that changed hands (cents). */
  money: positiveCents.default(0),
  fee: positiveCents.default(0),
  articles: z.array(ArticleQuantity).max(100).default([]),
  /** Flag ids the operation grants (an add-on, a role). */
  flags: z.array(intId).max(64).default([]),
  supervisorId: intId.optional(),
  ref: z.string().trim().max(100).optional(),
  /** The add-on of an add-on code (AM, AV, AS…); it must exist in the event. */
  addonId: intId.optional(),
});

const SaleLine = z
  .object({
    idArticle: intId,
    quantity: z.number().int().min(1).max(10_000),
    /** Unit price in cents. */
    price: positiveCents,
    quantityGift: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((l) => l.quantityGift <= l.quantity, {
    error: 'validation.feedGiftQuantity',
    path: ['quantityGift'],
  });

const SalePayment = z.object({
  type: z.enum(PAYMENT_TYPES),
  amount: positiveCents,
  /** The wristband paying (S and B); defaults to the sale's wristband. */
  rfid: RfidSerial.optional(),
});

/** A sale (or, with isDevolution, a devolution that gives the payments back). */
export const SaleOperation = z.object({
  kind: z.literal('sale'),
  ...base,
  rfid: RfidSerial.optional(),
  codeCheck: codeCheck.optional(),
  lines: z.array(SaleLine).min(1).max(200),
  payments: z.array(SalePayment).max(20).default([]),
  isDevolution: z.boolean().default(false),
  numPayers: z.number().int().min(1).max(50).optional(),
  /** An add-on sold with the order (counted as an add-on sale; a devolution takes it back). */
  addonId: intId.optional(),
  /**
   * A metre (waiter) order: the kitchen that prepares it and the room and seat it was ordered from
   * (the metre sales report). Each must be a kitchen / room of the event.
   */
  kitchenId: intId.optional(),
  roomId: intId.optional(),
  seatName: z.string().trim().min(1).max(100).optional(),
});

/**
 * A kitchen or metre order that failed on the terminal (printer unreachable, article not on the
 * menu…): listed in admin/reports/order-errors (02-catalogue §2 Order errors).
 */
export const OrderErrorOperation = z.object({
  kind: z.literal('orderError'),
  ...base,
  message: z.string().trim().min(1).max(500),
  seatName: z.string().trim().min(1).max(100).optional(),
  roomId: intId.optional(),
  kitchenId: intId.optional(),
});

export const AccessOperation = z.object({
  kind: z.literal('access'),
  ...base,
  rfid: RfidSerial.optional(),
  codeCheck: codeCheck.optional(),
  ticketCode: z.string().trim().min(1).max(64).optional(),
  acceso: z.enum(ACCESS_CODES),
  zoneFrom: intId.nullable().optional(),
  zoneTo: intId.nullable().optional(),
  gateId: intId.optional(),
  lastZone: intId.nullable().optional(),
  roleId: intId.optional(),
});

/** A ticket validated at the entrance: binds ticket, wristband and customer. */
export const TicketValidationOperation = z.object({
  kind: z.literal('ticketValidation'),
  ...base,
  ticketCode: z.string().trim().min(1).max(64),
  rfid: RfidSerial,
  codeCheck: codeCheck.optional(),
  roleId: intId.optional(),
  customer: z
    .object({
      name: z.string().trim().max(200).optional(),
      email: z.string().trim().max(200).optional(),
      localizer: z.string().trim().max(64).optional(),
    })
    .optional(),
});

export const RoleRecordingOperation = z.object({
  kind: z.literal('roleRecording'),
  ...base,
  rfid: RfidSerial,
  codeCheck: codeCheck.optional(),
  roleId: intId,
  flags: z.array(intId).max(64).default([]),
});

/** A wristband replaced by another: balances, customer, flags and role move to the new one. */
export const WristbandChangeOperation = z.object({
  kind: z.literal('wristbandChange'),
  ...base,
  sourceRfid: RfidSerial,
  endRfid: RfidSerial,
  endCodeCheck: codeCheck.optional(),
});

export const PresenceOperation = z.object({
  kind: z.literal('presence'),
  ...base,
  staffId: intId,
  type: z.enum(['in', 'out']),
  controllerId: intId.optional(),
});

/**
 * A cash desk closed at the end of a staff member's shift: the cash the terminal expected in the
 * drawer (what it took in cash minus what it paid out, since the last close of that staff member on
 * it) and the cash counted. The console's staff cash-up sets the count beside its own figure.
 */
export const CashCloseOperation = z.object({
  kind: z.literal('cashClose'),
  ...base,
  staffId: intId,
  expected: cents,
  counted: positiveCents,
});

export const SyncOperation = z.discriminatedUnion('kind', [
  TopUpOperation,
  SaleOperation,
  AccessOperation,
  TicketValidationOperation,
  RoleRecordingOperation,
  WristbandChangeOperation,
  PresenceOperation,
  OrderErrorOperation,
  CashCloseOperation,
]);
export type SyncOperation = z.infer<typeof SyncOperation>;
/** What a terminal writes (defaults optional). */
export type SyncOperationInput = z.input<typeof SyncOperation>;
export const SYNC_KINDS = [
  'topup',
  'sale',
  'access',
  'ticketValidation',
  'roleRecording',
  'wristbandChange',
  'presence',
  'orderError',
  'cashClose',
] as const;
