import { z } from 'zod';
import { ReportQuery } from './report';
import { MoneyFigures } from './top-ups';

/**
 * The quick dashboard (admin/reports/quickdashboard, permission quickdashboard; 02-catalogue §7
 * GET /reports/mainQuickDashboard) and the documents screen (admin/reports/documents, any of
 * downloadBilling, tickets, reportsStaff, reportsLocation; its contents are our design, see
 * decisions.md "Reports"). Amounts are integer cents of the event's financial currency, read from the
 * terminal feed. Sales net out devolutions (a devolution counts with the opposite sign).
 *
 * The flows (top-ups, sales, bonuses, refunds, the chart, the top lists) follow the window of the
 * reports' query (`dateStart`, `dateEnd`; none = the whole event); the stocks (balances left on
 * wristbands, wristbands in use, people inside) are those of now.
 */

const cents = z.number().int();
const count = z.number().int();
const instant = z.string();

/** A payment type (S cash, T card, O other, B bonus; null when the terminal sent none) and its sums. */
export const DashboardPaymentRow = z.object({
  paymentType: z.string().nullable(),
  count,
  amount: cents,
});
export type DashboardPaymentRow = z.infer<typeof DashboardPaymentRow>;

/** How sales were paid: S cash balance, B gift balance, T card, O other (net of devolutions). */
export const DashboardSalesPaymentRow = z.object({ paymentType: z.string(), amount: cents });
export type DashboardSalesPaymentRow = z.infer<typeof DashboardSalesPaymentRow>;

export const DashboardZone = z.object({
  /** The zone's id (as the feed records it). */
  id: z.number().int(),
  /** Null for a zone the feed names but the venue no longer has. */
  name: z.string().nullable(),
  inside: count,
  /** -1: no capacity control. */
  capacity: z.number().int(),
});
export type DashboardZone = z.infer<typeof DashboardZone>;

export const DashboardTopLocation = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  orders: count,
  amount: cents,
});
export type DashboardTopLocation = z.infer<typeof DashboardTopLocation>;

export const DashboardTopArticle = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  /** Units charged, net of devolutions. */
  quantity: count,
  amount: cents,
});
export type DashboardTopArticle = z.infer<typeof DashboardTopArticle>;

export const DashboardHour = z.object({
  /** The hour in the event's time zone, `YYYY-MM-DDTHH:00` (local wall clock). */
  hour: z.string(),
  /** Money loaded by top-ups (the topUp codes) in that hour. */
  topUps: cents,
  /** Sales, net of devolutions, in that hour. */
  sales: cents,
});
export type DashboardHour = z.infer<typeof DashboardHour>;

/** How many rows the top lists of the dashboard hold. */
export const DASHBOARD_TOP = 8;
/**
 * Seconds between two refreshes of the dashboard while the event is live: the event's value of the
 * parameter CONSOLE_REPORT_REFRESH_SECONDS (else its default), kept within 5 s … 1 h; this constant
 * only when the parameter does not exist or holds no whole number.
 */
export const DASHBOARD_REFRESH_PARAM = 'CONSOLE_REPORT_REFRESH_SECONDS';
export const DASHBOARD_REFRESH_SECONDS = 60;
export const DASHBOARD_REFRESH_MIN_SECONDS = 5;
export const DASHBOARD_REFRESH_MAX_SECONDS = 3600;
export function dashboardRefreshSeconds(value: string | null | undefined): number {
  const n = value != null && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return DASHBOARD_REFRESH_SECONDS;
  return Math.min(DASHBOARD_REFRESH_MAX_SECONDS, Math.max(DASHBOARD_REFRESH_MIN_SECONDS, n));
}

export const QuickDashboardQuery = ReportQuery;
export type QuickDashboardQuery = z.infer<typeof QuickDashboardQuery>;

