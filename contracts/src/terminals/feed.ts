/**
 * The terminal feed (issue 6): the device API of handhelds, kiosks and totems, and the rows the
 * customer lookup reads. Amounts are integer cents of the event's financial currency.
 *
 * This file holds the feed's codes and limits: device, payment, access and operation type codes,
 * how each operation type moves the balances, the add-on codes, and the bounds of a sync call. The
 * rest of the feed's contracts: feed-devices.ts (device sign-in, registration, QR redemption),
 * feed-operations.ts (the operations a terminal sends), feed-sync.ts (the sync call and its answer)
 * and feed-customer-search.ts (the customer lookup).
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
/** The codes that take value off a wristband (refunds, cancellations). */
export const DEBIT_OPERATION_TYPES = OPERATION_TYPES.filter((c) => OPERATION_DIRECTION[c] === 'debit');

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
