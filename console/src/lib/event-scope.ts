import type { QueryClient } from '@tanstack/react-query';
import { session } from './session';

/**
 * The screens cache their data under keys that do not name the event (the server answers for the
 * selected one), so when the selected event changes — the chooser, "open the new event" after a
 * duplicate, another tab, signing out — the cached data of the previous event is dropped: every
 * query no screen is showing is removed, and the next screen fetches its event's data. (Active
 * queries are left alone: they belong to the screen being left, and refetching them while a
 * non-admin's trusts are still on their way would fail.)
 */
export function scopeQueriesToEvent(
  client: QueryClient,
  store: Pick<typeof session, 'get' | 'subscribe'> = session,
) {
  let current = store.get().event?.id ?? null;
  return store.subscribe(() => {
    const id = store.get().event?.id ?? null;
    if (id === current) return;
    current = id;
    client.removeQueries({ type: 'inactive' });
  });
}
