import { z } from 'zod';
import { ImageRef } from '../events/events';
import { INT4_MAX } from '../inputs';
import { IMAGE_SIZES, ImageAttachRequest, ImageDeleteRequest } from '../upload';
import { VenueOption } from '../venue/gates';

/**
 * Articles of the selected event (admin/cashless/articles, permission articulos; 02-catalogue §2
 * Articles, §3 Article, §4, §5, §7 Articles). Prices are integer cents of the event's financial
 * currency; the console shows them in the local currency with the event's rate.
 */

export const ARTICLE_NAME_MAX = 150;
/** The most cents a price may hold (a million units). */
export const PRICE_MAX_CENTS = 100_000_000;
export const SUGGESTED_COMMENTS_MAX = 50;
export const SUGGESTED_COMMENT_MAX_LENGTH = 200;
export const ARTICLE_EXCHANGES_MAX = 50;
/** The article image: 200 × 200 (02-catalogue §9), stored in the folder `articles`. */
export const ARTICLE_IMAGE = { size: IMAGE_SIZES.article, folder: 'articles' } as const;

const flag01 = z.union([z.literal(0), z.literal(1)]);
const required = { error: 'validation.required' } as const;
/** A number whose absence reads 'required' and whose other failures keep their own message. */
const num = () =>
  z.number({
    error: (iss) => (iss.input === undefined || iss.input === null ? 'validation.required' : undefined),
  });
const id = () => num().int().positive().max(INT4_MAX);
const yesNo = z.enum(['S', 'N']);

/** An article as the choices of other screens show it. */
export const ArticleOption = z.object({ id: z.number().int(), nombre: z.string() });
export type ArticleOption = z.infer<typeof ArticleOption>;

/**
 * The article's rule for one flag (access group): `addFlag` true = enabled, false = disabled. A flag
 * the article does not use has no entry (the third state of the tri-state choice).
 */
export const ArticleFlag = z.object({
  /** The relation's id. */
  id: z.number().int(),
  idFlag: z.number().int(),
  addFlag: z.boolean(),
});
export type ArticleFlag = z.infer<typeof ArticleFlag>;

export const SuggestedComment = z.object({ uuid: z.string(), text: z.string() });
export type SuggestedComment = z.infer<typeof SuggestedComment>;

/** An exchange entry: the articles this one can be exchanged for, in which time ranges (none = always). */
export const ArticleExchange = z.object({
  id: z.number().int(),
  idArticle: z.number().int(),
  idArticleExchange: z.array(z.number().int()),
  sortBy: z.number().int(),
  timeRanges: z.array(z.number().int()),
});
export type ArticleExchange = z.infer<typeof ArticleExchange>;

export const Article = z.object({
  id: z.number().int(),
  nombre: z.string(),
  /** Cents of the financial currency. */
  precio_base: z.number().int(),
  /** The event's financial currency (the currency of every amount). */
  moneda: z.number().int().nullable(),
  /** The 200 × 200 image, uploaded with PUT /articles/image. */
  pictureFull: ImageRef.nullable(),
  qrPrint: flag01,
  /** The article this one is a complement of; null for none. */
  idBase: z.number().int().nullable(),
  flags: z.array(ArticleFlag),
  /** Only as a gift. */
  gift: flag01,
  onlyAdults: flag01,
  /** Ticket roles that may not buy it. */
  bannedRols: z.array(z.number().int()),
  isNoteRequired: flag01,
  suggestedComments: z.array(SuggestedComment),
  addons: z.array(z.number().int()),
  exchanges: z.array(ArticleExchange),
  externalAnalyticsId: z.string().nullable(),
  /** 'S': the staff may type the amount by hand. */
  permite_importe_manual: yesNo,
  /** The ticketing complement this article stands for, if any. */
  id_complemento: z.number().int().nullable(),
  date_update: z.string(),
});
export type Article = z.infer<typeof Article>;

