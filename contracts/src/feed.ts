import { z } from 'zod';
import { FieldError } from './api';
import { CHECK_CODE_MAX, DATE_BOUNDS, SERIAL_LENGTH } from './constants';

/**
 * The terminal feed (issue 6): the device API of handhelds, kiosks and totems, and the rows the
 * customer lookup reads. Amounts are integer cents of the event's financial currency.
 */

/** 01-console §3 Device types: handheld, cash kiosk, card kiosk, access totem, vending machine. */
export const DEVICE_TYPES = ['PDA', 'CASH_KIOSK', 'CARD_KIOSK', 'ACCESS_TOTEM', 'VENDING'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Payment types: S cash, T credit card, O other, B bonus (in a sale S and B are the two balances). */
export const PAYMENT_TYPES = ['S', 'T', 'O', 'B'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Access codes: S allowed; W warning double entry; NT no permission; ND double entry; NC capacity full; NI no role. */
export const ACCESS_CODES = ['S', 'W', 'NT', 'ND', 'NC', 'NI'] as const;

/** 01-console §3 Operation type codes (the removed ones still arrive from old terminals). */
export const OPERATION_TYPES = [
  'N',
  'N-WA',
  'M',
  'M-E',
  'M-WA',
  'MC',
  'RV',
  'RV-WA',
  'RS',
  'RS-WA',
  'O',
  'O-WA',
  'D',
  'DP',
  'D-T',
  'R-E',
  'AM',
  'AV',
  'AM-WA',
  'AV-WA',
  'N-RS',
  'N-RE',
  'AS',
  'AS-WA',
  'T',
  'T-WA',
  'D-SA',
  'AS-C',
  'AS-CC',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/**
 * How each code may move the balances: credit (amount and bonus ≥ 0), debit (≤ 0), any (an add-on
 * bought with the balance takes cash and may give a bonus), replacement (only through a
 * wristband change, which writes N-RS on the old wristband and N-RE on the new one).
 */
export const OPERATION_DIRECTION: Record<OperationType, 'credit' | 'debit' | 'any' | 'replacement'> = {
  N: 'credit',
  'N-WA': 'credit',
  M: 'credit',
  'M-E': 'credit',
  'M-WA': 'credit',
  MC: 'debit',
  RV: 'credit',
  'RV-WA': 'credit',
  RS: 'credit',
  'RS-WA': 'credit',
  O: 'credit',
  'O-WA': 'credit',
  D: 'debit',
  DP: 'debit',
  'D-T': 'debit',
  'R-E': 'debit',
  AM: 'credit',
  AV: 'credit',
  'AM-WA': 'credit',
  'AV-WA': 'credit',
  'N-RS': 'replacement',
  'N-RE': 'replacement',
  AS: 'credit',
  'AS-WA': 'credit',
  T: 'credit',
  'T-WA': 'credit',
  'D-SA': 'debit',
  'AS-C': 'any',
  'AS-CC': 'credit',
};

/** Header carrying the device token (`Authorization: Bearer <token>` works too). */
export const DEVICE_TOKEN_HEADER = 'devicetoken';
/** Operations in one sync call. */
export const SYNC_MAX_OPERATIONS = 1000;
/** Largest amount of one operation, in cents (one million in the financial currency). */
export const MAX_OPERATION_CENTS = 100_000_000;
/** A secret key the console or a QR gives a device: long and random. */
export const DEVICE_SECRET_MIN = 16;

// ---------------------------------------------------------------------------------------------
// Devices

export const DeviceAuthRequest = z.object({
  serial: z.string().trim().min(1).max(64),
  secretKey: z.string().min(1).max(200),
});
export type DeviceAuthRequest = z.infer<typeof DeviceAuthRequest>;

export const DeviceAuthResult = z.object({
  token: z.string(),
  /** Seconds the token is valid. */
  expiresIn: z.number().int(),
  device: z.object({
    id: z.number().int(),
    n_serie: z.string(),
    type: z.enum(DEVICE_TYPES),
    model: z.string().nullable(),
  }),
  event: z.object({ id: z.number().int(), name: z.string(), zona_horaria: z.string() }),
});
export type DeviceAuthResult = z.infer<typeof DeviceAuthResult>;

/** 02-catalogue §3 Device, as the API returns it. */
export const Device = z.object({
  id: z.number().int(),
  n_serie: z.string(),
  model: z.string().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  type: z.enum(DEVICE_TYPES),
  owner: z.string().nullable(),
  dateInactive: z.string().nullable(),
  configured: z.union([z.literal(0), z.literal(1)]),
  idEvent: z.number().int().nullable(),
  lastContact: z.string().nullable(),
});
export type Device = z.infer<typeof Device>;

/**
 * Registers a device (or re-keys it when the serial exists) and assigns it to an event. Without a
 * secret key the server generates one; either way the key is answered once and stored hashed.
 */
export const DeviceRegister = z.object({
  n_serie: z.string().trim().min(1).max(64),
  model: z.string().trim().max(100).optional(),
  description: z.string().trim().max(200).optional(),
  type: z.enum(DEVICE_TYPES).default('PDA'),
  idEvent: z.number().int().positive(),
  secretKey: z.string().min(DEVICE_SECRET_MIN).max(200).optional(),
});
export type DeviceRegister = z.input<typeof DeviceRegister>;

export const DeviceRegistered = z.object({ device: Device, secretKey: z.string() });
export type DeviceRegistered = z.infer<typeof DeviceRegistered>;

// ---------------------------------------------------------------------------------------------
// Sync operations: each with its unique id (a uuid the terminal makes) and its device time.

const intId = z.number().int().positive();
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

export const SyncOperation = z.discriminatedUnion('kind', [
  TopUpOperation,
  SaleOperation,
  AccessOperation,
  TicketValidationOperation,
  RoleRecordingOperation,
  WristbandChangeOperation,
  PresenceOperation,
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
] as const;

/** Each operation is checked on its own, so the body only bounds the batch. */
export const SyncRequest = z.object({
  operations: z.array(z.unknown()).min(1).max(SYNC_MAX_OPERATIONS),
});

export const RefusedOperation = z.object({
  /** The id as sent (null when the operation had none). */
  id: z.string().nullable(),
  /** Position in the batch. */
  index: z.number().int(),
  /** invalid, creditOnly, debitOnly, replacementCode, articlesRequired, paymentsTotal, wristbandRequired, sameWristband, wristbandOrTicket, idReused. */
  reason: z.string(),
  description: z.string(),
  fields: z.array(FieldError.extend({ text: z.string() })).optional(),
});
export type RefusedOperation = z.infer<typeof RefusedOperation>;

/**
 * The answer: every operation of the batch is in exactly one of accepted, duplicates (recorded by
 * an earlier call; nothing changed now) or refused. `flagged` lists accepted operations that took a
 * balance below zero.
 */
export const SyncResult = z.object({
  accepted: z.array(z.string()),
  duplicates: z.array(z.string()),
  refused: z.array(RefusedOperation),
  flagged: z.array(z.string()),
});
export type SyncResult = z.infer<typeof SyncResult>;

// ---------------------------------------------------------------------------------------------
// Customer lookup (01-console §2, §3 Customer search object and result)

const searchText = z.string().trim().max(200).optional();
export const CustomerSearchQuery = z.object({
  name: searchText,
  email: searchText,
  ticket: searchText,
  rfid: searchText,
  codeCheck: searchText,
  localizer: searchText,
  iban: searchText,
});
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuery>;

export const CustomerSearchRow = z.object({
  customerId: z.number().int(),
  idRfid: z.number().int().nullable(),
  nSerie: z.string().nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  ticket: z.string().nullable(),
  codeCheck: z.string().nullable(),
});
export type CustomerSearchRow = z.infer<typeof CustomerSearchRow>;
