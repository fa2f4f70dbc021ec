import { z } from 'zod';
import { INT4_MAX } from '../inputs';
import { VenueOption } from '../venue/gates';
import { keyed, required } from './rule-fields';

/**
 * Flags, the access groups of an event (02-catalogue §2 Flags, §3 Flag, §4, §5, §7 Flags, §9; permission
 * flag). At most 16 per event; the flag number (1–16) is assigned by the server: the lowest free one.
 * Override prices travel in cents of the financial currency (the screen enters them in units).
 */

/** Access entries and overrides one flag may hold. */
export const FLAG_MAX_ENTRIES = 500;

const flag01 = z.union([z.literal(0), z.literal(1)]);
const id = () => z.number(keyed).int().positive().max(INT4_MAX);

export const FlagAccess = z.object({
  idZone: z.number().int(),
  idTimeRange: z.number().int(),
  allowMultipleEntry: flag01,
});
export type FlagAccess = z.infer<typeof FlagAccess>;

export const FlagPrice = z.object({
  idTimeRange: z.number().int(),
  idArticleEvent: z.number().int(),
  /** Cents of the financial currency. */
  price: z.number().int(),
});
export type FlagPrice = z.infer<typeof FlagPrice>;

export const Flag = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  flagNumber: z.number().int(),
  isMinor: flag01,
  access: z.array(FlagAccess),
  articles: z.array(FlagPrice),
  date_update: z.string(),
});
export type Flag = z.infer<typeof Flag>;

/** A time range as the flag screen offers it. */
export const FlagTimeRangeOption = VenueOption.extend({ dateStart: z.string(), dateEnd: z.string() });

/** GET /flag: result.flags, timeRanges, articles, zones. */
export const FlagsResult = z.object({
  flags: z.array(Flag),
  timeRanges: z.array(FlagTimeRangeOption),
  articles: z.array(VenueOption),
  zones: z.array(VenueOption),
});
export type FlagsResult = z.infer<typeof FlagsResult>;

/** The same zone and time range twice: configAlreadyInserted (02-catalogue §5, §8). */
export function duplicateAccess(access: readonly { idZone: number | null; idTimeRange: number | null }[]) {
  const seen = new Set<string>();
  const dup: number[] = [];
  access.forEach((a, i) => {
    const key = `${a.idZone}:${a.idTimeRange}`;
    if (seen.has(key)) dup.push(i);
    seen.add(key);
  });
  return dup;
}

/** The same time range and article twice: "the article already has an override for that time range". */
export function duplicateOverrides(
  articles: readonly { idTimeRange: number | null; idArticleEvent: number | null }[],
) {
  const seen = new Set<string>();
  const dup: number[] = [];
  articles.forEach((a, i) => {
    const key = `${a.idTimeRange}:${a.idArticleEvent}`;
    if (seen.has(key)) dup.push(i);
    seen.add(key);
  });
  return dup;
}

const noDuplicates = (
  v: {
    access: { idZone: number | null; idTimeRange: number | null }[];
    articles: { idTimeRange: number | null; idArticleEvent: number | null }[];
  },
  ctx: z.RefinementCtx,
) => {
  for (const i of duplicateAccess(v.access))
    ctx.addIssue({ code: 'custom', path: ['access', i], message: 'validation.configAlreadyInserted' });
  for (const i of duplicateOverrides(v.articles))
    ctx.addIssue({
      code: 'custom',
      path: ['articles', i, 'idArticleEvent'],
      message: 'validation.overrideDuplicate',
    });
};

/**
 * The body of POST /flag {flag}: no id creates (the server assigns the lowest free flag number), an
 * id updates. The access list and the overrides replace the flag's ones.
 */
export const FlagSave = z
  .object({
    id: id().optional(),
    name: z.string(keyed).trim().min(1, required).max(150),
    description: z.string(keyed).trim().min(1, required).max(500),
    isMinor: flag01.default(0),
    access: z
      .array(
        z.object({
          idZone: id(),
          idTimeRange: id(),
          allowMultipleEntry: flag01.default(0),
        }),
      )
      .max(FLAG_MAX_ENTRIES)
      .default([]),
    articles: z
      .array(
        z.object({
          idTimeRange: id(),
          idArticleEvent: id(),
          price: z.number(keyed).int().min(0).max(100_000_000),
        }),
      )
      .max(FLAG_MAX_ENTRIES)
      .default([]),
  })
  .superRefine(noDuplicates);
export type FlagSave = z.infer<typeof FlagSave>;
export const FlagSaveRequest = z.object({ flag: FlagSave });

/** The form: the override price is typed in units of the display currency. */
export const FlagForm = z
  .object({
    name: FlagSave.shape.name,
    description: FlagSave.shape.description,
    isMinor: z.boolean(),
    access: z.array(z.object({ idZone: z.number(), idTimeRange: z.number(), allowMultipleEntry: flag01 })),
    articles: z.array(
      z.object({
        idTimeRange: z.number(),
        idArticleEvent: z.number(),
        price: z.number(keyed).min(0).nullable(),
      }),
    ),
  })
  .superRefine((v, ctx) => {
    noDuplicates(v, ctx);
    v.articles.forEach((a, i) => {
      if (a.price === null)
        ctx.addIssue({ code: 'custom', path: ['articles', i, 'price'], message: 'validation.required' });
    });
  });
export type FlagForm = z.infer<typeof FlagForm>;
