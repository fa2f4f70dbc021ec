import { z } from 'zod';
import { CHECK_CODE_MAX, DATE_BOUNDS, SERIAL_LENGTH } from '../constants';
import { FieldError } from '../envelope';
import { INT4_MAX, id } from '../inputs';
import { AppChannel, RequiredAppVersion } from './app-versions';

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

/**
 * The add-on codes of 01-console §3 and what the add-on statistics count them as (02-catalogue §2
 * Add-ons): AM manual, AV on validation, AS in a sale (AS-C paid from the balance, AS-CC by card);
 * D-SA refunds an add-on sale. Only these codes may name an add-on (`addonId`).
 */
export const ADDON_OPERATION_TYPES = {
  AM: 'manual',
  'AM-WA': 'manual',
  AV: 'validation',
  'AV-WA': 'validation',
  AS: 'sale',
  'AS-WA': 'sale',
  'AS-C': 'sale',
  'AS-CC': 'sale',
  'D-SA': 'saleRefund',
} as const satisfies Partial<Record<OperationType, 'manual' | 'validation' | 'sale' | 'saleRefund'>>;
export type AddonOperationType = keyof typeof ADDON_OPERATION_TYPES;
export const isAddonOperationType = (type: string): type is AddonOperationType =>
  Object.hasOwn(ADDON_OPERATION_TYPES, type);

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
  /** End of the authorisation a redeemed configuration QR granted (null: no end). */
  authorizedUntil: z.string().nullable(),
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
  idEvent: id(),
  secretKey: z.string().min(DEVICE_SECRET_MIN).max(200).optional(),
});
export type DeviceRegister = z.input<typeof DeviceRegister>;

export const DeviceRegistered = z.object({ device: Device, secretKey: z.string() });
export type DeviceRegistered = z.infer<typeof DeviceRegistered>;

/**
 * POST /device/redeem: a terminal configures itself by redeeming the event's configuration QR
 * (01-console §5 Generate QR), scanned with or without its prefix, naming its own serial.
 */
export const DeviceRedeemRequest = z.object({
  qr: z.string().trim().min(1).max(8000),
  serial: z.string().trim().min(1).max(64),
  model: z.string().trim().max(100).optional(),
  description: z.string().trim().max(200).optional(),
  /** Without it a known device keeps its type and a new one is a PDA. */
  type: z.enum(DEVICE_TYPES).optional(),
});
export type DeviceRedeemRequest = z.infer<typeof DeviceRedeemRequest>;

/**
 * The credentials of a redeemed device: a fresh secret key (answered once; with the serial it signs
 * in at POST /device/auth until `authorizedUntil`) and a device token for POST /device/sync now.
 */
export const DeviceRedeemResult = DeviceAuthResult.extend({
  secretKey: z.string(),
  /** The authorisation the code grants, counted from now. */
  authorizedUntil: z.string(),
  /** The server the code names (where the terminal syncs). */
  serverUrl: z.string(),
});
export type DeviceRedeemResult = z.infer<typeof DeviceRedeemResult>;

// ---------------------------------------------------------------------------------------------
// Sync operations: each with its unique id (a uuid the terminal makes) and its device time.

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

