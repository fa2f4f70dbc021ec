import { z } from 'zod';
import { MAX_ROLES } from '../constants';
import { ImageRef } from '../events/events';
import { INT4_MAX, wireIdList } from '../inputs';
import { IMAGE_SIZES, ImageAttachRequest, ImageDeleteRequest } from '../upload';
import { VenueOption } from '../venue/gates';
import { PRICE_MAX_CENTS } from './articles';
import { keyed, required } from './rule-fields';

/**
 * Ticket roles ("rols") of the selected event (admin/access/rols, permission roles 14; 02-catalogue §2
 * Roles, §3 Role, §4, §5, §7 Roles, §8, §9). A rol is a ticket type: its price, where it is validated
 * and pre-topped-up, whether it needs a tag, the time ranges it can be validated in, the zones it gives
 * access to, the add-ons and the articles it comes with. Amounts are cents of the financial currency.
 * At most 127 per event. The spec's location list "[%]" (all) travels as null.
 */

export const ROL_NAME_MAX = 150;
export const ROL_CATEGORY_MAX = 100;
/** Entries one list of a rol may hold (time ranges, access entries, add-ons, articles, locations). */
export const ROL_MAX_ITEMS = 500;
/** nAccess: how many times the zone may be entered in the time range; -1 is unlimited. */
export const UNLIMITED_ACCESS = -1;
export const ROL_DEFAULTS = { price: 0, amountBonus: 0, tagRequired: 1, nAccess: UNLIMITED_ACCESS } as const;
/** The rol image: 500 × 140 (01-console §9), shown 200 wide on the rol screen (02-catalogue §9). */
export const ROL_IMAGE = { size: IMAGE_SIZES.role, folder: 'rols', displayWidth: 200 } as const;

const flag01 = z.union([z.literal(0), z.literal(1)]);
const id = () => z.number(keyed).int().positive().max(INT4_MAX);

export const RolArticle = z.object({ idArticle: z.number().int(), quantity: z.number().int() });
export type RolArticle = z.infer<typeof RolArticle>;

/** An access entry: the zone, during the time range, nAccess times (-1 unlimited). */
export const RolAccess = z.object({
  id: z.number().int(),
  idZone: z.number().int(),
  idRol: z.number().int(),
  idEvent: z.number().int(),
  idTimeRange: z.number().int(),
  nAccess: z.number().int(),
});
export type RolAccess = z.infer<typeof RolAccess>;

export const Rol = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Cents of the financial currency. */
  price: z.number().int(),
  /** Gift balance (cents) loaded with the ticket. */
  amountBonus: z.number().int(),
  category: z.string().nullable(),
  /** Locations where the ticket is validated; null means all ([%]). */
  locationsAvailable: z.array(z.number().int()).nullable(),
  /** Locations where its pre-top-ups are loaded; null means all ([%]). */
  preTopUpLocationsAvailable: z.array(z.number().int()).nullable(),
  dateUpdateImage: z.string().nullable(),
  tagRequired: flag01,
  articles: z.array(RolArticle),
  rolesAccess: z.array(RolAccess),
  idAddons: z.array(z.number().int()),
  idsTimeRange: z.array(z.number().int()),
  idImage: z.number().int().nullable(),
  /** The 500 × 140 image, uploaded with PUT /rols/image. */
  pictureFull: ImageRef.nullable(),
  date_update: z.string(),
});
export type Rol = z.infer<typeof Rol>;

/** A time range as the rol screen offers it. */
export const RolTimeRangeOption = VenueOption.extend({ dateStart: z.string(), dateEnd: z.string() });

/** GET /rols: result.rols, articles, locations, timeRanges, zones, addons. */
export const RolsResult = z.object({
  rols: z.array(Rol),
  articles: z.array(VenueOption),
  locations: z.array(VenueOption),
  timeRanges: z.array(RolTimeRangeOption),
  zones: z.array(VenueOption),
  addons: z.array(VenueOption),
});
export type RolsResult = z.infer<typeof RolsResult>;

/** Indexes of the entries that repeat an earlier one (by `key`). */
export function repeatedEntries<T>(list: readonly T[], key: (item: T) => unknown) {
  const seen = new Set<string>();
  const dup: number[] = [];
  list.forEach((item, i) => {
    const k = JSON.stringify(key(item));
    if (seen.has(k)) dup.push(i);
    seen.add(k);
  });
  return dup;
}

/** The same zone and time range twice is one access pair too many (configAlreadyInserted). */
export const accessPairKey = (a: { idZone: number | null; idTimeRange: number | null }) => [
  a.idZone,
  a.idTimeRange,
];

type Lists = {
  idsTimeRange: readonly (number | null)[];
  rolesAccess: readonly { idZone: number | null; idTimeRange: number | null }[];
  idAddons: readonly (number | null)[];
  articles: readonly { idArticle: number | null }[];
};