export const QuickDashboardResult = z.object({
  generatedAt: instant,
  /** Now is between the event's start and end: the screen refreshes itself. */
  live: z.boolean(),
  /** Seconds between two refreshes while live (CONSOLE_REPORT_REFRESH_SECONDS). */
  refreshSeconds: z.number().int(),
  timezone: z.string(),
  /** Money in: the top-up codes (N, N-WA, O, O-WA, T, T-WA and the cancellation R-E). */
  topUps: z.object({
    count,
    /** Loaded onto cash balances. */
    amount: cents,
    /** Money taken at the terminals (online top-ups were paid on the web). */
    money: cents,
    byPaymentType: z.array(DashboardPaymentRow),
  }),
  online: z.object({
    /** Online top-ups loaded onto wristbands (codes O, O-WA). */
    loadedCount: count,
    loadedAmount: cents,
    /** Paid on the online-services web (paid purchases; refunded marks left out). */
    paidCount: count,
    paidAmount: cents,
  }),
  /** Gift balance given, net (bonuses, ticket and add-on bonuses, minus cancelled bonuses). */
  bonuses: z.object({ count, amount: cents }),
  /** Money spent: sales net of devolutions, and how they were paid. */
  sales: z.object({
    orders: count,
    devolutions: count,
    amount: cents,
    byPaymentType: z.array(DashboardSalesPaymentRow),
  }),
  fees: cents,
  refunds: z.object({
    /** Refunds at the terminals (D, DP, D-T, D-SA): balance given back and money paid out. */
    terminalCount: count,
    terminalAmount: cents,
    terminalMoney: cents,
    /**
     * Bank refunds paid out: customer refunds whose payout run was marked sent in the window (their
     * balance left the wristbands then), the amount taken off the wristbands and the fees kept.
     */
    bankCount: count,
    bankAmount: cents,
    bankFee: cents,
    /**
     * Bank refunds asked for and not paid yet (pending or in a generated run), now: their balance is
     * still on the wristbands, so it is counted in balances, never as money out.
     */
    bankPendingCount: count,
    bankPendingAmount: cents,
  }),
  /** Left on wristbands now. */
  balances: z.object({
    cash: cents,
    gift: cents,
    /** Wristbands in use (not replaced by another). */
    wristbands: count,
    /** Of those, with something left on them. */
    withBalance: count,
  }),
  /** The shared money figures (the recharge overview answers the same: moneyFigures). */
  figures: MoneyFigures,
  zones: z.array(DashboardZone),
  topLocations: z.array(DashboardTopLocation),
  topArticles: z.array(DashboardTopArticle),
  byHour: z.array(DashboardHour),
});
export type QuickDashboardResult = z.infer<typeof QuickDashboardResult>;

// ---------------------------------------------------------------------------------------------
// Documents: GET /reports/documents/<document>, each with its own permission.

/** The documents of admin/reports/documents, in order, with the permission each needs. */
export const DOCUMENTS = [
  { id: 'salesVat', path: 'sales-vat', permission: 'downloadBilling' },
  { id: 'payments', path: 'payments', permission: 'downloadBilling' },
  { id: 'locations', path: 'locations', permission: 'reportsLocation' },
  { id: 'staffCashUp', path: 'staff-cash-up', permission: 'reportsStaff' },
  { id: 'tickets', path: 'tickets', permission: 'tickets' },
] as const;
export type DocumentId = (typeof DOCUMENTS)[number]['id'];

export const DocumentQuery = ReportQuery;
export type DocumentQuery = z.infer<typeof DocumentQuery>;

/** Net amounts per payment type: S cash balance, B gift balance, T card, O other. */
const byPayment = { S: cents, B: cents, T: cents, O: cents };

/** Sales and VAT per location and festival day (the day cut at the event's offset). */
export const SalesVatRow = z.object({
  /** The festival day, `YYYY-MM-DD` (a sale at 02:00 counts for the night before). */
  day: z.string(),
  idLocation: z.number().int().nullable(),
  location: z.string().nullable(),
  orders: count,
  devolutions: count,
  /** Gross sales, VAT included, net of devolutions. */
  gross: cents,
  /** gross / (1 + vat / 100), rounded to the cent. */
  net: cents,
  /** gross − net. */
  vat: cents,
  ...byPayment,
});
export type SalesVatRow = z.infer<typeof SalesVatRow>;