export const SyncOperation = z.discriminatedUnion('kind', [
  TopUpOperation,
  SaleOperation,
  AccessOperation,
  TicketValidationOperation,
  RoleRecordingOperation,
  WristbandChangeOperation,
  PresenceOperation,
  OrderErrorOperation,
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
] as const;

/**
 * Fleet health (docs/decisions.md "Device registry and fleet health"): what a terminal says of itself
 * at each sync. Every field is optional, so older terminals still sync; a terminal with nothing to
 * send may sync with no operations to report them (and to receive the banned-wristband list).
 */
export const SyncHealth = z.object({
  /** The app's version name as the terminal runs it (e.g. "3.4.2"). */
  appVersion: z.string().trim().min(1).max(50).optional(),
  /** The app's version code (Android versionCode), when the terminal knows it. */
  appVersionCode: z.number().int().min(0).max(INT4_MAX).optional(),
  /** Operations the terminal still holds after this call (made, not yet sent). */
  pendingOperations: z.number().int().min(0).max(INT4_MAX).optional(),
  /** The sequence number of the last operation made on the terminal (0: none yet). */
  lastSeq: z.number().int().min(0).max(INT4_MAX).optional(),
  /**
   * The banned-wristband list version the terminal holds (0: none). Sending it asks for the list:
   * the answer's `banList` carries the bans changed since.
   */
  banListVersion: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type SyncHealth = z.infer<typeof SyncHealth>;

/**
 * Each operation is checked on its own, so the body only bounds the batch. A call with no operations
 * must report something of the terminal (a heartbeat: its health, or a request for the ban list).
 */
export const SyncRequest = SyncHealth.extend({
  operations: z.array(z.unknown()).max(SYNC_MAX_OPERATIONS),
  /** The terminal's software channel (issue 18): the answer names the version it must run. */
  appChannel: AppChannel.optional(),
}).refine((b) => b.operations.length > 0 || Object.keys(b).some((k) => k !== 'operations'), {
  error: `validation.minLength|{"minLength":1}`,
  path: ['operations'],
});
export type SyncRequest = z.infer<typeof SyncRequest>;

/** One ban as a terminal keeps it: both toggles 0 means the ban was lifted (drop it). */
export const TerminalBan = z.object({
  nSerie: z.string(),
  codeCheck: z.string().nullable(),
  banAndroid: z.union([z.literal(0), z.literal(1)]),
  banTopUps: z.union([z.literal(0), z.literal(1)]),
});
export type TerminalBan = z.infer<typeof TerminalBan>;

/**
 * The banned-wristband list for a terminal that sent `banListVersion`: the bans changed after that
 * version (all live bans when it sent 0), and the version it holds once it applied them (to send
 * next time: that is how the server learns it received them).
 */
export const TerminalBanList = z.object({
  version: z.number().int(),
  /** True when `bans` is the whole list (the terminal replaces its own), false for changes only. */
  full: z.boolean(),
  bans: z.array(TerminalBan),
});
export type TerminalBanList = z.infer<typeof TerminalBanList>;

export const RefusedOperation = z.object({
  /** The id as sent (null when the operation had none). */
  id: z.string().nullable(),
  /** Position in the batch. */
  index: z.number().int(),
  /** invalid, creditOnly, debitOnly, replacementCode, articlesRequired, paymentsTotal, wristbandRequired, sameWristband, wristbandOrTicket, idReused, balanceLimit, addonType, addonUnknown, bannedWristband, bannedTopUp, kitchenUnknown, roomUnknown. */
  reason: z.string(),
  description: z.string(),
  fields: z.array(FieldError.extend({ text: z.string() })).optional(),
});
export type RefusedOperation = z.infer<typeof RefusedOperation>;

/**
 * Why an accepted operation was flagged: it took a balance below zero, it moved the balance of a
 * wristband banned on terminals, or it is a paid top-up of a wristband whose top-ups are banned.
 */
export const FLAG_REASONS = ['negativeBalance', 'bannedWristband', 'bannedTopUp'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export const FlaggedOperation = z.object({
  id: z.string(),
  /** Position in the batch. */
  index: z.number().int(),
  reasons: z.array(z.enum(FLAG_REASONS)),
  description: z.string(),
});
export type FlaggedOperation = z.infer<typeof FlaggedOperation>;

/**
 * The answer: every operation of the batch is in exactly one of accepted, duplicates (recorded by
 * an earlier call; nothing changed now) or refused. `flagged` lists the accepted operations that were
 * recorded and flagged (a balance below zero, a banned wristband); `flags` gives each one's reasons.
 */
export const SyncResult = z.object({
  accepted: z.array(z.string()),
  duplicates: z.array(z.string()),
  refused: z.array(RefusedOperation),
  flagged: z.array(z.string()),
  flags: z.array(FlaggedOperation),
  /** The version the terminal's channel must run (null: none enabled yet). */
  app: RequiredAppVersion.nullable().optional(),
  /** Present when the request sent `banListVersion` (fleet health). */
  banList: TerminalBanList.optional(),
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
