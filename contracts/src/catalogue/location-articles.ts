import { z } from 'zod';
import { ImageRef } from '../events/events';
import { INT4_MAX } from '../inputs';
import { LOCATION_ACTIVITIES } from '../venue/locations';
import { PRICE_MAX_CENTS } from './articles';

/**
 * Location articles: the menu of each selling location and its sticks (admin/cashless/locarticle,
 * permission menuUbicaciones; 02-catalogue §2 Location articles, §3 Location article and Stick
 * relation, §4, §5, §7). A stick is an article added automatically to an order, with a quantity,
 * when its parent article is sold at that location. Prices are cents of the financial currency.
 */

const flag01 = z.union([z.literal(0), z.literal(1)]);
/** A number whose absence reads 'required' and whose other failures keep their own message. */
const num = () =>
  z.number({
    error: (iss) => (iss.input === undefined || iss.input === null ? 'validation.required' : undefined),
  });
const id = () => num().int().positive().max(INT4_MAX);

/** Only locations whose NFC activities include sale (V) or sale in a top-up location (I) have a menu. */
export const MENU_ACTIVITIES = ['V', 'I'] as const;
export const hasMenu = (activities: readonly string[]) =>
  activities.some((a) => (MENU_ACTIVITIES as readonly string[]).includes(a));

export const STICK_QUANTITY_MAX = 1000;
export const MENU_MAX_ITEMS = 2000;

/** A menu item (02-catalogue §3 Location article). */
export const LocationArticle = z.object({
  /** The menu item's id. */
  id: z.number().int(),
  /** The article's id. */
  idArticle: z.number().int(),
  nombre: z.string(),
  /** Cents of the financial currency. */
  precio: z.number().int(),
  order: z.number().int(),
  isManual: flag01,
  visible: flag01,
  pictureFull: ImageRef.nullable(),
  /** The image's address (null without one). */
  srcPicture: z.string().nullable(),
  /** How many stick articles it carries at this location. */
  numStick: z.number().int(),
});
export type LocationArticle = z.infer<typeof LocationArticle>;

/** 02-catalogue §3 Stick relation: quantity is at least 1. */
export const StickRelation = z.object({
  idLocation: z.number().int(),
  idArticle: z.number().int(),
  idArticleStick: z.number().int(),
  quantity: z.number().int(),
});
export type StickRelation = z.infer<typeof StickRelation>;

export const MenuLocation = z.object({
  id: z.number().int(),
  nombre: z.string(),
  interna: z.enum(['S', 'N']),
  isIntern: z.boolean(),
  actividades_nfc: z.array(z.enum(LOCATION_ACTIVITIES)),
  articles: z.array(LocationArticle),
  articlesStick: z.array(StickRelation),
  numArticles: z.number().int(),
  /** Articles of the menu that carry sticks. */
  numCompounds: z.number().int(),
});
export type MenuLocation = z.infer<typeof MenuLocation>;

/** An article as the menu screen offers it (to add, with its base price as the starting price). */
export const MenuArticleOption = z.object({
  id: z.number().int(),
  nombre: z.string(),
  precio_base: z.number().int(),
  pictureFull: ImageRef.nullable(),
});
export type MenuArticleOption = z.infer<typeof MenuArticleOption>;

/** GET /articles/location: the event's articles and the selling locations with menus and sticks. */
export const LocationArticlesResult = z.object({
  articles: z.array(MenuArticleOption),
  locations: z.array(MenuLocation),
});
export type LocationArticlesResult = z.infer<typeof LocationArticlesResult>;

const stickQuantity = () => num().int().min(1).max(STICK_QUANTITY_MAX);

