import { z } from 'zod';
import { INT4_MAX } from '../inputs';
import { VenueOption } from '../venue/gates';
import { ARTICLE_NAME_MAX, ArticleOption, PRICE_MAX_CENTS } from './articles';

/**
 * Packs (admin/cashless/packs, permission pack). The spec names the screen, its permission and
 * errorArticleDuplicatePack only; the design (docs/decisions/catalogue.md): a named bundle of articles, each
 * with a quantity, sold together for one price (cents of the financial currency), in the chosen
 * locations (none chosen = every location), optionally only between two dates. An article appears at
 * most once in a pack (409 errorArticleDuplicatePack).
 */

const required = { error: 'validation.required' } as const;
/** A number whose absence reads 'required' and whose other failures keep their own message. */
const num = () =>
  z.number({
    error: (iss) => (iss.input === undefined || iss.input === null ? 'validation.required' : undefined),
  });
const id = () => num().int().positive().max(INT4_MAX);
const isoDate = z.iso.datetime({ offset: true });

export const PACK_ARTICLES_MAX = 100;
export const PACK_QUANTITY_MAX = 1000;

export const PackArticle = z.object({
  idArticle: z.number().int(),
  nombre: z.string(),
  quantity: z.number().int(),
});
export type PackArticle = z.infer<typeof PackArticle>;

export const Pack = z.object({
  id: z.number().int(),
  nombre: z.string(),
  /** Cents of the financial currency. */
  precio: z.number().int(),
  articles: z.array(PackArticle),
  /** Where it is sold; empty means every location. */
  locationsAvailable: z.array(z.number().int()),
  dateStart: isoDate.nullable(),
  dateEnd: isoDate.nullable(),
  date_update: z.string(),
});
export type Pack = z.infer<typeof Pack>;

/** GET /packs: the packs and the choices of the form (the event's articles and locations). */
export const PacksResult = z.object({
  packs: z.array(Pack),
  articles: z.array(ArticleOption),
  locations: z.array(VenueOption),
});
export type PacksResult = z.infer<typeof PacksResult>;

const datesInOrder = (v: { dateStart?: string | null; dateEnd?: string | null }, ctx: z.RefinementCtx) => {
  if (v.dateStart && v.dateEnd && new Date(v.dateEnd).getTime() <= new Date(v.dateStart).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: 'validation.endAfterStart' });
  }
};

/**
 * The body of POST /packs {pack}: no id creates, an id updates; the result is the pack's id. A
 * repeated article is refused by the server with 409 errorArticleDuplicatePack.
 */
export const PackSave = z
  .object({
    id: id().optional(),
    nombre: z.string(required).trim().min(1, required).max(ARTICLE_NAME_MAX),
    precio: num().int().min(0).max(PRICE_MAX_CENTS),
    articles: z
      .array(z.object({ idArticle: id(), quantity: num().int().min(1).max(PACK_QUANTITY_MAX) }))
      .min(1)
      .max(PACK_ARTICLES_MAX),
    locationsAvailable: z.array(id()).max(500).default([]),
    dateStart: isoDate.nullable().optional(),
    dateEnd: isoDate.nullable().optional(),
  })
  .superRefine(datesInOrder);
export type PackSave = z.infer<typeof PackSave>;
export const PackSaveRequest = z.object({ pack: PackSave });

/** The first article listed twice, if any (its index in the list). */
export function duplicatePackArticle(articles: readonly { idArticle: number }[]): number | null {
  const seen = new Set<number>();
  for (const [i, a] of articles.entries()) {
    if (seen.has(a.idArticle)) return i;
    seen.add(a.idArticle);
  }
  return null;
}

/** The detail form: the price in the display currency, locations as select values (none = all). */
export const PackForm = z
  .object({
    nombre: PackSave.shape.nombre,
    precio: num().min(0),
    articles: z
      .array(z.object({ idArticle: z.number().int(), quantity: num().int().min(1) }))
      .min(1, { error: 'validation.packNeedsArticles' }),
    locationsAvailable: z.array(z.string()),
    dateStart: z.string().nullable(),
    dateEnd: z.string().nullable(),
  })
  .superRefine(datesInOrder);
export type PackForm = z.infer<typeof PackForm>;
