import { z } from 'zod';
import { ORDER_ERRORS_PAGE_SIZE } from '../constants';
import { queryInt } from '../inputs';
import { PAYMENT_TYPES } from '../terminals/feed';
import { ReportQuery } from './report';

/**
 * The sales report (admin/reports/sales, 01-console §2 and §6; 02-catalogue §7 Reports) and the order
 * errors list (02-catalogue §2 Order errors, §7). Every call takes the reports' `ReportQuery`.
 * Amounts are integer cents of the event's financial currency, read from the terminal feed's sales,
 * sale_lines and sale_payments.
 *
 * Devolutions net out: a devolution counts with the opposite sign of a sale (its units, its gifts, its
 * amount and its payments), and is counted apart in `devolutions`. Gifts (`quantity_gift`) are units
 * given away: shown as a quantity, never as money (`amount` is price × units charged).
 *
 * The tabs and the permission of each call (decisions.md "Sales report"):
 * overview infoventas; by staff reportsStaff; by location reportsLocation; by article reportsArticle;
 * staff amounts workday; metre sales metreSalesReport.
 */

/** The in-screen tabs of the sales screen, in order, with the permission each needs. */
export const SALES_TABS = [
  { id: 'overview', permission: 'infoventas' },
  { id: 'staff', permission: 'reportsStaff' },
  { id: 'location', permission: 'reportsLocation' },
  { id: 'article', permission: 'reportsArticle' },
  { id: 'staffAmounts', permission: 'workday' },
  { id: 'metre', permission: 'metreSalesReport' },
] as const;
export type SalesTab = (typeof SALES_TABS)[number]['id'];

const cents = z.number().int();
const count = z.number().int();
const id = z.number().int().nullable();

/** What a set of sales adds up to (net of devolutions). */
export const SalesFigures = z.object({
  /** Sales (not devolutions); with an article filter, those with a line of the article. */
  orders: count,
  /** Devolutions; with an article filter, those with a line of the article. */
  devolutions: count,
  /** Units charged, net of devolutions. */
  quantity: count,
  /** Units given as gifts, net of devolutions (a quantity, never money). */
  gifts: count,
  /** Price × units charged, net of devolutions (cents). */
  amount: cents,
});
export type SalesFigures = z.infer<typeof SalesFigures>;

/** Net amounts per payment type: S cash balance, B gift (bonus) balance, T card, O other. */
export const PaymentAmounts = z.object(
  Object.fromEntries(PAYMENT_TYPES.map((p) => [p, cents])) as Record<
    (typeof PAYMENT_TYPES)[number],
    typeof cents
  >,
);
export type PaymentAmounts = z.infer<typeof PaymentAmounts>;

// ---------------------------------------------------------------------------------------------
// Overview (infoventas): GET /reports/sales/overview (date, location, staff)

export const SalesOverviewResult = z.object({
  total: SalesFigures,
  /** How the sales were paid (net); their sum equals `total.amount`. */
  payments: PaymentAmounts,
  /** Sales per hour of the event's time zone (`hour`: the hour's start, ISO UTC). */
  byHour: z.array(z.object({ hour: z.string(), orders: count, amount: cents })),
});
export type SalesOverviewResult = z.infer<typeof SalesOverviewResult>;

// ---------------------------------------------------------------------------------------------
// By staff (reportsStaff): GET /reports/main-order-staff (date, location, staff, article, isIntern)

export const StaffSalesRow = SalesFigures.extend({
  idStaff: id,
  name: z.string().nullable(),
  /** 1 internal, 0 external, null unknown staff. */
  intern: z.number().int().nullable(),
});
export type StaffSalesRow = z.infer<typeof StaffSalesRow>;
export const StaffSalesResult = z.object({ rows: z.array(StaffSalesRow), total: SalesFigures });
export type StaffSalesResult = z.infer<typeof StaffSalesResult>;

// ---------------------------------------------------------------------------------------------
// By location (reportsLocation): GET /reports/mainOrderLocation (date, location, staff, article)

export const LocationSalesRow = SalesFigures.extend({ idLocation: id, name: z.string().nullable() });
export type LocationSalesRow = z.infer<typeof LocationSalesRow>;
export const LocationSalesResult = z.object({ rows: z.array(LocationSalesRow), total: SalesFigures });
export type LocationSalesResult = z.infer<typeof LocationSalesResult>;

