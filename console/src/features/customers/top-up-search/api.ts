import type { TopUpFound, TopUpSearchQuery, TopUpSearchResult } from '@pulsera/contracts';
import { api, withoutBlanks } from '../../../lib/api';

/** Search top-up (admin/configuration/search-top-up): online top-ups across every event. */
export type TopUpSearch = Omit<TopUpSearchQuery, 'page' | 'paginationLimit' | 'disablePagination'>;

export const topUpSearchKeys = {
  all: ['top-up-search'] as const,
  search: (q: TopUpSearch, page: number) => [...topUpSearchKeys.all, 'search', q, page] as const,
  detail: (id: number) => [...topUpSearchKeys.all, 'detail', id] as const,
};

export const searchTopUps = (q: TopUpSearch, page: number, paginationLimit: number) =>
  api.get<TopUpSearchResult>('/search-top-up', {
    query: { ...withoutBlanks(q), page, paginationLimit },
    form: true,
  });
export const openTopUp = (id: number) => api.get<TopUpFound>(`/search-top-up/${id}`);
