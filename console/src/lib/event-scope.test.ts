import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { scopeQueriesToEvent } from './event-scope';

/** A session store holding only the selected event. */
function store(id: number | null) {
  let event = id === null ? null : { id };
  const listeners = new Set<() => void>();
  return {
    get: () => ({ event }) as never,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    select(next: number | null) {
      event = next === null ? null : { id: next };
      for (const l of listeners) l();
    },
  };
}

describe('scopeQueriesToEvent', () => {
  it('forgets the data of the previous event when another is selected', async () => {
    const client = new QueryClient();
    const s = store(1);
    scopeQueriesToEvent(client, s);
    client.setQueryData(['articles', 'list'], ['Beer 50cl']);
    const shown = new QueryObserver(client, { queryKey: ['events', 'list'], queryFn: () => ['Sonora'] });
    const stop = shown.subscribe(() => {});

    s.select(1); // the same event again: nothing is dropped
    expect(client.getQueryData(['articles', 'list'])).toEqual(['Beer 50cl']);

    s.select(2);
    expect(client.getQueryData(['articles', 'list'])).toBeUndefined();
    // The screen being shown keeps its query.
    expect(client.getQueryCache().find({ queryKey: ['events', 'list'] })).toBeDefined();

    client.setQueryData(['articles', 'list'], ['Water']);
    s.select(null); // signing out
    expect(client.getQueryData(['articles', 'list'])).toBeUndefined();
    stop();
  });
});