/** Marks a stick equal to its parent, and a child repeated under the same parent. */
function checkSticks(
  ctx: z.RefinementCtx,
  sticks: readonly { idArticle: number; idArticleStick: number }[],
  path: (i: number) => (string | number)[],
) {
  const seen = new Set<string>();
  sticks.forEach((s, i) => {
    if (s.idArticleStick === s.idArticle) {
      ctx.addIssue({ code: 'custom', path: path(i), message: 'validation.stickIsParent' });
      return;
    }
    const key = `${s.idArticle}:${s.idArticleStick}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: path(i), message: 'validation.stickRepeated' });
    seen.add(key);
  });
}

/** One item of a menu save: `id` is the saved item's id (absent for a new one), `article` the article. */
export const MenuSaveItem = z.object({
  id: id().nullable().optional(),
  article: id(),
  precio: num().int().min(0).max(PRICE_MAX_CENTS),
  order: num().int().min(0).max(1_000_000),
  isManual: flag01.default(0),
  visible: flag01.default(1),
});
export type MenuSaveItem = z.infer<typeof MenuSaveItem>;

export const StickInput = z.object({
  idArticle: id(),
  idArticleStick: id(),
  quantity: stickQuantity(),
});

/**
 * POST /articles/location: the location's whole menu. `deletedArticles` are the ids of the saved items
 * removed; `articlesStick` the location's sticks (left out: the saved ones stay). Sticks whose parent
 * or child is not in the menu are dropped.
 */
export const MenuSaveRequest = z
  .object({
    idLocation: id(),
    articles: z.array(MenuSaveItem).max(MENU_MAX_ITEMS),
    deletedArticles: z.array(id()).max(MENU_MAX_ITEMS).default([]),
    articlesStick: z
      .array(StickInput)
      .max(MENU_MAX_ITEMS * 4)
      .optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.articles.forEach((a, i) => {
      if (seen.has(a.article)) {
        ctx.addIssue({
          code: 'custom',
          path: ['articles', i, 'article'],
          message: 'validation.articleAlreadyContained',
        });
      }
      seen.add(a.article);
    });
    const kept = new Set(v.articles.flatMap((a) => (a.id ? [a.id] : [])));
    v.deletedArticles.forEach((d, i) => {
      if (kept.has(d))
        ctx.addIssue({ code: 'custom', path: ['deletedArticles', i], message: 'validation.invalid' });
    });
    checkSticks(ctx, v.articlesStick ?? [], (i) => ['articlesStick', i, 'idArticleStick']);
  });
export type MenuSaveRequest = z.infer<typeof MenuSaveRequest>;

/** POST /articles/stick: replaces the sticks of one parent article at one location. */
export const StickSaveRequest = z
  .object({
    idLocation: id(),
    idArticleParent: id(),
    articlesStick: z.array(z.object({ idArticleStick: id(), quantity: stickQuantity() })).max(MENU_MAX_ITEMS),
  })
  .superRefine((v, ctx) => {
    checkSticks(
      ctx,
      v.articlesStick.map((s) => ({ idArticle: v.idArticleParent, idArticleStick: s.idArticleStick })),
      (i) => ['articlesStick', i, 'idArticleStick'],
    );
  });
export type StickSaveRequest = z.infer<typeof StickSaveRequest>;

// ————— The menu rules of 02-catalogue §4, shared by the screen and the server —————

/** A menu item as the rules see it (the screen's rows carry more). */
export interface MenuEntry {
  idArticle: number;
  order: number;
}
/** A stick as the rules see it. */
export interface StickEntry {
  idArticle: number;
  idArticleStick: number;
  quantity: number;
}

/** The order of an article appended at the end: the last order + 1, or 1 for an empty menu. */
export const nextMenuOrder = (items: readonly MenuEntry[]) =>
  items.length ? Math.max(...items.map((i) => i.order)) + 1 : 1;

export const inMenu = (items: readonly MenuEntry[], idArticle: number) =>
  items.some((i) => i.idArticle === idArticle);

/**
 * Adds an article at the end of the menu (with zero sticks). A duplicate is refused: the article is
 * already contained.
 */
export function addToMenu<T extends MenuEntry>(
  items: readonly T[],
  item: Omit<T, 'order'>,
): { ok: true; items: T[] } | { ok: false; reason: 'articleAlreadyContained' } {
  if (inMenu(items, item.idArticle)) return { ok: false, reason: 'articleAlreadyContained' };
  return { ok: true, items: [...items, { ...item, order: nextMenuOrder(items) } as T] };
}

/** The sticks whose parent and child are both in the menu. */
export function pruneSticks<S extends StickEntry>(items: readonly MenuEntry[], sticks: readonly S[]): S[] {
  const ids = new Set(items.map((i) => i.idArticle));
  return sticks.filter((s) => ids.has(s.idArticle) && ids.has(s.idArticleStick));
}

/**
 * Import from another location (02-catalogue §4): first that location's articles not already in the
 * menu are appended (in that location's order, each at the end); then only the stick relations whose
 * parent was not already in the menu, whose parent and child are both in the menu now, and whose
 * parent has no sticks yet. `make` turns an item of the other location into one of this menu.
 */
export function importMenu<T extends MenuEntry, U extends MenuEntry, S extends StickEntry>(
  current: { items: readonly T[]; sticks: readonly S[] },
  source: { items: readonly U[]; sticks: readonly StickEntry[] },
  make: (item: U, order: number) => T,
  makeStick: (stick: StickEntry) => S,
): { items: T[]; sticks: S[]; addedArticles: number; addedSticks: number } {
  const before = new Set(current.items.map((i) => i.idArticle));
  const withSticks = new Set(current.sticks.map((s) => s.idArticle));
  const items = [...current.items];
  for (const item of [...source.items].sort((a, b) => a.order - b.order)) {
    if (inMenu(items, item.idArticle)) continue;
    items.push(make(item, nextMenuOrder(items)));
  }
  const now = new Set(items.map((i) => i.idArticle));
  const added = source.sticks.filter(
    (s) =>
      !before.has(s.idArticle) &&
      now.has(s.idArticle) &&
      now.has(s.idArticleStick) &&
      !withSticks.has(s.idArticle),
  );
  return {
    items,
    sticks: [...current.sticks, ...added.map(makeStick)],
    addedArticles: items.length - current.items.length,
    addedSticks: added.length,
  };
}

/** The ids of the saved items whose article is no longer in the menu (sent as deletedArticles). */
export function removedMenuItems(
  saved: readonly (MenuEntry & { id: number })[],
  current: readonly MenuEntry[],
): number[] {
  const kept = new Set(current.map((i) => i.idArticle));
  return saved.filter((s) => !kept.has(s.idArticle)).map((s) => s.id);
}

/** How many sticks each parent carries, and how many articles carry sticks (compound articles). */
export function stickCounts(sticks: readonly StickEntry[]) {
  const perParent = new Map<number, number>();
  for (const s of sticks) perParent.set(s.idArticle, (perParent.get(s.idArticle) ?? 0) + 1);
  return { perParent, compounds: perParent.size };
}

/**
 * Whether a child can be added to a parent's sticks: it must be in the menu, differ from the parent
 * and not be in the list already (02-catalogue §5).
 */
export function stickProblem(
  items: readonly MenuEntry[],
  parent: number,
  children: readonly { idArticleStick: number }[],
  child: number,
): 'stickIsParent' | 'stickRepeated' | 'stickNotInMenu' | null {
  if (child === parent) return 'stickIsParent';
  if (children.some((c) => c.idArticleStick === child)) return 'stickRepeated';
  if (!inMenu(items, child)) return 'stickNotInMenu';
  return null;
}
