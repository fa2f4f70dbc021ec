import { PAYMENT_TYPES, type PaymentType, SALES_TABS, type SalesTab } from '@pulsera/contracts';
import type { FilterField } from '../../../components/reports/use-report-filter';

/**
 * The sales report's calls (02-catalogue §7 Reports) and the order errors list, each loaded with
 * `useReport` (query key family ['reports']).
 */
export const SALES_CALLS: Record<SalesTab, string> = {
  overview: '/reports/sales/overview',
  staff: '/reports/main-order-staff',
  location: '/reports/mainOrderLocation',
  article: '/reports/main-order-article',
  staffAmounts: '/reports/staffAmounts',
  metre: '/reports/sales/metre',
};
export const ORDER_ERRORS_CALL = '/order-errors';

/** The filters each tab offers (constant arrays: the filter hook keys its options by them). */
export const SALES_FIELDS: Record<SalesTab, FilterField[]> = {
  overview: ['day', 'dates', 'location', 'staff'],
  staff: ['day', 'dates', 'location', 'staff', 'intern', 'article'],
  location: ['day', 'dates', 'location', 'staff', 'article'],
  article: ['day', 'dates', 'location', 'staff', 'article'],
  staffAmounts: ['day', 'dates', 'location', 'staff', 'intern'],
  metre: ['day', 'dates', 'kitchen', 'room', 'staff'],
};
export const ORDER_ERROR_FIELDS: FilterField[] = ['day', 'dates', 'kitchen', 'room', 'staff'];

export const SALES_TAB_IDS = SALES_TABS.map((x) => x.id);
export const PAYMENTS: readonly PaymentType[] = PAYMENT_TYPES;

/** A feed id shown by name when its catalogue row exists, else as `#id` (or a dash for none). */
export const named = (name: string | null, id: number | null) => name ?? (id === null ? '—' : `#${id}`);
