import { z } from 'zod';
import { keyed, required } from '../catalogue/rule-fields';
import { instant as dateInRange, INT4_MAX, queryId, queryInt } from '../inputs';
import { ACCESS_CODES, DEVICE_TYPES, OPERATION_TYPES, PAYMENT_TYPES } from '../terminals/feed';
import { CustomerSearchQuery } from '../terminals/feed-customer-search';
import { Device, serverMadeKey } from '../terminals/feed-devices';

/**
 * The customer lookup (01-console §2 Customer lookup, §3 Customer, Online top-up, Refund (customer),
 * Extract row, Access record, §4, §5 Customer refund, §7 Customers; permission clientes, refundsEdit
 * for editing refunds). Every read is scoped to the selected event. Amounts are integer cents of the
 * event's financial currency, except the refund's amount and fee, which travel in units of the
 * financial currency as the form enters them (0.01 to 1000, step 0.01) and are stored in cents.
 */

const id = queryId();
const flag01 = z.union([z.literal(0), z.literal(1)]);

// ---------------------------------------------------------------------------------------------
// Search and the customer

/** GET /infoCustomer/search: the non-blank fields of the search object, and the page (10 per page). */
export const CustomerSearchRequest = CustomerSearchQuery.extend({
  page: queryInt(1, 100_000).default(1),
});
export type CustomerSearchRequest = z.input<typeof CustomerSearchRequest>;
/**
 * The search answers the spec's result list; this response header says whether a next page has
 * results (`1`) or not (`0`), so a page of exactly 10 is known to be the last.
 */
export const CUSTOMER_SEARCH_HAS_MORE = 'x-has-more';
/** The search fields in the order the form shows them. */
export const CUSTOMER_SEARCH_FIELDS = [
  'name',
  'email',
  'ticket',
  'rfid',
  'codeCheck',
  'localizer',
  'iban',
] as const;
export type CustomerSearchField = (typeof CUSTOMER_SEARCH_FIELDS)[number];

export const CustomerQuery = z.object({ customerId: id, rfidId: id.optional() });
export const RfidQuery = z.object({ rfidId: id });

