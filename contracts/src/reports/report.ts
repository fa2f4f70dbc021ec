import { z } from 'zod';
import { instant as dateInRange, queryFlag, queryId } from '../inputs';

/**
 * The reports' shared protocol (02-catalogue §2 "Reports filter bar", §7 Reports and Filters).
 *
 * The filter bar's result object (dateFilter, dateFilterBound, idStaffFilter, …) becomes one query
 * string that every report call understands: a UTC window `[dateStart, dateEnd)` (the chosen festival
 * day shifted by the event offset, or the chosen start and end dates) and the ids of the chosen
 * location, staff, article, role, add-on, device, kitchen and room. A call ignores the filters it
 * does not offer. Absent = all.
 */
const id = queryId().optional();
const instant = dateInRange().optional();

/**
 * The spec's parameter names (02-catalogue §7): `date` is one festival day ('YYYY-MM-DD'; the server
 * turns it into that day's window at the event's cut-off), and some calls name their ids
 * `locationId`, `staffId`, `articleId`, `kitchenId`, `roomId`. Both forms are accepted: the console
 * keeps the range form, which also serves "from … to …" (decisions/reports.md "Report parameters").
 */
export const festivalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
  .optional();
const SPEC_ALIASES = {
  locationId: 'idLocation',
  staffId: 'idStaff',
  articleId: 'idArticle',
  kitchenId: 'idKitchen',
  roomId: 'idRoom',
} as const;
/** Renames the spec's `xId` query names to the shared `idX` (an explicit `idX` wins). */
export const specReportNames = (v: unknown) => {
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const [alias, name] of Object.entries(SPEC_ALIASES)) {
    if (alias in out) {
      if (out[name] === undefined) out[name] = out[alias];
      delete out[alias];
    }
  }
  return out;
};

const ReportQueryObject = z
  .object({
    date: festivalDate,
    dateStart: instant,
    dateEnd: instant,
    idLocation: id,
    idStaff: id,
    idArticle: id,
    idRol: id,
    idAddon: id,
    idDevice: id,
    idKitchen: id,
    idRoom: id,
    /** Staff reports: 1 internal staff only, 0 external only; absent = both. */
    isIntern: queryFlag().optional(),
  })
  .refine((q) => !q.dateStart || !q.dateEnd || Date.parse(q.dateStart) < Date.parse(q.dateEnd), {
    message: 'validation.errorDates',
    path: ['dateEnd'],
  });
export const ReportQuery = z.preprocess(specReportNames, ReportQueryObject);
export type ReportQuery = z.infer<typeof ReportQueryObject>;

/** The option kinds of GET /filters (`kinds` lists the missing ones, comma separated; absent = all, `none` = none). */
export const FILTER_KINDS = [
  'locations',
  'staffs',
  'articles',
  'addons',
  'roles',
  'devices',
  'kitchens',
  'rooms',
] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export const FilterOption = z.object({ id: z.number().int(), name: z.string() });
/** A location option also carries its NFC activities, so a report offers the locations that fit it. */
export const LocationFilterOption = FilterOption.extend({ activities: z.array(z.string()) });
export type FilterOption = z.infer<typeof FilterOption>;

export const FiltersQuery = z.object({
  kinds: z
    .string()
    .optional()
    .transform((s, ctx) => {
      const list = (s ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      // `none`: only the event's calendar (a bar with dates but no option lists).
      if (list.length === 1 && list[0] === 'none') return [] as FilterKind[];
      for (const k of list) {
        if (!(FILTER_KINDS as readonly string[]).includes(k)) {
          ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
          return z.NEVER;
        }
      }
      return (list.length ? list : [...FILTER_KINDS]) as FilterKind[];
    }),
  /** Only staff holding this trust letter (e.g. M for the metre sales report). */
  idTrust: z
    .string()
    .regex(/^[A-Z]$/)
    .optional(),
});

export const FiltersResult = z.object({
  /** The selected event's calendar: the day options are built from it (see `festivalDays`). */
  event: z.object({
    start: z.string(),
    end: z.string(),
    timezone: z.string(),
    offset: z.number(),
  }),
  locations: z.array(LocationFilterOption).optional(),
  staffs: z.array(FilterOption.extend({ intern: z.number().int() })).optional(),
  articles: z.array(FilterOption).optional(),
  addons: z.array(FilterOption).optional(),
  roles: z.array(FilterOption).optional(),
  devices: z.array(FilterOption).optional(),
  kitchens: z.array(FilterOption).optional(),
  rooms: z.array(FilterOption).optional(),
});
export type FiltersResult = z.infer<typeof FiltersResult>;