/** A flag as the article's tri-state choice lists it. */
export const ArticleFlagOption = VenueOption.extend({ flagNumber: z.number().int() });

/** GET /articles: result.timeRanges, the event's articles, rols (ticket roles), addons and flags. */
export const ArticlesResult = z.object({
  timeRanges: z.array(VenueOption),
  articles: z.array(Article),
  rols: z.array(VenueOption),
  addons: z.array(VenueOption),
  flags: z.array(ArticleFlagOption),
});
export type ArticlesResult = z.infer<typeof ArticlesResult>;

/** GET /articles/find?name: up to 10 articles whose name contains the text. */
export const ArticleFindQuery = z.object({
  name: z.string().trim().max(ARTICLE_NAME_MAX).default(''),
});

const nombre = () => z.string(required).trim().min(1, required).max(ARTICLE_NAME_MAX);
const analyticsId = () => z.string().trim().max(100).nullable().optional();

/**
 * POST /articles {articles}: the pending new articles. One whose id or trimmed lower-cased name
 * already exists (in the event or earlier in the list) is ignored.
 */
export const ArticleNew = z.object({
  id: id().optional(),
  nombre: nombre(),
  externalAnalyticsId: analyticsId(),
});
export type ArticleNew = z.infer<typeof ArticleNew>;
export const ArticlesCreateRequest = z.object({ articles: z.array(ArticleNew).min(1).max(200) });
export const ArticlesCreateResult = z.object({
  created: z.array(ArticleOption),
  /** The names left out as duplicates. */
  ignored: z.array(z.string()),
});
export type ArticlesCreateResult = z.infer<typeof ArticlesCreateResult>;

/** Whether a pending name is new: not the id nor the trimmed lower-cased name of an existing one. */
export const articleNameKey = (name: string) => name.trim().toLowerCase();
export function isNewArticle(
  candidate: { id?: number | null; nombre: string },
  existing: readonly { id?: number | null; nombre: string }[],
) {
  const key = articleNameKey(candidate.nombre);
  if (!key) return false;
  return !existing.some(
    (e) => (candidate.id != null && e.id === candidate.id) || articleNameKey(e.nombre) === key,
  );
}

const noneOrId = z
  .union([z.literal(-1), id()])
  .nullable()
  .optional()
  .transform((v) => (v === -1 || v === undefined ? null : v));

/** Marks repeated ids of a list. */
function repeated(ctx: z.RefinementCtx, values: readonly number[], path: (i: number) => (string | number)[]) {
  const seen = new Set<number>();
  values.forEach((v, i) => {
    if (seen.has(v)) ctx.addIssue({ code: 'custom', path: path(i), message: 'validation.repeated' });
    seen.add(v);
  });
}

/**
 * The body of POST /articles/event {articleEvent}: the whole article with every tab. A save replaces
 * the item: a list left out is stored empty. idBase -1 or null means none; a flag with addFlag null
 * is unused (no entry).
 */
