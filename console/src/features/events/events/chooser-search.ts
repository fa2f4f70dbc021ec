import type { SearchSchemaInput } from '@tanstack/react-router';

/** The event chooser's search params (in the URL: bookmarkable). */
export interface ChooserSearch {
  page: number;
  eventName?: string;
}

/**
 * Reads them from the address: a page that is not a whole number from 1 is page 1; a name that is
 * not text or longer than 200 characters is dropped (''). Plain code, not zod: this runs in the
 * router of every page, the sign-in page's first load included (issue 17).
 */
export function chooserSearch(s: { page?: unknown; eventName?: unknown } & SearchSchemaInput): ChooserSearch {
  const page = typeof s.page === 'string' || typeof s.page === 'number' ? Number(s.page) : Number.NaN;
  const out: ChooserSearch = { page: Number.isInteger(page) && page >= 1 ? page : 1 };
  if (s.eventName !== undefined)
    out.eventName = typeof s.eventName === 'string' && s.eventName.length <= 200 ? s.eventName : '';
  return out;
}
