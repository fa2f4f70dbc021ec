import type {
  ApiTicket,
  ConverterInput,
  ExternalProduct,
  ManualTicketInput,
  Reseller,
  ResellerSave,
  TicketIssue,
  TicketIssueKind,
  TicketListResult,
  TicketProductsRequest,
  TicketRun,
  TicketSchedule,
  TicketScheduleSave,
} from '@pulsera/contracts';
import { api, withoutBlanks } from '../../../lib/api';

/** Ticket API (admin/api-ticket): schedules, their runs and products, and the imports' issues. */
export const ticketApiKeys = {
  all: ['ticket-api'] as const,
  schedules: () => [...ticketApiKeys.all, 'schedules'] as const,
  runs: (id: number) => [...ticketApiKeys.all, 'runs', id] as const,
  issues: (q: IssueFilter) => [...ticketApiKeys.all, 'issues', q] as const,
};

export interface IssueFilter {
  solved?: 0 | 1;
  kind?: TicketIssueKind;
  page?: number;
  paginationLimit?: number;
}

export const listSchedules = () => api.get<TicketSchedule[]>('/api-ticket/schedules');
export const saveSchedule = (schedule: TicketScheduleSave) =>
  api.post<{ schedule: TicketSchedule; verificationSent: boolean }>(
    '/api-ticket/schedules',
    { schedule },
    { form: true },
  );
export const deleteSchedule = (id: number) => api.delete<number>(`/api-ticket/schedules/${id}`);
export const runSchedule = (id: number) =>
  api.post<{ runId: number; jobId: string | null }>(`/api-ticket/schedules/${id}/run`, {});
export const resendVerification = (id: number) =>
  api.post<{ sent: boolean }>(`/api-ticket/schedules/${id}/verify-email`, {});
/** The platform's products at the connection the form holds (a saved schedule's token if left empty). */
export const previewProducts = (schedule: TicketProductsRequest) =>
  api.post<ExternalProduct[]>('/api-ticket/products', { schedule }, { form: true });
export const listRuns = (id: number) => api.get<TicketRun[]>(`/api-ticket/schedules/${id}/runs`);

export const listIssues = (q: IssueFilter) =>
  api.get<{ issues: TicketIssue[]; total: number }>('/api-ticket/issues', {
    query: withoutBlanks(q as Record<string, unknown>),
  });
export const retryIssue = (id: number) =>
  api.post<{ solved: boolean; issue: TicketIssue }>(`/api-ticket/issues/${id}/retry`, {});
export const solveIssue = (id: number) => api.post<TicketIssue>(`/api-ticket/issues/${id}/solve`, {});

// Tickets by hand, the converter and resellers (lists checked row by row; `preview` writes nothing).
export const listKeys = {
  tickets: (kind: 'manual' | 'converter', q: TicketFilter) => [...ticketApiKeys.all, kind, q] as const,
  preview: (kind: 'manual' | 'converter', rows: unknown) =>
    [...ticketApiKeys.all, kind, 'preview', rows] as const,
  resellers: () => [...ticketApiKeys.all, 'resellers'] as const,
};

export interface TicketFilter {
  search?: string;
  page?: number;
  paginationLimit?: number;
}

export const listTickets = (kind: 'manual' | 'converter', q: TicketFilter) =>
  api.get<{ tickets: ApiTicket[]; total: number }>(`/api-ticket/${kind}`, {
    query: withoutBlanks(q as Record<string, unknown>),
  });
export const applyManual = (rows: ManualTicketInput[], preview: boolean) =>
  api.post<TicketListResult>('/api-ticket/manual', { rows, preview }, { find: preview });
export const applyConverter = (rows: ConverterInput[], preview: boolean) =>
  api.post<TicketListResult>('/api-ticket/converter', { rows, preview }, { find: preview });
export const deleteListTicket = (kind: 'manual' | 'converter', id: number) =>
  api.delete<number>(`/api-ticket/${kind}/${id}`);

export const listResellers = () => api.get<Reseller[]>('/api-ticket/resellers');
export const saveReseller = (reseller: ResellerSave) =>
  api.post<Reseller>('/api-ticket/resellers', { reseller }, { form: true });
export const deleteReseller = (id: number) => api.delete<number>(`/api-ticket/resellers/${id}`);