export const ArticleSave = z
  .object({
    id: id(),
    nombre: nombre(),
    precio_base: num().int().min(0).max(PRICE_MAX_CENTS).default(0),
    qrPrint: flag01.default(0),
    idBase: noneOrId,
    flags: z
      .array(z.object({ idFlag: id(), addFlag: z.boolean().nullable() }))
      .max(64)
      .default([]),
    gift: flag01.default(0),
    onlyAdults: flag01.default(0),
    bannedRols: z.array(id()).max(200).default([]),
    isNoteRequired: flag01.default(0),
    suggestedComments: z
      .array(
        z.object({
          uuid: z.string().trim().max(64).optional(),
          text: z.string(required).trim().min(1, required).max(SUGGESTED_COMMENT_MAX_LENGTH),
        }),
      )
      .max(SUGGESTED_COMMENTS_MAX)
      .default([]),
    addons: z.array(id()).max(200).default([]),
    exchanges: z
      .array(
        z.object({
          idArticleExchange: z.array(id()).min(1).max(200),
          sortBy: z.number().int().min(0).max(1_000_000).default(0),
          timeRanges: z.array(id()).max(200).default([]),
        }),
      )
      .max(ARTICLE_EXCHANGES_MAX)
      .default([]),
    externalAnalyticsId: analyticsId(),
    permite_importe_manual: yesNo.default('N'),
    id_complemento: id().nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.idBase !== null && v.idBase === v.id) {
      ctx.addIssue({ code: 'custom', path: ['idBase'], message: 'validation.complementSelf' });
    }
    repeated(
      ctx,
      v.flags.map((f) => f.idFlag),
      (i) => ['flags', i, 'idFlag'],
    );
    v.exchanges.forEach((x, i) => {
      x.idArticleExchange.forEach((a, j) => {
        if (a === v.id) {
          ctx.addIssue({
            code: 'custom',
            path: ['exchanges', i, 'idArticleExchange', j],
            message: 'validation.exchangeSelf',
          });
        }
      });
    });
  });
export type ArticleSave = z.infer<typeof ArticleSave>;
export const ArticleSaveRequest = z.object({ articleEvent: ArticleSave });

/** PUT /articles/image {articleId, key, imageObject}: attaches the uploaded 200 × 200 image. */
export const ArticleImageRequest = ImageAttachRequest.extend({ articleId: id() });
/** PUT /articles/image/delete {articleId, delete: 1}: removes it. */
export const ArticleImageDeleteRequest = ImageDeleteRequest.extend({ articleId: id() });

/** The tri-state flag choice of the form. */
export const FLAG_STATES = ['enabled', 'disabled', 'unused'] as const;
export type FlagState = (typeof FLAG_STATES)[number];
export const flagState = (addFlag: boolean | null | undefined): FlagState =>
  addFlag === true ? 'enabled' : addFlag === false ? 'disabled' : 'unused';
export const addFlagOf = (state: FlagState): boolean | null =>
  state === 'enabled' ? true : state === 'disabled' ? false : null;

/**
 * The detail form. The price is typed in the display currency; choices are strings (select values).
 * Saving is blocked while the complement box is on and no article (or -1) is chosen (02-catalogue §5).
 */
export const ArticleForm = z
  .object({
    nombre: nombre(),
    precio: num().min(0),
    qrPrint: flag01,
    isComplement: z.boolean(),
    idBase: z.string().nullable(),
    flags: z.array(z.object({ idFlag: z.number().int(), state: z.enum(FLAG_STATES) })),
    gift: flag01,
    onlyAdults: flag01,
    bannedRols: z.array(z.string()),
    isNoteRequired: flag01,
    suggestedComments: z.array(
      z.object({
        uuid: z.string(),
        text: z.string(required).trim().min(1, required).max(SUGGESTED_COMMENT_MAX_LENGTH),
      }),
    ),
    addons: z.array(z.string()),
    exchanges: z.array(
      z.object({
        idArticleExchange: z.array(z.string()).min(1, { error: 'validation.required' }),
        sortBy: num().int().min(0),
        timeRanges: z.array(z.string()),
      }),
    ),
    externalAnalyticsId: z.string().trim().max(100),
    permiteImporteManual: z.boolean(),
    id_complemento: id().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.isComplement && (!v.idBase || v.idBase === '-1')) {
      ctx.addIssue({ code: 'custom', path: ['idBase'], message: 'validation.required' });
    }
  });
export type ArticleForm = z.infer<typeof ArticleForm>;

/**
 * Complement candidates (02-catalogue §4): every article but the article itself and those that
 * already have a base.
 */
export const complementCandidates = <T extends { id: number; idBase: number | null }>(
  articles: readonly T[],
  selfId: number | null,
) => articles.filter((a) => a.id !== selfId && a.idBase === null);
