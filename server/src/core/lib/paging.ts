/**
 * The rows of one page of a list (ARCHITECTURE "One list protocol", 01-console §9): `page` counts from
 * 1, `paginationLimit` rows a page (the list's default when absent), every row when
 * `disablePagination` is set (limit null). Every paged list of the server computes its window here.
 */
export interface PageWindow {
  offset: number;
  /** null: every row (disablePagination). */
  limit: number | null;
}

export function pageWindow(
  q: { page?: number; paginationLimit?: number; disablePagination?: boolean },
  defaultLimit: number,
): PageWindow {
  if (q.disablePagination) return { offset: 0, limit: null };
  const limit = q.paginationLimit ?? defaultLimit;
  return { offset: (Math.max(1, Math.floor(q.page ?? 1)) - 1) * limit, limit };
}

/** A window that always has a limit (lists whose protocol has no disablePagination). */
export function boundedPageWindow(q: { page?: number; paginationLimit?: number }, defaultLimit: number) {
  return pageWindow({ page: q.page, paginationLimit: q.paginationLimit }, defaultLimit) as {
    offset: number;
    limit: number;
  };
}
