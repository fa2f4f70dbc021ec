import { z } from 'zod';
import { WEEKDAYS } from '../constants';
import { INT4_MAX, id, wireIdList } from '../inputs';
import { VenueOption } from '../venue/gates';
import { boundedDate, timeOfDay, weekdays } from '../venue/time-ranges';
import { keyed } from './rule-fields';

/**
 * Automatic top-up bonuses (02-catalogue §2 Bonuses, §3 Bonus, §5, §7 Bonuses; permission
 * bonficiacionesAutomaticas). Amounts are cents of the financial currency; percent is a percentage of
 * the top-up. maxNumTopUp -1 means always (no limit). locationsAvailable empty means every location.
 */
export const BONUS_ALWAYS = -1;
export const BONUS_MAX_ITEMS = 200;
export const BONUS_PERCENT_MAX = 1000;
const MAX_CENTS = 100_000_000;

const flag01 = z.union([z.literal(0), z.literal(1)]);

export const Bonus = z.object({
  id: z.number().int(),
  /** The (visible) bonus type the bonus grants; null: the automatic gift. */
  idBonusType: z.number().int().nullable(),
  plus: z.number().int(),
  percent: z.number(),
  minRecharge: z.number().int(),
  maxRecharge: z.number().int(),
  minNumTopUp: z.number().int(),
  maxNumTopUp: z.number().int(),
  dateStart: z.string(),
  dateEnd: z.string(),
  timeStart: z.string(),
  timeEnd: z.string(),
  dayWeek: z.string(),
  applyServicesOnline: flag01,
  locationsAvailable: z.array(z.number().int()),
  articles: z.array(z.object({ idArticle: z.number().int(), quantity: z.number().int() })),
  date_update: z.string(),
});
export type Bonus = z.infer<typeof Bonus>;

/** GET /bonus: result.bonus, articles, locations (and the bonus types to choose from). */
export const BonusesResult = z.object({
  bonus: z.array(Bonus),
  articles: z.array(VenueOption),
  locations: z.array(VenueOption),
  bonusTypes: z.array(VenueOption.extend({ type: z.string() })),
});
export type BonusesResult = z.infer<typeof BonusesResult>;

/** The rules both the body and the form share (02-catalogue §5). */
function bonusRules(
  v: {
    minRecharge: number | null;
    maxRecharge: number | null;
    dateStart: string;
    dateEnd: string;
    articles: { idArticle: number }[];
  },
  ctx: z.RefinementCtx,
) {
  if (v.minRecharge !== null && v.maxRecharge !== null && v.maxRecharge < v.minRecharge)
    ctx.addIssue({ code: 'custom', path: ['maxRecharge'], message: 'validation.maxBelowMin' });
  if (v.dateStart && v.dateEnd && v.dateEnd < v.dateStart)
    ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: 'validation.endAfterStart' });
  const seen = new Set<number>();
  v.articles.forEach((a, i) => {
    if (seen.has(a.idArticle))
      ctx.addIssue({
        code: 'custom',
        path: ['articles', i, 'idArticle'],
        message: 'validation.configAlreadyInserted',
      });
    seen.add(a.idArticle);
  });
}

/**
 * The body of POST /bonus {bonus}: no id creates, an id updates. maxNumTopUp is -1 (always) or a
 * limit of at least 0; on save a limited maximum is raised to at least the minimum (`normalizeBonus`).
 */
export const BonusSave = z
  .object({
    id: id().optional(),
    idBonusType: id().nullable().optional(),
    plus: z.number(keyed).int().min(0).max(MAX_CENTS),
    percent: z.number(keyed).min(0).max(BONUS_PERCENT_MAX),
    minRecharge: z.number(keyed).int().min(0).max(MAX_CENTS),
    maxRecharge: z.number(keyed).int().min(0).max(MAX_CENTS),
    minNumTopUp: z.number(keyed).int().min(1).max(1_000_000),
    maxNumTopUp: z
      .number(keyed)
      .int()
      .max(1_000_000)
      .refine((n) => n === BONUS_ALWAYS || n >= 0, { error: 'validation.min|{"min":0}' }),
    dateStart: boundedDate(),
    dateEnd: boundedDate(),
    timeStart: timeOfDay(),
    timeEnd: timeOfDay(),
    dayWeek: weekdays().default(WEEKDAYS),
    applyServicesOnline: flag01.default(0),
    locationsAvailable: wireIdList(z.array(id()).max(BONUS_MAX_ITEMS), []).default([]),
    articles: z
      .array(
        z.object({
          idArticle: z.number(keyed).int().positive().max(INT4_MAX),
          quantity: z.number(keyed).int().min(1).max(10_000).default(1),
        }),
      )
      .max(BONUS_MAX_ITEMS)
      .default([]),
  })
  .superRefine(bonusRules);
export type BonusSave = z.infer<typeof BonusSave>;
export const BonusSaveRequest = z.object({ bonus: BonusSave });

/** On save a limited maximum number of top-ups is raised to at least the minimum (02-catalogue §5). */
export function normalizeBonus<T extends { minNumTopUp: number; maxNumTopUp: number }>(v: T): T {
  if (v.maxNumTopUp === BONUS_ALWAYS) return v;
  return { ...v, maxNumTopUp: Math.max(v.maxNumTopUp, v.minNumTopUp) };
}

/**
 * The form: amounts in units of the display currency; "always" and the cash-bonus checkbox (locations
 * are only sent when it is on) are switches.
 */
export const BonusForm = z
  .object({
    idBonusType: z.string().nullable(),
    plus: z.number(keyed).min(0),
    percent: z.number(keyed).min(0).max(BONUS_PERCENT_MAX),
    minRecharge: z.number(keyed).min(0),
    maxRecharge: z.number(keyed).min(0),
    minNumTopUp: z.number(keyed).int().min(1),
    always: z.boolean(),
    maxNumTopUp: z.number(keyed).int().min(0).nullable(),
    dateStart: boundedDate(),
    dateEnd: boundedDate(),
    timeStart: timeOfDay(),
    timeEnd: timeOfDay(),
    dayWeek: weekdays(),
    applyServicesOnline: flag01,
    cashBonus: z.boolean(),
    locationsAvailable: z.array(z.string()),
    articles: z.array(z.object({ idArticle: z.number(), quantity: z.number(keyed).int().min(1) })),
  })
  .superRefine((v, ctx) => {
    bonusRules(v, ctx);
    if (!v.always && v.maxNumTopUp === null)
      ctx.addIssue({ code: 'custom', path: ['maxNumTopUp'], message: 'validation.required' });
    if (v.cashBonus && v.locationsAvailable.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['locationsAvailable'],
        message: 'validation.minItems|{"min":1}',
      });
  });
export type BonusForm = z.infer<typeof BonusForm>;
