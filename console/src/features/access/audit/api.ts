import type { AuditDetail, AuditFilterOptions, AuditPage, AuditQuery } from '@pulsera/contracts';
import { api, withoutBlanks } from '../../../lib/api';

export const auditKeys = {
  all: ['audit'] as const,
  list: (q: AuditQuery) => ['audit', 'list', q] as const,
  detail: (id: number) => ['audit', 'detail', id] as const,
  options: (eventOnly: boolean) => ['audit', 'options', eventOnly] as const,
};

export const listAudit = (q: AuditQuery) =>
  api.get<AuditPage>('/audit', { query: withoutBlanks(q as Record<string, unknown>) });
export const loadAuditDetail = (id: number) => api.get<AuditDetail>(`/audit/${id}`);
export const loadAuditOptions = (eventOnly: boolean) =>
  api.get<AuditFilterOptions>('/audit/options', { query: { eventOnly: eventOnly ? 1 : undefined } });
