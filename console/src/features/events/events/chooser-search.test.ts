import { describe, expect, it } from 'vitest';
import { chooserSearch } from './chooser-search';

/** The address's params as the router hands them over. */
const read = (s: Record<string, unknown>) => chooserSearch(s as Parameters<typeof chooserSearch>[0]);

describe('the event chooser reads its address', () => {
  it('keeps a good page and name, and turns anything else into page 1 and no name', () => {
    expect(read({ page: '3', eventName: 'Sonora' })).toEqual({ page: 3, eventName: 'Sonora' });
    expect(read({ page: 2 })).toEqual({ page: 2 });
    expect(read({})).toEqual({ page: 1 });
    expect(read({ page: '0' })).toEqual({ page: 1 });
    expect(read({ page: '2.5' })).toEqual({ page: 1 });
    expect(read({ page: 'abc', eventName: 7 })).toEqual({ page: 1, eventName: '' });
    expect(read({ eventName: 'x'.repeat(201) })).toEqual({ page: 1, eventName: '' });
  });
});
