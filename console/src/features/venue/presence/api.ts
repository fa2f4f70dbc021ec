import type { PresenceDetail, PresenceListQuery, PresenceListResult } from '@pulsera/contracts';
import { api, withoutBlanks } from '../../../lib/api';

/** Presence control (02-catalogue §7 Presence). */
export const presenceKeys = {
  all: ['presence'] as const,
  list: (q: PresenceListQuery) => [...presenceKeys.all, 'list', q] as const,
  detail: (idStaff: number) => [...presenceKeys.all, 'detail', idStaff] as const,
};

export const loadPresence = (q: PresenceListQuery) =>
  api.get<PresenceListResult>('/controlPresence', {
    query: { ...withoutBlanks(q), withActions: q.withActions ? 1 : null },
  });
export const loadPresenceDetail = (idStaff: number) => api.get<PresenceDetail>(`/controlPresence/${idStaff}`);
export const deletePresenceRecords = (idControls: number[]) =>
  api.post<number>('/controlPresence/delete', { idControls });
