import type { EventListResult, Job, JobListQuery, JobListResult } from '@pulsera/contracts';
import { api, withoutBlanks } from '../../../lib/api';

/** Background jobs (admin/configuration/jobs): the list with its filters, retry and run now. */
export type JobFilter = Omit<JobListQuery, 'disablePagination'>;

export const jobKeys = {
  all: ['jobs'] as const,
  list: (q: JobFilter) => [...jobKeys.all, 'list', q] as const,
  events: () => [...jobKeys.all, 'events'] as const,
};

export const listJobs = (q: JobFilter) =>
  api.get<JobListResult>('/jobs', { query: withoutBlanks(q as Record<string, unknown>) });
export const retryJob = (id: string) => api.post<Job>(`/jobs/${id}/retry`, {});
export const runJob = (kind: string) => api.post<Job>('/jobs/run', { kind });
/** Every event, for the event filter. */
export const listAllEvents = () =>
  api.get<EventListResult>('/events/all', {
    query: { page: 1, paginationLimit: 1000, disablePagination: true },
  });
