import {
  SALES_STATE_HEADER,
  type SalesLocationsSave,
  type SalesPush,
  type SalesReloadRequest,
  type SalesScheduleList,
  type SalesScheduleSave,
  type SalesStore,
} from '@pulsera/contracts';
import { api } from '../../../lib/api';

const base = '/api-server/sales-schedule';

export const salesApiKeys = {
  all: ['sales-api'] as const,
  list: () => ['sales-api', 'list'] as const,
  pushes: (scheduleId: number) => ['sales-api', 'pushes', scheduleId] as const,
  stores: (scheduleId: number) => ['sales-api', 'stores', scheduleId] as const,
};

export const listSchedules = () => api.get<SalesScheduleList>(base);
export const saveSchedule = (schedule: SalesScheduleSave) =>
  api.post<{ id: number }>(base, { schedule }, { form: true });
export const deleteSchedule = (id: number) => api.delete<boolean>(`${base}/${id}`);
export const startAuthorization = (scheduleId: number) =>
  api.post<{ url: string; expiresAt: string }>(`${base}/authorize`, { scheduleId });
/** The callback page's call: its own failures are shown by the page (silent). */
export const enableTokens = (scheduleId: number, code: string, state: string) =>
  api.post<{ enabled: boolean; scheduleId: number; name: string }>(
    `${base}/tokens`,
    { scheduleId, code },
    { silent: true, headers: { [SALES_STATE_HEADER]: state } },
  );
export const reloadPeriod = (body: SalesReloadRequest) =>
  api.post<{ periodStart: string; periodEnd: string; jobId: string | null }>(`${base}/reload`, body);
export const listPushes = (scheduleId: number) =>
  api.get<SalesPush[]>(`${base}/pushes`, { query: { scheduleId } });
export const listStores = (scheduleId: number) =>
  api.get<SalesStore[]>(`${base}/stores`, { query: { scheduleId }, silent: true });
export const saveLocations = (body: SalesLocationsSave) =>
  api.post<boolean>(`${base}/locations`, body, { form: true });