export const SalesVatResult = z.object({
  /** The event's VAT setting (eventVat, %); null when the event has none (VAT 0). */
  vatRate: z.number().nullable(),
  fiscalName: z.string().nullable(),
  nif: z.string().nullable(),
  rows: z.array(SalesVatRow),
});
export type SalesVatResult = z.infer<typeof SalesVatResult>;

/** Top-ups, refunds and bonuses per festival day, kind and payment type. */
export const PAYMENT_DOCUMENT_KINDS = [
  'topUp',
  'refund',
  'bonus',
  'addon',
  'onlinePaid',
  'bankRefund',
] as const;
export type PaymentDocumentKind = (typeof PAYMENT_DOCUMENT_KINDS)[number];

export const PaymentDocumentRow = z.object({
  day: z.string(),
  kind: z.enum(PAYMENT_DOCUMENT_KINDS),
  paymentType: z.string().nullable(),
  count,
  /** Change of the cash balance (top-ups positive, refunds negative). */
  amount: cents,
  /** Change of the gift balance. */
  bonus: cents,
  /** Money that changed hands: taken (top-ups, online payments) or paid out (refunds). */
  money: cents,
  fee: cents,
});
export type PaymentDocumentRow = z.infer<typeof PaymentDocumentRow>;
export const PaymentDocumentResult = z.object({ rows: z.array(PaymentDocumentRow) });
export type PaymentDocumentResult = z.infer<typeof PaymentDocumentResult>;

/** The settlement of each location (bar) for the window: its sales and how they were paid. */
export const LocationDocumentRow = z.object({
  idLocation: z.number().int().nullable(),
  location: z.string().nullable(),
  orders: count,
  devolutions: count,
  /** Units charged, net of devolutions. */
  quantity: count,
  /** Units given as gifts, net of devolutions. */
  gifts: count,
  amount: cents,
  ...byPayment,
});
export type LocationDocumentRow = z.infer<typeof LocationDocumentRow>;
export const LocationDocumentResult = z.object({ rows: z.array(LocationDocumentRow) });
export type LocationDocumentResult = z.infer<typeof LocationDocumentResult>;

/**
 * The cash-up of each staff member: money taken and paid out at the terminals per payment type, and
 * the sales they served per payment type. cashToHandIn = cashIn − cashOut (the notes in the till);
 * counted: the cash they counted when closing their cash desk on a terminal (null: never closed in
 * the window); difference = counted − cashToHandIn (below zero: cash missing).
 */
export const StaffCashUpRow = z.object({
  idStaff: z.number().int().nullable(),
  staff: z.string().nullable(),
  intern: z.number().int().nullable(),
  operations: count,
  cashIn: cents,
  cashOut: cents,
  cardIn: cents,
  cardOut: cents,
  otherIn: cents,
  otherOut: cents,
  fee: cents,
  cashToHandIn: cents,
  counted: cents.nullable(),
  difference: cents.nullable(),
  salesOrders: count,
  salesAmount: cents,
  salesS: cents,
  salesB: cents,
  salesT: cents,
  salesO: cents,
});
export type StaffCashUpRow = z.infer<typeof StaffCashUpRow>;
export const StaffCashUpResult = z.object({ rows: z.array(StaffCashUpRow) });
export type StaffCashUpResult = z.infer<typeof StaffCashUpResult>;

/** Tickets per role: known (sold) and validated, and the validations the gates recorded. */
export const TicketDocumentRow = z.object({
  idRol: z.number().int().nullable(),
  rol: z.string().nullable(),
  /** Tickets of the role the event knows (sold), cancelled ones left out. */
  sold: count,
  cancelled: count,
  /** Sold tickets validated (bound to a wristband) so far. */
  validated: count,
  /** Validations recorded at the gates in the window, and how many of them were repeats. */
  validations: count,
  repeated: count,
});
export type TicketDocumentRow = z.infer<typeof TicketDocumentRow>;
export const TicketDocumentResult = z.object({ rows: z.array(TicketDocumentRow) });
export type TicketDocumentResult = z.infer<typeof TicketDocumentResult>;
