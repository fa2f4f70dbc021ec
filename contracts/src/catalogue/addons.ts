import { z } from 'zod';
import { INT4_MAX, id, queryId } from '../inputs';
import { festivalDate } from '../reports/report';
import { VenueOption } from '../venue/gates';
import { keyed, required } from './rule-fields';

/**
 * Add-ons (02-catalogue §2 Add-ons, §3 Add-on, §4, §5, §7 Add-ons; permission addon): what a wristband
 * can be given on top (cash and bonus amounts in cents, the flags it grants, gift articles).
 */

export const ADDON_MAX_ITEMS = 200;
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const AddonGift = z.object({ idArticle: z.number().int(), quantity: z.number().int() });
export type AddonGift = z.infer<typeof AddonGift>;

export const Addon = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Cents of the financial currency. */
  amountCash: z.number().int(),
  amountBonus: z.number().int(),
  /** Flag ids. */
  flags: z.array(z.number().int()),
  gifts: z.array(AddonGift),
  color: z.string().nullable(),
  date_update: z.string(),
});
export type Addon = z.infer<typeof Addon>;

/** A flag as the add-on screen offers it. */
export const AddonFlagOption = VenueOption.extend({ flagNumber: z.number().int() });

/** GET /addon: result.addons, articles, flags. */
export const AddonsResult = z.object({
  addons: z.array(Addon),
  articles: z.array(VenueOption),
  flags: z.array(AddonFlagOption),
});
export type AddonsResult = z.infer<typeof AddonsResult>;

/** The same gift article twice. */
export function duplicateGifts(gifts: readonly { idArticle: number | null }[]) {
  const seen = new Set<number | null>();
  const dup: number[] = [];
  gifts.forEach((g, i) => {
    if (seen.has(g.idArticle)) dup.push(i);
    seen.add(g.idArticle);
  });
  return dup;
}

const noDuplicateGifts = (v: { gifts: { idArticle: number | null }[] }, ctx: z.RefinementCtx) => {
  for (const i of duplicateGifts(v.gifts))
    ctx.addIssue({
      code: 'custom',
      path: ['gifts', i, 'idArticle'],
      message: 'validation.configAlreadyInserted',
    });
};

const name = z.string(keyed).trim().min(1, required).max(150);
const description = z.string(keyed).trim().min(1, required).max(500);
const color = z.string().trim().regex(COLOR_PATTERN, { error: 'validation.color' });

/**
 * The body of POST /addon {item}: no id creates, an id updates. Name and description are required
 * (02-catalogue §5); flags and gifts default to empty lists; a gift's quantity defaults to 1.
 */
export const AddonSave = z
  .object({
    id: id().optional(),
    name,
    description,
    amountCash: z.number(keyed).int().min(0).max(100_000_000).default(0),
    amountBonus: z.number(keyed).int().min(0).max(100_000_000).default(0),
    flags: z.array(id()).max(64).default([]),
    gifts: z
      .array(
        z.object({
          idArticle: z.number(keyed).int().positive().max(INT4_MAX),
          quantity: z.number(keyed).int().min(1).max(10_000).default(1),
        }),
      )
      .max(ADDON_MAX_ITEMS)
      .default([]),
    color: color.nullable().optional(),
  })
  .superRefine(noDuplicateGifts);
export type AddonSave = z.infer<typeof AddonSave>;
export const AddonSaveRequest = z.object({ item: AddonSave });

/** The form: amounts typed in units of the display currency; flags as the select holds them. */
export const AddonForm = z
  .object({
    name,
    description,
    amountCash: z.number(keyed).min(0),
    amountBonus: z.number(keyed).min(0),
    flags: z.array(z.string()),
    gifts: z.array(z.object({ idArticle: z.number(), quantity: z.number(keyed).int().min(1) })),
    color: color.or(z.literal('')).nullable(),
  })
  .superRefine(noDuplicateGifts);
export type AddonForm = z.infer<typeof AddonForm>;

// ---------------------------------------------------------------------------------------------
// Add-on statistics (02-catalogue §2 "Add-ons statistics", §7 Add-on report)

const statsId = queryId().optional();
const instant = z.iso.datetime({ offset: true }).optional();

/**
 * The filters of the add-on statistics, named as every report's (contracts/src/report.ts): a UTC
 * window `[dateStart, dateEnd)` of device times, one staff member and one add-on. Absent = all.
 */
export const AddonStatsQuery = z
  .object({ date: festivalDate, dateStart: instant, dateEnd: instant, idStaff: statsId, idAddon: statsId })
  .refine((q) => !q.dateStart || !q.dateEnd || Date.parse(q.dateStart) < Date.parse(q.dateEnd), {
    message: 'validation.endAfterStart',
    path: ['dateEnd'],
  });
export type AddonStatsQuery = z.infer<typeof AddonStatsQuery>;
/** What a screen passes (dates as ISO instants in UTC). */
export interface AddonStatsFilters {
  dateStart?: string;
  dateEnd?: string;
  idStaff?: number;
  idAddon?: number;
}

const counts = {
  /** Add-ons given by hand (AM, AM-WA). */
  manuals: z.number().int(),
  /** Add-ons sold (AS, AS-WA, AS-C, AS-CC and sales naming the add-on), less refunds (D-SA, devolutions). */
  sales: z.number().int(),
  /** Add-ons loaded when a ticket was validated (AV, AV-WA). */
  validations: z.number().int(),
};

/** One staff member's row in an add-on's table; staffName null when the staff row no longer exists. */
export const AddonStatsRow = z.object({
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  ...counts,
});
export type AddonStatsRow = z.infer<typeof AddonStatsRow>;

/** One table per add-on; name null when the add-on was deleted after its operations. */
export const AddonStatsTable = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  ...counts,
  staff: z.array(AddonStatsRow),
});
export type AddonStatsTable = z.infer<typeof AddonStatsTable>;

/**
 * result.reports.addons (one table per add-on, by name), addonLogs (how many add-on operations the
 * filters matched: 0 shows the no-results message) and filters (the add-ons and staff to choose from).
 */
export const AddonStatsResult = z.object({
  reports: z.object({ addons: z.array(AddonStatsTable) }),
  addonLogs: z.number().int(),
  filters: z.object({ addons: z.array(VenueOption), staffs: z.array(VenueOption) }),
});
export type AddonStatsResult = z.infer<typeof AddonStatsResult>;