// ---------------------------------------------------------------------------------------------
// By article (reportsArticle): GET /reports/main-order-article (date, location, staff, article)

/** Units charged, units given and amount of an article (net of devolutions). */
export const ArticleFigures = SalesFigures.pick({ quantity: true, gifts: true, amount: true });
export type ArticleFigures = z.infer<typeof ArticleFigures>;
export const ArticleSalesRow = ArticleFigures.extend({
  idArticle: z.number().int(),
  name: z.string().nullable(),
});
export type ArticleSalesRow = z.infer<typeof ArticleSalesRow>;
export const ArticleSalesResult = z.object({ rows: z.array(ArticleSalesRow), total: ArticleFigures });
export type ArticleSalesResult = z.infer<typeof ArticleSalesResult>;

// ---------------------------------------------------------------------------------------------
// Staff amounts (workday): GET /reports/staffAmounts (date, location, staff, isIntern)

/** What one staff member took per payment type (net of devolutions), for the cash-up. */
export const StaffAmountsRow = PaymentAmounts.extend({
  idStaff: id,
  name: z.string().nullable(),
  intern: z.number().int().nullable(),
  orders: count,
  devolutions: count,
  /** S + B + T + O. */
  total: cents,
});
export type StaffAmountsRow = z.infer<typeof StaffAmountsRow>;
export const StaffAmountsResult = z.object({
  rows: z.array(StaffAmountsRow),
  total: PaymentAmounts.extend({ orders: count, devolutions: count, total: cents }),
});
export type StaffAmountsResult = z.infer<typeof StaffAmountsResult>;

// ---------------------------------------------------------------------------------------------
// Metre sales (metreSalesReport): GET /reports/sales/metre (date, kitchen, room, staff)

export const MetreSalesRow = SalesFigures.extend({
  idKitchen: id,
  kitchen: z.string().nullable(),
  idRoom: id,
  room: z.string().nullable(),
});
export type MetreSalesRow = z.infer<typeof MetreSalesRow>;
export const MetreStaffRow = SalesFigures.extend({ idStaff: id, name: z.string().nullable() });
export type MetreStaffRow = z.infer<typeof MetreStaffRow>;
export const MetreSalesResult = z.object({
  /** Per kitchen and room. */
  rows: z.array(MetreSalesRow),
  /** Per metre (the staff member who took the orders). */
  staff: z.array(MetreStaffRow),
  total: SalesFigures,
});
export type MetreSalesResult = z.infer<typeof MetreSalesResult>;

// ---------------------------------------------------------------------------------------------
// Order errors: GET /order-errors (result is a list; the screen shows ORDER_ERRORS_PAGE_SIZE per page).
// Asked with the list protocol's `page` (and `paginationLimit`), it answers that page and the total
// instead (OrderErrorsPage): a festival day holds thousands (docs/decisions/reports.md).

/** 02-catalogue §3 Order error, with the ids behind the names. */
export const OrderError = z.object({
  id: z.number().int(),
  /** When it failed on the terminal (ISO). */
  date_create: z.string(),
  message: z.string(),
  seatName: z.string().nullable(),
  roomName: z.string().nullable(),
  staffName: z.string().nullable(),
  idRoom: id,
  idKitchen: id,
  kitchenName: z.string().nullable(),
  idStaff: id,
});
export type OrderError = z.infer<typeof OrderError>;
export const OrderErrorsResult = z.array(OrderError);
export type OrderErrorsResult = z.infer<typeof OrderErrorsResult>;
/** The filters, and a page when the screen asks for one (without `page`: the whole list). */
export const OrderErrorsQuery = ReportQuery.and(
  z.object({
    page: queryInt(1, 100_000).optional(),
    paginationLimit: queryInt(1, 500).default(ORDER_ERRORS_PAGE_SIZE),
  }),
);
export type OrderErrorsQuery = z.infer<typeof OrderErrorsQuery>;
/** One page of the order errors, newest first, and how many the filters match in all. */
export const OrderErrorsPage = z.object({ orderErrors: z.array(OrderError), total: count });
export type OrderErrorsPage = z.infer<typeof OrderErrorsPage>;
/** What GET /order-errors answers: the whole list, or the page asked for. */
export const OrderErrorsAnswer = z.union([OrderErrorsResult, OrderErrorsPage]);
