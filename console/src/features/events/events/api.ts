import type { Event, EventListResult, SelectedEvent } from '@pulsera/contracts';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session';

export const eventKeys = {
  all: ['events'] as const,
  list: (q: { state: string; page: number; eventName?: string }) => [...eventKeys.all, 'list', q] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
};

export const listEvents = (
  state: string,
  q: { page: number; paginationLimit: number; eventName?: string; disablePagination?: boolean },
) => api.get<EventListResult>(`/events/${encodeURIComponent(state)}`, { query: q });
export const findEvent = (id: number) =>
  api.get<{ event: Event; articles: { id: number; nombre: string }[] }>(`/findEvent/${id}`);
export const createEvent = (nombre: string) =>
  api.post<number>('/event', { event: { nombre } }, { form: true });
export const closeEvent = (idEvent: number) => api.post<boolean>('/closeEvent', { idEvent });
export const eventTrusts = (id: number) =>
  api.get<{ token: string; permissions: number[] }>(`/event/trusts/${id}`);
export const searchEvents = (search: string) =>
  api.get<{ id: number; nombre: string; isClosed: number }[]>('/search/events', {
    query: { search },
    find: true,
  });

export const toSelected = (event: Event): SelectedEvent => ({
  id: event.id,
  nombre: event.nombre,
  token: event.token,
  zona_horaria: event.zona_horaria,
  currency: event.financialCurrencyModel,
  localCurrency: event.localCurrencyModel,
  localCurrencyRate: event.localCurrencyRate,
  offset: event.offset,
});

/**
 * Selecting an event (01-console §4): stores the event, its token, time zone and currency; a
 * non-admin then fetches the event trusts, which yield a trust token.
 */
export async function selectEvent(id: number, isAdmin: boolean): Promise<SelectedEvent> {
  const { event } = await findEvent(id);
  const selected = toSelected(event);
  // The event token must be stored before asking for trusts, so the headers name the event.
  session.selectEvent(selected, null);
  if (!isAdmin) {
    const trusts = await eventTrusts(id);
    session.selectEvent(selected, trusts.token);
  }
  return selected;
}

/** Refresh re-reads the selected event by id (e.g. after it was renamed). */
export async function refreshSelectedEvent() {
  const s = session.get();
  if (!s.event) return;
  const { event } = await findEvent(s.event.id);
  session.selectEvent(toSelected(event), s.trusts);
}
