import type {
  PayoutAccount,
  PayoutAccountForm,
  PayoutPreview,
  PayoutRejectRequest,
  PayoutRun,
  PayoutRunCreate,
  PayoutRunDetail,
  PayoutSelection,
} from '@pulsera/contracts';
import { api, requestFile, withoutBlanks } from '../../../lib/api';
import { saveBlob } from '../../../lib/xlsx';

/** Refund payouts (issue 15): the debtor account, the preview of a selection and the SEPA runs. */
export const payoutKeys = {
  all: ['payouts'] as const,
  account: () => [...payoutKeys.all, 'account'] as const,
  preview: (q: PayoutSelection) => [...payoutKeys.all, 'preview', q] as const,
  runs: () => [...payoutKeys.all, 'runs'] as const,
  run: (id: number) => [...payoutKeys.all, 'run', id] as const,
};

export const loadAccount = () => api.get<{ account: PayoutAccount | null }>('/payouts/account');
export const saveAccount = (a: PayoutAccountForm) =>
  api.put<{ account: PayoutAccount }>('/payouts/account', a, { form: true });
export const loadPreview = (q: PayoutSelection) =>
  api.get<PayoutPreview>('/payouts/preview', { query: withoutBlanks(q as Record<string, unknown>) });
export const loadRuns = () => api.get<PayoutRun[]>('/payouts/runs');
export const loadRun = (id: number) => api.get<PayoutRunDetail>(`/payouts/runs/${id}`);
export const generateRun = (body: PayoutRunCreate) => api.post<PayoutRunDetail>('/payouts/runs', body);
export const markSent = (id: number) => api.post<PayoutRunDetail>(`/payouts/runs/${id}/sent`, {});
export const cancelRun = (id: number) => api.post<PayoutRunDetail>(`/payouts/runs/${id}/cancel`, {});
export const rejectRefund = (id: number, body: PayoutRejectRequest) =>
  api.post<PayoutRunDetail>(`/payouts/runs/${id}/reject`, body);

/** The run's XML file, as it was generated. */
export async function downloadRunFile(run: PayoutRun) {
  const { blob, fileName } = await requestFile(`/payouts/runs/${run.id}/file`);
  saveBlob(blob, fileName ?? `${run.messageId}.xml`);
}