/** GET /infoCustomer: the customer and, when given, the wristband chosen in the results. */
export const CustomerDetail = z.object({
  customerId: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** The ticket code. */
  codePrint: z.string().nullable(),
  localizer: z.string().nullable(),
  rfidId: z.number().int().nullable(),
  n_serie: z.string().nullable(),
  codeCheck: z.string().nullable(),
  /** The wristband is still in use (0 once replaced by another). */
  active: flag01.nullable(),
  /** Balances of the wristband (cents). */
  cash: z.number().int().nullable(),
  gift: z.number().int().nullable(),
  /** The customer's cash over all their wristbands in the event: the most a refund may return. */
  refundableCash: z.number().int(),
  /** Flag ids on the wristband. */
  flags: z.array(z.number().int()),
  /** 1 when the customer registered on the online-services web. */
  registered: flag01,
  /**
   * When the customer is known to have used the online-services web: their first online top-up
   * (null when they never bought there, even if marked registered).
   */
  dateOnlineRegistration: z.string().nullable(),
  /** When the customer's record was created (first wristband seen, ticket validated or imported). */
  date_insert: z.string(),
  dateInactive: z.string().nullable(),
  dateValidation: z.string().nullable(),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;

/** GET /infoCustomer/flag: every flag of the event, ticked when the wristband holds it. */
export const CustomerFlag = z.object({
  id: z.number().int(),
  flagNumber: z.number().int(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
});
export type CustomerFlag = z.infer<typeof CustomerFlag>;
export const CustomerFlagsResult = z.object({ flags: z.array(CustomerFlag) });
export type CustomerFlagsResult = z.infer<typeof CustomerFlagsResult>;

/** GET /infoCustomer/wristbandChange: the replacements of the customer's wristbands. */
export const WristbandChange = z.object({ sourceRfid: z.string(), endRfid: z.string(), date: z.string() });
export type WristbandChange = z.infer<typeof WristbandChange>;

// ---------------------------------------------------------------------------------------------
// Online services: online top-ups and the customer's refund

/** payed: 0 not completed, 1 paid, 2 rejected (with notes), -1 marked refunded. */
export const ONLINE_TOP_UP_STATUSES = [0, 1, 2, -1] as const;
export type OnlineTopUpStatus = (typeof ONLINE_TOP_UP_STATUSES)[number];
export const ONLINE_TOP_UP_REFUNDED = -1;

export const OnlineTopUp = z.object({
  id: z.number().int(),
  valid: flag01,
  payed: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(-1)]),
  notes: z.string().nullable(),
  dateRechargeOnline: z.string(),
  /** When the top-up reached the wristband (null while pending). */
  dateRechargeRfid: z.string().nullable(),
  date_insert: z.string(),
  date_update: z.string(),
  dateRefund: z.string().nullable(),
  concept: z.string().nullable(),
  /** Cents. */
  amountTotal: z.number().int(),
  amountRecharge: z.number().int(),
  amountBonus: z.number().int(),
  articles: z.array(z.object({ quantity: z.number().int(), article: z.string() })),
  /** The card used (brand and masked number). */
  data: z.object({ brand: z.string().nullable(), number: z.string().nullable() }).nullable(),
  /** The recharge reference (what the wristband's O / O-WA top-up carries as ref). */
  idRecharge: z.string().nullable(),
  module: z.string().nullable(),
  location: z.string().nullable(),
  payTpvDateTime: z.string().nullable(),
  payTpvAmount: z.number().int().nullable(),
  /** ISO 4217 numeric code: 978 means EUR. */
  payTpvCurrency: z.string().nullable(),
  idOrder: z.string().nullable(),
  payTpvAuthCode: z.string().nullable(),
  payTpvBicCode: z.string().nullable(),
  payTpvCardCountry: z.string().nullable(),
  terminal: z.string().nullable(),
  merchantCode: z.string().nullable(),
  idTransactionType: z.string().nullable(),
  payTpvOrderId: z.string().nullable(),
  idError: z.string().nullable(),
});
export type OnlineTopUp = z.infer<typeof OnlineTopUp>;

export const CustomerRefund = z.object({
  id: z.number().int(),
  /** Units of the financial currency (stored in cents). */
  amount: z.number(),
  fee: z.number(),
  ccOwner: z.string(),
  /** Without spaces; shown grouped by 4. */
  ccIban: z.string(),
  ccBic: z.string().nullable(),
  ccEmail: z.string().nullable(),
  rfidId: z.number().int().nullable(),
  nSerie: z.string().nullable(),
  customerId: z.number().int(),
  create_time: z.string(),
  update_time: z.string(),
  /** Payout state (issue 15): pending, inRun (in a generated run), paid, rejected (by the bank). */
  status: z.enum(['pending', 'inRun', 'paid', 'rejected']),
  /** The run that holds it (inRun), paid it (paid) or sent it back (rejected); null when pending. */
  runId: z.number().int().nullable(),
  /** Set in its state only: paid (paidAt), rejected (rejectedAt, rejectReason). */
  paidAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** What it went through, oldest first (issue 27): the one state above is the last of these. */
  history: z.array(z.lazy(() => RefundHistoryEntry)),
});
export type CustomerRefund = z.infer<typeof CustomerRefund>;

/**
 * One step of a refund's payout history: created, put in a run (inRun), the run cancelled, the run
 * sent (paid), rejected by the bank (with the reason; correcting it makes it pending again).
 */
export const REFUND_HISTORY_KINDS = ['created', 'inRun', 'cancelled', 'paid', 'rejected'] as const;
export const RefundHistoryEntry = z.object({
  kind: z.enum(REFUND_HISTORY_KINDS),
  at: z.string(),
  runId: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type RefundHistoryEntry = z.infer<typeof RefundHistoryEntry>;

/** GET /infoCustomer/servicesOnline: result.topUps and result.refund (at most one per customer). */
export const ServicesOnlineResult = z.object({
  topUps: z.array(OnlineTopUp),
  refund: CustomerRefund.nullable(),
});
export type ServicesOnlineResult = z.infer<typeof ServicesOnlineResult>;

/** POST /infoCustomer/topUpRefund (admins only): marks an online top-up refunded (-1). */
export const TopUpRefundRequest = z.object({
  rechargeOnlineId: z.number(keyed).int().positive().max(INT4_MAX),
});

// ---------------------------------------------------------------------------------------------
// The extract (summary): top-ups and sales of a wristband

/** 0 top-up, 1 sale (01-console §3); 2 a SEPA payout movement (issue 27: ours). */
export const EXTRACT_TOP_UP = 0;
export const EXTRACT_SALE = 1;
export const EXTRACT_PAYOUT = 2;
export const EXTRACT_OPERATIONS = [
  'topUp',
  'sale',
  'devolution',
  'bankRefund',
  'bankRefundReversal',
] as const;

/**
 * One line of the extract. operation: 'topUp', 'sale' or 'devolution', or a SEPA payout's
 * 'bankRefund' (its run was sent) or 'bankRefundReversal' (the bank rejected it); type: the operation
 * type code of a top-up (N, O-WA…), the payment types of a sale joined with '+' (S+B), or 'SEPA'. amount is the change
 * of the wristband's balances (cash and gift, cents, signed); accumulate the running balance after it,
 * in the extract's order.
 */
export const ExtractRow = z.object({
  date: z.string(),
  idUnique: z.number().int(),
  idType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  type: z.string(),
  operation: z.enum(EXTRACT_OPERATIONS),
  amount: z.number().int(),
  accumulate: z.number().int(),
  location: z.string().nullable(),
});
export type ExtractRow = z.infer<typeof ExtractRow>;

export const ExtractTopUp = z.object({
  idUnique: z.number().int(),
  date: z.string(),
  /** Operation type code. */
  operation: z.string(),
  /** Payment type (S cash, T credit card, O other, B bonus), when the terminal gave one. */
  typePay: z.string().nullable(),
  /** Cash balance change (cents). */
  amount: z.number().int(),
  /** Gift balance change (cents). */
  bonus: z.number().int(),
  /** Money that changed hands (cents). */
  money: z.number().int(),
  fee: z.number().int(),
  acumulate: z.number().int(),
  articles: z.array(z.object({ quantity: z.number().int(), name: z.string() })),
  ref: z.string().nullable(),
  staff: z.string().nullable(),
  supervisor: z.string().nullable(),
  device: z.string().nullable(),
  location: z.string().nullable(),
  negativeBalance: z.boolean(),
  date_update: z.string(),
});
export type ExtractTopUp = z.infer<typeof ExtractTopUp>;

export const ExtractSale = z.object({
  idUnique: z.number().int(),
  date: z.string(),
  isDevolution: z.boolean(),
  totalPurchase: z.number().int(),
  totalPayed: z.number().int(),
  numPayers: z.number().int(),
  /** Change of this wristband's balances (cents, negative for a sale). */
  amount: z.number().int(),
  acumulate: z.number().int(),
  payments: z.array(z.object({ type: z.string(), amount: z.number().int() })),
  articles: z.array(
    z.object({
      quantity: z.number().int(),
      price: z.number().int(),
      article: z.string(),
      quantityGift: z.number().int(),
    }),
  ),
  staff: z.string().nullable(),
  device: z.string().nullable(),
  location: z.string().nullable(),
  negativeBalance: z.boolean(),
});
export type ExtractSale = z.infer<typeof ExtractSale>;

/** A SEPA payout movement of the wristband (idUnique: the ledger entry). */
export const ExtractPayout = z.object({
  idUnique: z.number().int(),
  date: z.string(),
  operation: z.enum(['bankRefund', 'bankRefundReversal']),
  amount: z.number().int(),
  acumulate: z.number().int(),
  runId: z.number().int().nullable(),
  refundId: z.number().int().nullable(),
});
export type ExtractPayout = z.infer<typeof ExtractPayout>;

/**
 * GET /infoCustomer/extract: result.sales and result.topUps (the details), and result.rows, the
 * extract itself: both merged by date, top-ups before sales at the same instant (01-console §4),
 * with the SEPA payout movements (result.payouts) among them, so it ends at the balance.
 */
export const ExtractResult = z.object({
  rows: z.array(ExtractRow),
  topUps: z.array(ExtractTopUp),
  sales: z.array(ExtractSale),
  payouts: z.array(ExtractPayout),
});
export type ExtractResult = z.infer<typeof ExtractResult>;

/** The extract's order: by date, then top-ups (0) before sales (1), then by id. */
export function compareExtractRows(a: Pick<ExtractRow, 'date' | 'idType' | 'idUnique'>, b: typeof a) {
  const ta = Date.parse(a.date);
  const tb = Date.parse(b.date);
  if (ta !== tb) return ta - tb;
  if (a.idType !== b.idType) return a.idType - b.idType;
  return a.idUnique - b.idUnique;
}

// ---------------------------------------------------------------------------------------------
// Access

export const AccessRecordRow = z.object({
  id: z.number().int(),
  /** S allowed; W warning double entry; NT, ND, NC, NI denied. */
  acceso: z.string(),
  zoneFrom: z.string().nullable(),
  zoneTo: z.string().nullable(),
  gate: z.string().nullable(),
  lastZone: z.string().nullable(),
  rol: z.string().nullable(),
  dateLocal: z.string(),
  staff: z.string().nullable(),
  deviceDescription: z.string().nullable(),
  deviceModel: z.string().nullable(),
  date_update: z.string(),
});
export type AccessRecordRow = z.infer<typeof AccessRecordRow>;

/** Codes with a name in the console; anything else is shown as 'unknown'. */
export const knownOperationType = (code: string | null | undefined) =>
  !!code && (OPERATION_TYPES as readonly string[]).includes(code);
export const knownPaymentType = (code: string | null | undefined) =>
  !!code && (PAYMENT_TYPES as readonly string[]).includes(code);
export const knownAccessCode = (code: string | null | undefined) =>
  !!code && (ACCESS_CODES as readonly string[]).includes(code);

// ---------------------------------------------------------------------------------------------
// Devices of the event (admin/status/devices, permission dispositivos_generales)

/**
 * POST /devices {device}: no id creates (assigned to the selected event), an id updates. The secret
 * key is made by the server: a new device gets one, a saved one a new one on regenerateKey; it is
 * answered once, never again.
 */
export const DeviceSave = z.object({
  id: z.number(keyed).int().positive().max(INT4_MAX).optional(),
  n_serie: z.string(keyed).trim().min(1, required).max(64),
  model: z.string(keyed).trim().max(100).optional(),
  description: z.string(keyed).trim().max(200).optional(),
  notes: z.string(keyed).trim().max(1000).optional(),
  type: z.enum(DEVICE_TYPES, keyed).default('PDA'),
  owner: z.string(keyed).trim().max(100).optional(),
  dateInactive: dateInRange().nullable().optional(),
  configured: flag01.default(0),
  secretKey: serverMadeKey,
  regenerateKey: z.boolean().default(false),
});
export type DeviceSave = z.input<typeof DeviceSave>;
export const DeviceSaveRequest = z.object({ device: DeviceSave });

/** The saved device, and the key when the server made one (this once only). */
export const DeviceSaved = z.object({ device: Device, secretKey: z.string().nullable() });
export type DeviceSaved = z.infer<typeof DeviceSaved>;

/** The device form: no key field (the server makes it); a saved device may ask for a new one. */
export const DeviceForm = DeviceSave.omit({ id: true, secretKey: true });
export type DeviceForm = z.input<typeof DeviceForm>;
