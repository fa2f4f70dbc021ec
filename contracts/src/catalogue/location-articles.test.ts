import { describe, expect, it } from 'vitest';
import { complementCandidates, isNewArticle } from './articles';
import {
  addToMenu,
  hasMenu,
  importMenu,
  MenuSaveRequest,
  nextMenuOrder,
  pruneSticks,
  removedMenuItems,
  StickSaveRequest,
  stickCounts,
  stickProblem,
} from './location-articles';
import { duplicatePackArticle } from './packs';

interface Item {
  idArticle: number;
  order: number;
  precio: number;
}
const item = (idArticle: number, order: number, precio = 100): Item => ({ idArticle, order, precio });
const stick = (idArticle: number, idArticleStick: number, quantity = 1) => ({
  idArticle,
  idArticleStick,
  quantity,
});
const copy = (i: Item, order: number): Item => ({ ...i, order });

describe('adding an article to a menu (02-catalogue §4)', () => {
  it('appends it at the end: last order + 1, or 1 for an empty menu', () => {
    expect(nextMenuOrder([])).toBe(1);
    const first = addToMenu<Item>([], { idArticle: 7, precio: 250 });
    expect(first).toEqual({ ok: true, items: [{ idArticle: 7, precio: 250, order: 1 }] });
    const menu = [item(1, 3), item(2, 9), item(3, 4)];
    const added = addToMenu<Item>(menu, { idArticle: 4, precio: 0 });
    expect(added.ok && added.items.at(-1)).toEqual({ idArticle: 4, precio: 0, order: 10 });
  });

  it('refuses a duplicate: the article is already contained', () => {
    const menu = [item(1, 1)];
    expect(addToMenu<Item>(menu, { idArticle: 1, precio: 5 })).toEqual({
      ok: false,
      reason: 'articleAlreadyContained',
    });
  });
});

describe('importing from another location (02-catalogue §4)', () => {
  it('adds the other location’s articles not already in the menu, at the end in its order', () => {
    const current = { items: [item(1, 1), item(2, 2)], sticks: [] };
    const source = { items: [item(9, 5, 900), item(2, 1, 222), item(8, 2, 800)], sticks: [] };
    const out = importMenu(current, source, copy, (s) => s);
    expect(out.items).toEqual([item(1, 1), item(2, 2), item(8, 3, 800), item(9, 4, 900)]);
    expect(out.addedArticles).toBe(2);
  });

  it('adds only sticks whose parent was not in the menu, with parent and child in it, parent without sticks', () => {
    const current = {
      items: [item(1, 1), item(2, 2), item(3, 3)],
      // Article 3 already carries a stick here.
      sticks: [stick(3, 1, 2)],
    };
    const source = {
      items: [item(1, 1), item(4, 2), item(5, 3), item(3, 4)],
      sticks: [
        stick(1, 2), // parent 1 was already in the menu: not added
        stick(4, 1, 3), // parent 4 is new, child 1 is in the menu: added
        stick(4, 5, 2), // parent 4 is new, child 5 arrives with the import: added
        stick(5, 6), // child 6 is in neither menu: not added
        stick(3, 5), // parent 3 was already in the menu and has sticks: not added
      ],
    };
    const out = importMenu(current, source, copy, (s) => s);
    expect(out.items.map((i) => i.idArticle)).toEqual([1, 2, 3, 4, 5]);
    expect(out.sticks).toEqual([stick(3, 1, 2), stick(4, 1, 3), stick(4, 5, 2)]);
    expect(out.addedSticks).toBe(2);
  });

  it('does not add sticks to a parent that already has sticks, even when new to this menu', () => {
    // A stale stick of an article not in the menu (pruned on save) still counts as "has sticks".
    const current = { items: [item(1, 1)], sticks: [stick(2, 1)] };
    const source = { items: [item(2, 1)], sticks: [stick(2, 1, 4)] };
    const out = importMenu(current, source, copy, (s) => s);
    expect(out.items.map((i) => i.idArticle)).toEqual([1, 2]);
    expect(out.sticks).toEqual([stick(2, 1)]);
  });

  it('imports into an empty menu: every article and every stick between them', () => {
    const source = { items: [item(1, 1), item(2, 2)], sticks: [stick(1, 2, 2)] };
    const out = importMenu({ items: [] as Item[], sticks: [] }, source, copy, (s) => ({
      ...s,
      idLocation: 42,
    }));
    expect(out.items).toEqual([item(1, 1), item(2, 2)]);
    expect(out.sticks).toEqual([{ ...stick(1, 2, 2), idLocation: 42 }]);
  });
});

