import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import * as s from '../../../core/db/schema';

type Session = Awaited<ReturnType<TestApp['session']>>;
type Item = {
  id: number;
  idArticle: number;
  nombre: string;
  precio: number;
  order: number;
  numStick: number;
};
type Stick = { idLocation: number; idArticle: number; idArticleStick: number; quantity: number };
type MenuLocation = {
  id: number;
  nombre: string;
  articles: Item[];
  articlesStick: Stick[];
  [k: string]: unknown;
};

let t: TestApp;
let admin: Session;
let other: Session;
const art: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  other = await t.session('admin@demo.test', 'Sonora Festival 2027');
  const ev = await t.activeEvent();
  for (const a of await t.database.db.select().from(s.articles).where(eq(s.articles.eventId, ev.id))) {
    art[a.name] = a.id;
  }
});
afterAll(() => t.close());

const newLocation = async (nombre: string, actividades_nfc: string[], sess: Session = admin) => {
  const res = await t.call('POST', '/api/locations', {
    ...sess,
    body: { location: { nombre, actividades_nfc } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.id as number;
};
const load = async (sess: Session = admin) =>
  (await t.call('GET', '/api/articles/location', sess)).body.result;
const locationOf = async (id: number, sess: Session = admin) =>
  ((await load(sess)).locations as MenuLocation[]).find((l) => l.id === id)!;
const saveMenu = (body: Record<string, unknown>, sess: Session = admin) =>
  t.call('POST', '/api/articles/location', { ...sess, body });
const saveSticks = (body: Record<string, unknown>, sess: Session = admin) =>
  t.call('POST', '/api/articles/stick', { ...sess, body });
const fieldsOf = (res: { body: { fields?: { path: string; message: string }[] } }) =>
  (res.body.fields ?? []).map((f) => `${f.path}: ${f.message}`);
const item = (article: number, precio: number, order: number, extra: Record<string, unknown> = {}) => ({
  article,
  precio,
  order,
  ...extra,
});
const pairs = (l: MenuLocation) =>
  l.articlesStick
    .map((x) => [x.idArticle, x.idArticleStick, x.quantity])
    .sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);

describe('GET /api/articles/location', () => {
  it('lists only the locations that sell (V) or sell in a top-up location (I), with the event’s articles', async () => {
    const bar = await newLocation('Bar A', ['V', 'C']);
    const topUp = await newLocation('Top-up booth', ['C']);
    const mixed = await newLocation('Top-up shop', ['I']);
    const result = await load();
    const ids = result.locations.map((l: MenuLocation) => l.id);
    expect(ids).toContain(bar);
    expect(ids).toContain(mixed);
    expect(ids).not.toContain(topUp);
    expect(await locationOf(bar)).toEqual({
      id: bar,
      nombre: 'Bar A',
      interna: 'N',
      isIntern: false,
      actividades_nfc: ['V', 'C'],
      articles: [],
      articlesStick: [],
      numArticles: 0,
      numCompounds: 0,
    });
    expect(result.articles.find((a: { id: number }) => a.id === art['Beer 50cl'])).toEqual({
      id: art['Beer 50cl'],
      nombre: 'Beer 50cl',
      precio_base: 600,
      pictureFull: null,
    });
    expect((await load(other)).articles).toEqual([]);
  });
});

describe('POST /api/articles/location: the menu', () => {
  it('saves a menu with prices, order, visible and manual, and its sticks', async () => {
    const bar = await newLocation('Bar B', ['V']);
    const res = await saveMenu({
      idLocation: bar,
      articles: [
        item(art['Gin tonic']!, 1200, 1, { isManual: 1 }),
        item(art['Reusable cup']!, 200, 2, { visible: 0 }),
        item(art['Beer 50cl']!, 650, 3),
      ],
      articlesStick: [
        { idArticle: art['Gin tonic']!, idArticleStick: art['Reusable cup']!, quantity: 1 },
        { idArticle: art['Beer 50cl']!, idArticleStick: art['Reusable cup']!, quantity: 2 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const loc = res.body.result as MenuLocation;
    expect(loc.articles.map((a) => [a.nombre, a.precio, a.order, a.numStick])).toEqual([
      ['Gin tonic', 1200, 1, 1],
      ['Reusable cup', 200, 2, 0],
      ['Beer 50cl', 650, 3, 1],
    ]);
    expect(loc.articles[0]).toMatchObject({ isManual: 1, visible: 1, pictureFull: null, srcPicture: null });
    expect(loc.articles[1]).toMatchObject({ isManual: 0, visible: 0 });
    expect(loc).toMatchObject({ numArticles: 3, numCompounds: 2 });
    expect(await locationOf(bar)).toEqual(loc);
  });

  it('sends removed articles as deleted and prunes the sticks whose parent or child is gone', async () => {
    const bar = await newLocation('Bar C', ['V']);
    const first = await saveMenu({
      idLocation: bar,
      articles: [
        item(art['Gin tonic']!, 1000, 1),
        item(art['Soft drink']!, 350, 2),
        item(art['Reusable cup']!, 200, 3),
        item(art.Burger!, 1100, 4),
      ],
      articlesStick: [
        { idArticle: art['Gin tonic']!, idArticleStick: art['Soft drink']!, quantity: 1 },
        { idArticle: art['Gin tonic']!, idArticleStick: art['Reusable cup']!, quantity: 1 },
        { idArticle: art.Burger!, idArticleStick: art['Soft drink']!, quantity: 1 },
      ],
    });
    expect(first.status).toBe(200);
    const saved = (first.body.result as MenuLocation).articles;
    const idOf = (name: string) => saved.find((a) => a.nombre === name)!.id;
    // Remove the soft drink (a child of two sticks); the sticks are not sent: the saved ones are pruned.
    const res = await saveMenu({
      idLocation: bar,
      articles: saved
        .filter((a) => a.nombre !== 'Soft drink')
        .map((a) => item(a.idArticle, a.precio + 10, a.order, { id: a.id })),
      deletedArticles: [idOf('Soft drink')],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const loc = res.body.result as MenuLocation;
    expect(loc.articles.map((a) => [a.nombre, a.precio])).toEqual([
      ['Gin tonic', 1010],
      ['Reusable cup', 210],
      ['Burger', 1110],
    ]);
    // The menu items keep their ids.
    expect(loc.articles.map((a) => a.id)).toEqual([idOf('Gin tonic'), idOf('Reusable cup'), idOf('Burger')]);
    expect(pairs(loc)).toEqual([[art['Gin tonic'], art['Reusable cup'], 1]]);
    expect(loc).toMatchObject({ numArticles: 3, numCompounds: 1 });

    // Sticks sent with the menu replace the saved ones and are pruned to the menu too.
    const again = await saveMenu({
      idLocation: bar,
      articles: loc.articles
        .filter((a) => a.nombre !== 'Reusable cup')
        .map((a) => item(a.idArticle, a.precio, a.order)),
      deletedArticles: [idOf('Reusable cup')],
      articlesStick: [
        { idArticle: art['Gin tonic']!, idArticleStick: art['Reusable cup']!, quantity: 3 },
        { idArticle: art.Burger!, idArticleStick: art['Gin tonic']!, quantity: 2 },
      ],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(pairs(again.body.result)).toEqual([[art.Burger, art['Gin tonic'], 2]]);

    // Clear all: an empty menu, every item deleted, no sticks left.
    const cleared = await saveMenu({
      idLocation: bar,
      articles: [],
      deletedArticles: (again.body.result as MenuLocation).articles.map((a) => a.id),
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.result).toMatchObject({
      articles: [],
      articlesStick: [],
      numArticles: 0,
      numCompounds: 0,
    });
    const left = await t.database.db
      .select()
      .from(s.locationArticleSticks)
      .where(eq(s.locationArticleSticks.locationId, bar));
    expect(left).toEqual([]);
  });

  it('refuses each invalid menu (price not numeric, repeated article, bad sticks) and changes nothing', async () => {
    const bar = await newLocation('Bar D', ['V']);
    await saveMenu({ idLocation: bar, articles: [item(art['Water 50cl']!, 250, 1)] });
    const before = await locationOf(bar);
    const refused = async (body: Record<string, unknown>, field: RegExp) => {
      const res = await saveMenu({ idLocation: bar, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(
        fieldsOf(res).some((f) => field.test(f)),
        JSON.stringify(res.body.fields),
      ).toBe(true);
    };
    await refused(
      { articles: [item(art['Beer 50cl']!, 'six' as never, 1)] },
      /^articles\.0\.precio: validation\.invalidType/,
    );
    await refused(
      { articles: [item(art['Beer 50cl']!, null as never, 1)] },
      /^articles\.0\.precio: validation\.required$/,
    );
    await refused({ articles: [item(art['Beer 50cl']!, -5, 1)] }, /^articles\.0\.precio: validation\.min/);
    await refused(
      { articles: [item(art['Beer 50cl']!, 600, 1), item(art['Beer 50cl']!, 600, 2)] },
      /^articles\.1\.article: validation\.articleAlreadyContained$/,
    );
    const two = [item(art['Beer 50cl']!, 600, 1), item(art.Burger!, 1100, 2)];
    await refused(
      {
        articles: two,
        articlesStick: [{ idArticle: art['Beer 50cl'], idArticleStick: art.Burger, quantity: 0 }],
      },
      /^articlesStick\.0\.quantity: validation\.min/,
    );
    await refused(
      {
        articles: two,
        articlesStick: [{ idArticle: art['Beer 50cl'], idArticleStick: art['Beer 50cl'], quantity: 1 }],
      },
      /^articlesStick\.0\.idArticleStick: validation\.stickIsParent$/,
    );
    const theirArticle = (
      await t.call('POST', '/api/articles', { ...other, body: { articles: [{ nombre: 'Their beer' }] } })
    ).body.result.created[0].id;
    await refused(
      { articles: [item(theirArticle, 600, 1)] },
      /^articles\.0\.article: validation\.articleNotInEvent$/,
    );
    expect(await locationOf(bar)).toEqual(before);
  });

  it('answers 404 for another event’s location or a saved item of another location; 409 for a location without sale', async () => {
    const theirs = await newLocation('Their bar', ['V'], other);
    const res = await saveMenu({ idLocation: theirs, articles: [item(art['Beer 50cl']!, 600, 1)] });
    expect(res.status).toBe(404);
    expect((await locationOf(theirs, other)).articles).toEqual([]);

    const barE = await newLocation('Bar E', ['V']);
    const barF = await newLocation('Bar F', ['V']);
    const saved = await saveMenu({ idLocation: barE, articles: [item(art['Beer 50cl']!, 600, 1)] });
    const foreignItem = (saved.body.result as MenuLocation).articles[0]!.id;
    const wrongItem = await saveMenu({
      idLocation: barF,
      articles: [item(art['Beer 50cl']!, 600, 1, { id: foreignItem })],
    });
    expect(wrongItem.status).toBe(404);
    const wrongDelete = await saveMenu({ idLocation: barF, articles: [], deletedArticles: [foreignItem] });
    expect(wrongDelete.status).toBe(404);
    expect((await locationOf(barE)).articles).toHaveLength(1);

    const booth = await newLocation('Booth', ['C', 'K']);
    const noMenu = await saveMenu({ idLocation: booth, articles: [item(art['Beer 50cl']!, 600, 1)] });
    expect(noMenu.status).toBe(409);
    expect(noMenu.body.description).toBe(
      'This location has no menu: its NFC activities include neither sale nor sale in top-up',
    );
    const rows = await t.database.db
      .select()
      .from(s.locationArticles)
      .where(eq(s.locationArticles.locationId, booth));
    expect(rows).toEqual([]);
  });
});

describe('POST /api/articles/stick: the sticks of one parent', () => {
  it('replaces that parent’s sticks and leaves the others', async () => {
    const bar = await newLocation('Bar G', ['V']);
    await saveMenu({
      idLocation: bar,
      articles: [
        item(art['Gin tonic']!, 1000, 1),
        item(art['Soft drink']!, 350, 2),
        item(art['Reusable cup']!, 200, 3),
        item(art['Beer 50cl']!, 600, 4),
      ],
      articlesStick: [
        { idArticle: art['Gin tonic']!, idArticleStick: art['Soft drink']!, quantity: 1 },
        { idArticle: art['Beer 50cl']!, idArticleStick: art['Reusable cup']!, quantity: 1 },
      ],
    });
    const res = await saveSticks({
      idLocation: bar,
      idArticleParent: art['Gin tonic'],
      articlesStick: [
        { idArticleStick: art['Reusable cup'], quantity: 2 },
        { idArticleStick: art['Beer 50cl'], quantity: 1 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(pairs(res.body.result)).toEqual(
      [
        [art['Gin tonic'], art['Reusable cup'], 2],
        [art['Gin tonic'], art['Beer 50cl'], 1],
        [art['Beer 50cl'], art['Reusable cup'], 1],
      ].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!),
    );
    expect(res.body.result.articles.find((a: Item) => a.idArticle === art['Gin tonic']).numStick).toBe(2);
    // An empty list removes that parent's sticks.
    const emptied = await saveSticks({
      idLocation: bar,
      idArticleParent: art['Gin tonic'],
      articlesStick: [],
    });
    expect(pairs(emptied.body.result)).toEqual([[art['Beer 50cl'], art['Reusable cup'], 1]]);
  });

  it('refuses a quantity below 1, a stick equal to its parent, a repeated stick and articles off the menu', async () => {
    const bar = await newLocation('Bar H', ['V']);
    await saveMenu({
      idLocation: bar,
      articles: [item(art['Gin tonic']!, 1000, 1), item(art['Soft drink']!, 350, 2)],
    });
    const refused = async (body: Record<string, unknown>, field: string | RegExp) => {
      const res = await saveSticks({ idLocation: bar, idArticleParent: art['Gin tonic'], ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      const fields = fieldsOf(res);
      expect(
        fields.some((f) => (typeof field === 'string' ? f === field : field.test(f))),
        JSON.stringify(fields),
      ).toBe(true);
    };
    await refused(
      { articlesStick: [{ idArticleStick: art['Soft drink'], quantity: 0 }] },
      'articlesStick.0.quantity: validation.min|{"min":1}',
    );
    await refused(
      { articlesStick: [{ idArticleStick: art['Soft drink'], quantity: 'two' }] },
      /^articlesStick\.0\.quantity: validation\.invalidType/,
    );
    await refused(
      { articlesStick: [{ idArticleStick: art['Gin tonic'], quantity: 1 }] },
      'articlesStick.0.idArticleStick: validation.stickIsParent',
    );
    await refused(
      {
        articlesStick: [
          { idArticleStick: art['Soft drink'], quantity: 1 },
          { idArticleStick: art['Soft drink'], quantity: 2 },
        ],
      },
      'articlesStick.1.idArticleStick: validation.stickRepeated',
    );
    await refused(
      { articlesStick: [{ idArticleStick: art.Burger, quantity: 1 }] },
      'articlesStick.0.idArticleStick: validation.stickNotInMenu',
    );
    await refused(
      { idArticleParent: art.Burger, articlesStick: [{ idArticleStick: art['Soft drink'], quantity: 1 }] },
      'idArticleParent: validation.stickNotInMenu',
    );
    const rows = await t.database.db
      .select()
      .from(s.locationArticleSticks)
      .where(and(eq(s.locationArticleSticks.locationId, bar)));
    expect(rows).toEqual([]);
    const theirs = await newLocation('Their stick bar', ['V'], other);
    const foreign = await saveSticks({
      idLocation: theirs,
      idArticleParent: art['Gin tonic'],
      articlesStick: [],
    });
    expect(foreign.status).toBe(404);
  });
});

describe('the location side', () => {
  it('a location with a menu is not deleted (409) until the menu is emptied', async () => {
    const bar = await newLocation('Pop-up bar', ['V']);
    await saveMenu({
      idLocation: bar,
      articles: [item(art['Gin tonic']!, 1000, 1), item(art['Soft drink']!, 350, 2)],
      articlesStick: [{ idArticle: art['Gin tonic']!, idArticleStick: art['Soft drink']!, quantity: 1 }],
    });
    const refused = await t.call('DELETE', `/api/locations/${bar}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 1308,
      description: 'This location cannot be deleted: its menu has 2 articles; empty the menu first',
    });
    expect((await locationOf(bar)).articles).toHaveLength(2);

    // Emptied on the menu screen (its sticks go with the items), the location can go.
    const menu = await locationOf(bar);
    const emptied = await saveMenu({
      idLocation: bar,
      articles: [],
      deletedArticles: menu.articles.map((a) => a.id),
    });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect((await t.call('DELETE', `/api/locations/${bar}`, admin)).status).toBe(200);
    for (const table of [s.locationArticles, s.locationArticleSticks]) {
      expect(await t.database.db.select().from(table).where(eq(table.locationId, bar))).toEqual([]);
    }
  });

  it('duplicating the event with articles in locations copies menus and sticks onto the copies', async () => {
    const bar = await newLocation('Copy bar', ['V']);
    await saveMenu({
      idLocation: bar,
      articles: [item(art['Gin tonic']!, 990, 1), item(art['Soft drink']!, 350, 2)],
      articlesStick: [{ idArticle: art['Gin tonic']!, idArticleStick: art['Soft drink']!, quantity: 2 }],
    });
    const ev = await t.activeEvent();
    const res = await t.call('POST', '/api/duplicateEvent', {
      ...admin,
      body: {
        newEventName: 'Sonora menus copy',
        f_inicio: '2027-07-01T14:00:00.000Z',
        f_fin: '2027-07-05T04:00:00.000Z',
        duplicateStaff: false,
        duplicateTimeRanges: false,
        duplicateLocations: true,
        duplicateArticles: true,
        duplicateArticlesLocations: true,
        duplicateExchangeSettings: false,
        moneda: ev.currencyId,
        localCurrency: ev.localCurrencyId,
        localCurrencyRate: 1,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const copyId = res.body.result.id as number;
    const db = t.database.db;
    const [loc] = await db
      .select()
      .from(s.locations)
      .where(and(eq(s.locations.eventId, copyId), eq(s.locations.name, 'Copy bar')));
    const copiedArticles = await db.select().from(s.articles).where(eq(s.articles.eventId, copyId));
    const idIn = (name: string) => copiedArticles.find((a) => a.name === name)!.id;
    const items = await db
      .select()
      .from(s.locationArticles)
      .where(eq(s.locationArticles.locationId, loc!.id));
    expect(items.map((i) => [i.articleId, i.price]).sort()).toEqual(
      [
        [idIn('Gin tonic'), 990],
        [idIn('Soft drink'), 350],
      ].sort(),
    );
    const sticks = await db
      .select()
      .from(s.locationArticleSticks)
      .where(eq(s.locationArticleSticks.locationId, loc!.id));
    expect(sticks.map((x) => [x.articleId, x.stickArticleId, x.quantity, x.eventId])).toEqual([
      [idIn('Gin tonic'), idIn('Soft drink'), 2, copyId],
    ]);
  });
});

describe('permissions (menuUbicaciones)', () => {
  it('refuses a user without menuUbicaciones; ops (who has it) gets through', async () => {
    const ev = await t.activeEvent();
    const bar = await newLocation('Guarded bar', ['V']);
    await t.userWithPermissions(
      'no-menus@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.menuUbicaciones),
    );
    const sess = await t.session('no-menus@demo.test');
    expect((await t.call('GET', '/api/articles/location', sess)).status).toBe(403);
    expect(
      (await saveMenu({ idLocation: bar, articles: [item(art['Beer 50cl']!, 1, 1)] }, sess)).status,
    ).toBe(403);
    expect(
      (await saveSticks({ idLocation: bar, idArticleParent: art['Beer 50cl'], articlesStick: [] }, sess))
        .status,
    ).toBe(403);
    expect((await locationOf(bar)).articles).toEqual([]);
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/articles/location', ops)).status).toBe(200);
    expect(
      (await saveMenu({ idLocation: bar, articles: [item(art['Beer 50cl']!, 600, 1)] }, ops)).status,
    ).toBe(200);
  });
});
