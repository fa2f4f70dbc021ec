import { describe, expect, it } from 'vitest';
import { boundedPageWindow, pageWindow } from './paging';

describe('pageWindow', () => {
  it('counts pages from 1, with the list default when no paginationLimit is sent', () => {
    expect(pageWindow({ page: 1 }, 25)).toEqual({ offset: 0, limit: 25 });
    expect(pageWindow({ page: 3, paginationLimit: 10 }, 25)).toEqual({ offset: 20, limit: 10 });
    expect(pageWindow({}, 25)).toEqual({ offset: 0, limit: 25 });
  });
  it('answers every row when disablePagination is set', () => {
    expect(pageWindow({ page: 4, paginationLimit: 10, disablePagination: true }, 25)).toEqual({
      offset: 0,
      limit: null,
    });
  });
  it('a bounded window ignores nothing but keeps its limit', () => {
    expect(boundedPageWindow({ page: 2 }, 100)).toEqual({ offset: 100, limit: 100 });
  });
});