describe('saving a menu', () => {
  it('prunes the sticks to those whose parent and child remain', () => {
    const items = [item(1, 1), item(2, 2)];
    expect(pruneSticks(items, [stick(1, 2), stick(1, 3), stick(3, 2), stick(2, 1)])).toEqual([
      stick(1, 2),
      stick(2, 1),
    ]);
  });

  it('sends the saved items no longer in the menu as deleted', () => {
    const saved = [
      { id: 10, idArticle: 1, order: 1 },
      { id: 11, idArticle: 2, order: 2 },
      { id: 12, idArticle: 3, order: 3 },
    ];
    expect(removedMenuItems(saved, [item(2, 1), item(5, 2)])).toEqual([10, 12]);
    expect(removedMenuItems(saved, [])).toEqual([10, 11, 12]);
  });

  it('counts sticks per parent and the compound articles', () => {
    const { perParent, compounds } = stickCounts([stick(1, 2), stick(1, 3), stick(4, 2)]);
    expect(perParent.get(1)).toBe(2);
    expect(perParent.get(4)).toBe(1);
    expect(compounds).toBe(2);
  });

  it('checks a stick: not the parent, not repeated, in the menu', () => {
    const items = [item(1, 1), item(2, 2), item(3, 3)];
    expect(stickProblem(items, 1, [], 1)).toBe('stickIsParent');
    expect(stickProblem(items, 1, [{ idArticleStick: 2 }], 2)).toBe('stickRepeated');
    expect(stickProblem(items, 1, [], 9)).toBe('stickNotInMenu');
    expect(stickProblem(items, 1, [{ idArticleStick: 2 }], 3)).toBeNull();
  });

  it('only sale (V) and sale-in-top-up (I) locations have a menu', () => {
    expect(hasMenu(['V'])).toBe(true);
    expect(hasMenu(['C', 'I'])).toBe(true);
    expect(hasMenu(['C', 'K', 'A'])).toBe(false);
    expect(hasMenu([])).toBe(false);
  });
});

describe('the menu and stick save schemas (02-catalogue §5)', () => {
  const base = { idLocation: 1, articles: [{ article: 1, precio: 100, order: 1 }] };
  const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('refuses a price that is not a number and a repeated article', () => {
    const price = MenuSaveRequest.safeParse({
      idLocation: 1,
      articles: [{ article: 1, precio: 'abc', order: 1 }],
    });
    expect(price.success).toBe(false);
    expect(paths(price)[0]).toMatch(/^articles\.0\.precio: /);
    const repeatedArticle = MenuSaveRequest.safeParse({
      idLocation: 1,
      articles: [
        { article: 2, precio: 100, order: 2 },
        { article: 2, precio: 100, order: 3 },
      ],
    });
    expect(paths(repeatedArticle)).toEqual(['articles.1.article: validation.articleAlreadyContained']);
  });

  it('refuses a stick quantity below 1, a stick equal to its parent and a repeated stick', () => {
    const r = MenuSaveRequest.safeParse({
      ...base,
      articlesStick: [
        { idArticle: 1, idArticleStick: 2, quantity: 0 },
        { idArticle: 1, idArticleStick: 1, quantity: 1 },
        { idArticle: 1, idArticleStick: 3, quantity: 1 },
        { idArticle: 1, idArticleStick: 3, quantity: 2 },
      ],
    });
    expect(paths(r)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^articlesStick\.0\.quantity: /),
        'articlesStick.1.idArticleStick: validation.stickIsParent',
        'articlesStick.3.idArticleStick: validation.stickRepeated',
      ]),
    );
    const s = StickSaveRequest.safeParse({
      idLocation: 1,
      idArticleParent: 5,
      articlesStick: [
        { idArticleStick: 5, quantity: 1 },
        { idArticleStick: 6, quantity: 0 },
      ],
    });
    expect(paths(s)).toEqual(
      expect.arrayContaining([
        'articlesStick.0.idArticleStick: validation.stickIsParent',
        expect.stringMatching(/^articlesStick\.1\.quantity: /),
      ]),
    );
  });

  it('refuses an item both kept and deleted', () => {
    const r = MenuSaveRequest.safeParse({
      idLocation: 1,
      articles: [{ id: 10, article: 1, precio: 100, order: 1 }],
      deletedArticles: [10],
    });
    expect(paths(r)).toEqual(['deletedArticles.0: validation.invalid']);
  });
});

describe('article helpers', () => {
  it('a pending article is new unless its id or trimmed lower-cased name exists', () => {
    const existing = [
      { id: 1, nombre: 'Beer 50cl' },
      { id: 2, nombre: 'Water' },
    ];
    expect(isNewArticle({ nombre: '  beer 50CL ' }, existing)).toBe(false);
    expect(isNewArticle({ id: 2, nombre: 'Anything' }, existing)).toBe(false);
    expect(isNewArticle({ nombre: 'Cider' }, existing)).toBe(true);
    expect(isNewArticle({ nombre: '   ' }, existing)).toBe(false);
  });

  it('complement candidates exclude the article itself and articles that already have a base', () => {
    const all = [
      { id: 1, idBase: null },
      { id: 2, idBase: 1 },
      { id: 3, idBase: null },
    ];
    expect(complementCandidates(all, 3).map((a) => a.id)).toEqual([1]);
    expect(complementCandidates(all, null).map((a) => a.id)).toEqual([1, 3]);
  });

  it('finds the first article listed twice in a pack', () => {
    expect(duplicatePackArticle([{ idArticle: 1 }, { idArticle: 2 }])).toBeNull();
    expect(duplicatePackArticle([{ idArticle: 1 }, { idArticle: 2 }, { idArticle: 1 }])).toBe(2);
  });
});
