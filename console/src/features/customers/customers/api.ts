import {
  type AccessRecordRow,
  CUSTOMER_SEARCH_HAS_MORE,
  type CustomerDetail,
  type CustomerFlagsResult,
  type CustomerRefund,
  type CustomerSearchField,
  type CustomerSearchRow,
  type ExtractResult,
  type OnlineTopUp,
  type RefundCreate,
  type RefundEdit,
  type ServicesOnlineResult,
  type WristbandChange,
} from '@pulsera/contracts';
import { api, withoutBlanks } from '../../../lib/api';

/** The customer lookup (01-console §7 Customers). */
export type CustomerSearch = Partial<Record<CustomerSearchField, string>>;

export const customerKeys = {
  all: ['customers'] as const,
  search: (q: CustomerSearch, page: number) => [...customerKeys.all, 'search', q, page] as const,
  customer: (customerId: number) => [...customerKeys.all, 'customer', customerId] as const,
  detail: (customerId: number, rfidId: number | null) =>
    [...customerKeys.customer(customerId), 'detail', rfidId] as const,
  online: (customerId: number) => [...customerKeys.customer(customerId), 'online'] as const,
  flags: (rfidId: number) => [...customerKeys.all, 'rfid', rfidId, 'flags'] as const,
  changes: (rfidId: number) => [...customerKeys.all, 'rfid', rfidId, 'changes'] as const,
  extract: (rfidId: number) => [...customerKeys.all, 'rfid', rfidId, 'extract'] as const,
  access: (rfidId: number) => [...customerKeys.all, 'rfid', rfidId, 'access'] as const,
};

/** A page of results, and whether the next page has any (the answer's `x-has-more` header). */
export interface CustomerSearchPage {
  rows: CustomerSearchRow[];
  hasMore: boolean;
}

/** Only the non-blank fields are sent (the query string skips empty values). */
export async function searchCustomers(q: CustomerSearch, page: number): Promise<CustomerSearchPage> {
  let hasMore = false;
  const rows = await api.get<CustomerSearchRow[]>('/infoCustomer/search', {
    query: { ...withoutBlanks(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, v?.trim()]))), page },
    onHeaders: (h) => {
      hasMore = h.get(CUSTOMER_SEARCH_HAS_MORE) === '1';
    },
  });
  return { rows, hasMore };
}
export const loadCustomer = (customerId: number, rfidId: number | null) =>
  api.get<CustomerDetail>('/infoCustomer', { query: { customerId, rfidId } });
export const loadFlags = (rfidId: number) =>
  api.get<CustomerFlagsResult>('/infoCustomer/flag', { query: { rfidId } });
export const loadChanges = (rfidId: number) =>
  api.get<WristbandChange[]>('/infoCustomer/wristbandChange', { query: { rfidId } });
export const loadServicesOnline = (customerId: number, rfidId: number | null) =>
  api.get<ServicesOnlineResult>('/infoCustomer/servicesOnline', { query: { customerId, rfidId } });
export const loadExtract = (rfidId: number) =>
  api.get<ExtractResult>('/infoCustomer/extract', { query: { rfidId } });
export const loadAccess = (rfidId: number) =>
  api.get<AccessRecordRow[]>('/infoCustomer/access', { query: { rfidId } });

/** Saves send `{ refund }`: field errors come back as `refund.<field>`. */
export const createRefund = (refund: RefundCreate) =>
  api.post<CustomerRefund>('/infoCustomer/create-refund', { refund }, { form: true });
export const editRefund = (refund: RefundEdit) =>
  api.post<CustomerRefund>('/infoCustomer/edit-refund', { refund }, { form: true });
export const markTopUpRefunded = (rechargeOnlineId: number) =>
  api.post<OnlineTopUp>('/infoCustomer/topUpRefund', { rechargeOnlineId });
