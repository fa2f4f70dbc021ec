import { z } from 'zod';
import { VenueOption } from './gate';
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
    id: z.number().int().positive().optional(),
    name,
    description,
    amountCash: z.number(keyed).int().min(0).max(100_000_000).default(0),
    amountBonus: z.number(keyed).int().min(0).max(100_000_000).default(0),
    flags: z.array(z.number().int().positive()).max(64).default([]),
    gifts: z
      .array(
        z.object({
          idArticle: z.number(keyed).int().positive(),
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