/** configAlreadyInserted on each repeated time range, access pair, add-on or article (02-catalogue §4, §8). */
const noRepeats = (v: Lists, ctx: z.RefinementCtx) => {
  const mark = (path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', path, message: 'validation.configAlreadyInserted' });
  for (const i of repeatedEntries(v.idsTimeRange, (x) => x)) mark(['idsTimeRange', i]);
  for (const i of repeatedEntries(v.rolesAccess, accessPairKey)) mark(['rolesAccess', i]);
  for (const i of repeatedEntries(v.idAddons, (x) => x)) mark(['idAddons', i]);
  for (const i of repeatedEntries(v.articles, (a) => a.idArticle)) mark(['articles', i, 'idArticle']);
};

const name = () => z.string(keyed).trim().min(1, required).max(ROL_NAME_MAX);
const money = () => z.number(keyed).int().min(0).max(PRICE_MAX_CENTS);
const nAccess = () =>
  z
    .number(keyed)
    .int()
    .refine((v) => v === UNLIMITED_ACCESS || v >= 1, { error: 'validation.nAccess' });
/** A location list: null is all; a list names at least one (on the wire also "1,2" or "%"). */
const locationList = () =>
  wireIdList(
    z.array(id()).min(1, { error: 'validation.chooseSomeOrAll' }).max(ROL_MAX_ITEMS).nullable(),
    null,
  ).default(null);

/**
 * The body of POST /rols {rol}: no id creates (refused once the event has 127: 409 rolLimit), an id
 * updates. The lists replace the rol's own; a list left out is stored empty (locations: all).
 */
export const RolSave = z
  .object({
    id: id().optional(),
    name: name(),
    price: money(),
    amountBonus: money().default(ROL_DEFAULTS.amountBonus),
    /** Blank or null: no category. */
    category: z
      .string(keyed)
      .trim()
      .max(ROL_CATEGORY_MAX)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    tagRequired: flag01.default(ROL_DEFAULTS.tagRequired),
    locationsAvailable: locationList(),
    preTopUpLocationsAvailable: locationList(),
    articles: z
      .array(
        z.object({
          idArticle: id(),
          quantity: z.number(keyed).int().min(1).max(10_000).default(1),
        }),
      )
      .max(ROL_MAX_ITEMS)
      .default([]),
    rolesAccess: z
      .array(
        z.object({
          idZone: id(),
          idTimeRange: id(),
          nAccess: nAccess().default(ROL_DEFAULTS.nAccess),
        }),
      )
      .max(ROL_MAX_ITEMS)
      .default([]),
    idAddons: z.array(id()).max(ROL_MAX_ITEMS).default([]),
    idsTimeRange: z.array(id()).max(ROL_MAX_ITEMS).default([]),
  })
  .superRefine(noRepeats);
export type RolSave = z.infer<typeof RolSave>;
export const RolSaveRequest = z.object({ rol: RolSave });

/** PUT /rols/image {rolId, key, imageObject}: attaches the uploaded 500 × 140 image (a save of the rol). */
export const RolImageRequest = ImageAttachRequest.extend({ rolId: id() });
/** PUT /rols/image/delete {rolId, delete: 1}: removes it. */
export const RolImageDeleteRequest = ImageDeleteRequest.extend({ rolId: id() });

/** The category selector (02-catalogue §2): any (none), one the event's rols already use, or a new one. */
export const CATEGORY_MODES = ['any', 'existing', 'new'] as const;
export type CategoryMode = (typeof CATEGORY_MODES)[number];

/** The categories the event's rols use, sorted, without repeats. */
export const rolCategories = (rols: readonly { category: string | null }[]) =>
  [...new Set(rols.flatMap((r) => (r.category ? [r.category] : [])))].sort((a, b) => a.localeCompare(b));

/** The category a form's choice stands for (null for any). */
export function chosenCategory(v: {
  categoryMode: CategoryMode;
  categoryExisting: string | null;
  categoryNew: string;
}) {
  if (v.categoryMode === 'existing') return v.categoryExisting || null;
  if (v.categoryMode === 'new') return v.categoryNew.trim() || null;
  return null;
}

/**
 * The detail form: money typed in the display currency, the category as the selector holds it, and
 * the "all" switches of the location lists (off: choose at least one).
 */
export const RolForm = z
  .object({
    name: name(),
    categoryMode: z.enum(CATEGORY_MODES),
    categoryExisting: z.string().nullable(),
    categoryNew: z.string(keyed).trim().max(ROL_CATEGORY_MAX),
    price: z.number(keyed).min(0),
    amountBonus: z.number(keyed).min(0),
    tagRequired: flag01,
    allLocations: z.boolean(),
    locationsAvailable: z.array(z.string()),
    allPreTopUpLocations: z.boolean(),
    preTopUpLocationsAvailable: z.array(z.string()),
    idsTimeRange: z.array(z.number()),
    rolesAccess: z.array(z.object({ idZone: z.number(), idTimeRange: z.number(), nAccess: nAccess() })),
    idAddons: z.array(z.number()),
    articles: z.array(z.object({ idArticle: z.number(), quantity: z.number(keyed).int().min(1) })),
  })
  .superRefine((v, ctx) => {
    if (v.categoryMode === 'new' && !v.categoryNew.trim())
      ctx.addIssue({ code: 'custom', path: ['categoryNew'], message: 'validation.required' });
    if (v.categoryMode === 'existing' && !v.categoryExisting)
      ctx.addIssue({ code: 'custom', path: ['categoryExisting'], message: 'validation.required' });
    if (!v.allLocations && v.locationsAvailable.length === 0)
      ctx.addIssue({ code: 'custom', path: ['locationsAvailable'], message: 'validation.chooseSomeOrAll' });
    if (!v.allPreTopUpLocations && v.preTopUpLocationsAvailable.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['preTopUpLocationsAvailable'],
        message: 'validation.chooseSomeOrAll',
      });
    noRepeats(v, ctx);
  });
export type RolForm = z.infer<typeof RolForm>;

/** The two warnings of 02-catalogue §8: no time ranges (cannot be validated in ticketing), no access. */
export function rolWarnings(r: { idsTimeRange: readonly unknown[]; rolesAccess: readonly unknown[] }) {
  const out: ('noTimeRanges' | 'noAccess')[] = [];
  if (r.idsTimeRange.length === 0) out.push('noTimeRanges');
  if (r.rolesAccess.length === 0) out.push('noAccess');
  return out;
}

/** New is offered (and accepted by the server) only while the event has fewer than 127 rols. */
export const canCreateRol = (count: number) => count < MAX_ROLES;
