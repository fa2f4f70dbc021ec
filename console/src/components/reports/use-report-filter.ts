import type { FilterKind, FiltersResult, LocationPicker } from '@pulsera/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { api, queryString } from '../../lib/api';
import { type FestivalDay, festivalDays } from './festival-days';

/** The filters a report offers (02-catalogue §2 "Reports filter bar"); each is optional per report. */
export type FilterField =
  | 'day'
  | 'dates'
  | 'location'
  | 'staff'
  | 'intern'
  | 'article'
  | 'role'
  | 'device'
  | 'kitchen'
  | 'room'
  | 'addon';

/** The bar's result object, named as the spec names it. */
export interface ReportFilter {
  dateFilter: string | null;
  dateFilterBound: { start: string; end: string } | null;
  dateFilterStart: string | null;
  dateFilterEnd: string | null;
  idLocationFilter: number | null;
  idStaffFilter: number | null;
  isInternFilter: number | null;
  idArticleFilter: number | null;
  idRolFilter: number | null;
  idDeviceFilter: number | null;
  idKitchenFilter: number | null;
  idRoomFilter: number | null;
  idAddonFilter: number | null;
}

/** URL search keys (filters live in the URL, ARCHITECTURE.md convention 7). */
const ID_KEYS = {
  location: 'idLocationFilter',
  staff: 'idStaffFilter',
  intern: 'isInternFilter',
  article: 'idArticleFilter',
  role: 'idRolFilter',
  device: 'idDeviceFilter',
  kitchen: 'idKitchenFilter',
  room: 'idRoomFilter',
  addon: 'idAddonFilter',
} as const satisfies Partial<Record<FilterField, keyof ReportFilter>>;

const OPTION_KIND: Partial<Record<FilterField, FilterKind>> = {
  location: 'locations',
  staff: 'staffs',
  article: 'articles',
  role: 'roles',
  device: 'devices',
  kitchen: 'kitchens',
  room: 'rooms',
  addon: 'addons',
};

export type SearchValues = Partial<Record<FilterField | 'start' | 'end', string | number>>;

const num = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const str = (v: unknown) =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;

export const filterKeys = {
  all: ['filters'] as const,
  options: (kinds: FilterKind[], trust?: string) => ['filters', kinds.join(','), trust ?? ''] as const,
};

/**
 * The report filter bar's state, read from and written to the URL. `query` is what a report call
 * sends (see contracts ReportQuery): it changes on every change of the bar, except that while the
 * end date is offered a start date alone does not change it until both dates are set.
 */
export function useReportFilter(
  fields: FilterField[],
  opts: {
    trust?: string;
    /** The locations this report offers (contracts `LOCATION_PICKERS`); every location when absent. */
    locations?: LocationPicker;
  } = {},
) {
  const search = useSearch({ strict: false }) as SearchValues;
  const navigate = useNavigate();
  const location = useLocation();
  const kinds = useMemo(
    () => fields.map((f) => OPTION_KIND[f]).filter((k): k is FilterKind => !!k),
    [fields],
  );
  const options = useQuery({
    queryKey: filterKeys.options(kinds, opts.trust),
    queryFn: () =>
      api.get<FiltersResult>(
        `/filters${queryString({ kinds: kinds.join(',') || 'none', idTrust: opts.trust })}`,
      ),
    staleTime: 60_000,
  });
  const days: FestivalDay[] = useMemo(
    () => (options.data ? festivalDays(options.data.event) : []),
    [options.data],
  );

  const filter: ReportFilter = useMemo(() => {
    const day = fields.includes('day') ? str(search.day) : null;
    const bound = day ? days.find((d) => d.value === day) : undefined;
    const f: ReportFilter = {
      dateFilter: day,
      dateFilterBound: bound ? { start: bound.start, end: bound.end } : null,
      dateFilterStart: fields.includes('dates') ? str(search.start) : null,
      dateFilterEnd: fields.includes('dates') ? str(search.end) : null,
      idLocationFilter: null,
      idStaffFilter: null,
      isInternFilter: null,
      idArticleFilter: null,
      idRolFilter: null,
      idDeviceFilter: null,
      idKitchenFilter: null,
      idRoomFilter: null,
      idAddonFilter: null,
    };
    for (const [field, key] of Object.entries(ID_KEYS) as [FilterField, keyof ReportFilter][]) {
      if (fields.includes(field)) (f as unknown as Record<string, number | null>)[key] = num(search[field]);
    }
    return f;
  }, [fields, search, days]);

  const dateError =
    !!filter.dateFilterStart &&
    !!filter.dateFilterEnd &&
    Date.parse(filter.dateFilterEnd) <= Date.parse(filter.dateFilterStart);

  const query = useMemo(() => toQuery(filter, fields, dateError), [filter, fields, dateError]);

  const set = useCallback(
    (patch: SearchValues) => {
      const next: Record<string, unknown> = { ...(search as Record<string, unknown>) };
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === undefined || v === '') delete next[k];
        else next[k] = v;
      }
      // A day and a date range are two ways of choosing the window: choosing one clears the other.
      if (patch.day) {
        delete next.start;
        delete next.end;
      }
      if (patch.start || patch.end) delete next.day;
      navigate({ to: location.pathname, search: next, replace: true });
    },
    [search, navigate, location.pathname],
  );

  return {
    fields,
    locationPicker: opts.locations,
    filter,
    query,
    set,
    search,
    days,
    options: options.data,
    dateError,
    /** The calendar is needed before a day can be turned into its window. */
    ready: !fields.includes('day') || !search.day || !!options.data,
  };
}

export type ReportFilterState = ReturnType<typeof useReportFilter>;

/** The bar's result as the query string of a report call (absent = all). */
export function toQuery(f: ReportFilter, fields: FilterField[], dateError = false) {
  const q: Record<string, string | number | undefined> = {};
  if (f.dateFilterBound) {
    q.dateStart = f.dateFilterBound.start;
    q.dateEnd = f.dateFilterBound.end;
  } else if (fields.includes('dates')) {
    // With the end date offered, the start alone does not filter until both are set.
    if (f.dateFilterStart && f.dateFilterEnd && !dateError) {
      q.dateStart = f.dateFilterStart;
      q.dateEnd = f.dateFilterEnd;
    }
  }
  q.idLocation = f.idLocationFilter ?? undefined;
  q.idStaff = f.idStaffFilter ?? undefined;
  q.isIntern = f.isInternFilter ?? undefined;
  q.idArticle = f.idArticleFilter ?? undefined;
  q.idRol = f.idRolFilter ?? undefined;
  q.idDevice = f.idDeviceFilter ?? undefined;
  q.idKitchen = f.idKitchenFilter ?? undefined;
  q.idRoom = f.idRoomFilter ?? undefined;
  q.idAddon = f.idAddonFilter ?? undefined;
  for (const k of Object.keys(q)) if (q[k] === undefined) delete q[k];
  return q;
}
