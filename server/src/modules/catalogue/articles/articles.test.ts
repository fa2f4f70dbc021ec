import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import * as s from '../../../core/db/schema';

/** A valid RGB PNG of that size. */
function png(width: number, height: number) {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc((width * 3 + 1) * height))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Session = Awaited<ReturnType<TestApp['session']>>;
type ArticleDto = { id: number; nombre: string; [k: string]: unknown };
let t: TestApp;
let dir: string;
let admin: Session;
let other: Session;
let eventId: number;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulsera-articles-'));
  t = await createTestApp({ dataDir: dir });
  admin = await t.session('admin@demo.test');
  other = await t.session('admin@demo.test', 'Sonora Festival 2027');
  eventId = (await t.activeEvent()).id;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const load = async (sess: Session = admin) => (await t.call('GET', '/api/articles', sess)).body.result;
const articleNamed = async (nombre: string, sess: Session = admin) =>
  ((await load(sess)).articles as ArticleDto[]).find((a) => a.nombre === nombre)!;
const create = (articles: unknown[], sess: Session = admin) =>
  t.call('POST', '/api/articles', { ...sess, body: { articles } });
const newArticle = async (nombre: string, sess: Session = admin) => {
  const res = await create([{ nombre }], sess);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.created[0].id as number;
};
const save = (articleEvent: Record<string, unknown>, sess: Session = admin) =>
  t.call('POST', '/api/articles/event', { ...sess, body: { articleEvent } });
const remove = (id: number, sess: Session = admin) => t.call('DELETE', `/api/articles/${id}`, sess);
const fieldsOf = (res: { body: { fields?: { path: string; message: string }[] } }) =>
  (res.body.fields ?? []).map((f) => `${f.path}: ${f.message}`);
const rowOf = async (id: number) =>
  (await t.database.db.select().from(s.articles).where(eq(s.articles.id, id)))[0]!;

async function makeFlag(flagNumber: number, name: string, ev = eventId) {
  const [row] = await t.database.db
    .insert(s.flags)
    .values({ eventId: ev, flagNumber, name, description: name })
    .returning();
  return row!.id;
}
async function makeAddon(name: string, ev = eventId) {
  const [row] = await t.database.db
    .insert(s.addons)
    .values({ eventId: ev, name, description: name })
    .returning();
  return row!.id;
}
async function makeTimeRange(name: string) {
  const res = await t.call('POST', '/api/timeRange', {
    ...admin,
    body: { name, dateStart: '2026-07-03', dateEnd: '2026-07-04' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const ranges = await t.database.db.select().from(s.timeRanges).where(eq(s.timeRanges.name, name));
  return ranges[0]!.id;
}
async function makeSellingLocation(nombre: string, sess: Session = admin) {
  const res = await t.call('POST', '/api/locations', {
    ...sess,
    body: { location: { nombre, actividades_nfc: ['V'] } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.id as number;
}

describe('GET /api/articles and the typeahead (02-catalogue §7)', () => {
  it('lists the event’s articles with every tab and the choices of the detail', async () => {
    const result = await load();
    expect(result.rols).toEqual([]);
    expect(Array.isArray(result.timeRanges)).toBe(true);
    expect(Array.isArray(result.addons)).toBe(true);
    expect(Array.isArray(result.flags)).toBe(true);
    const beer = (result.articles as ArticleDto[]).find((a) => a.nombre === 'Beer 50cl')!;
    const ev = await t.activeEvent();
    expect(beer).toEqual({
      id: expect.any(Number),
      nombre: 'Beer 50cl',
      precio_base: 600,
      moneda: ev.currencyId,
      pictureFull: null,
      qrPrint: 0,
      idBase: null,
      flags: [],
      gift: 0,
      onlyAdults: 0,
      bannedRols: [],
      isNoteRequired: 0,
      suggestedComments: [],
      addons: [],
      exchanges: [],
      externalAnalyticsId: null,
      permite_importe_manual: 'N',
      id_complemento: null,
      date_update: expect.any(String),
    });
    // Only this event's articles.
    expect((await load(other)).articles).toEqual([]);
  });

  it('finds at most 10 articles whose name contains the text, ignoring case', async () => {
    const found = await t.call('GET', '/api/articles/find?name=50CL', admin);
    expect(found.status).toBe(200);
    expect(found.body.result.map((a: ArticleDto) => a.nombre)).toEqual(['Beer 50cl', 'Water 50cl']);
    expect(found.body.result[0]).toEqual({ id: expect.any(Number), nombre: 'Beer 50cl' });
    await create(Array.from({ length: 12 }, (_, i) => ({ nombre: `Tapa ${String(i).padStart(2, '0')}` })));
    const many = await t.call('GET', '/api/articles/find?name=tapa', admin);
    expect(many.body.result).toHaveLength(10);
    const pct = await t.call('GET', `/api/articles/find?name=${encodeURIComponent('%')}`, admin);
    expect(pct.body.result).toEqual([]);
    const theirs = await t.call('GET', '/api/articles/find?name=beer', other);
    expect(theirs.body.result).toEqual([]);
  });
});

describe('POST /api/articles: the pending new articles', () => {
  it('creates them, ignoring an existing id or trimmed lower-cased name, also within the list', async () => {
    const beer = await articleNamed('Beer 50cl');
    const res = await create([
      { nombre: ' Cider ', externalAnalyticsId: 'GA-CIDER' },
      { nombre: '  beer 50CL ' },
      { id: beer.id, nombre: 'Brand new name' },
      { nombre: 'cider' },
      { nombre: 'Lemonade' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.result.created.map((a: ArticleDto) => a.nombre)).toEqual(['Cider', 'Lemonade']);
    expect(res.body.result.ignored).toEqual(['beer 50CL', 'Brand new name', 'cider']);
    const cider = await articleNamed('Cider');
    expect(cider).toMatchObject({ externalAnalyticsId: 'GA-CIDER', precio_base: 0 });
    expect((await load()).articles.filter((a: ArticleDto) => a.nombre === 'Brand new name')).toEqual([]);
  });

  it('refuses an empty list and a blank name', async () => {
    expect((await create([])).status).toBe(400);
    const blank = await create([{ nombre: '   ' }]);
    expect(blank.status).toBe(400);
    expect(fieldsOf(blank)).toEqual(['articles.0.nombre: validation.required']);
  });
});

describe('POST /api/articles/event: one article with all its tabs', () => {
  it('saves every tab: flags tri-state, restrictions, comments, exchanges, add-ons, complement', async () => {
    const id = await newArticle('Cocktail');
    const base = await articleNamed('Gin tonic');
    const water = await articleNamed('Water 50cl');
    const vip = await makeFlag(1, 'VIP');
    const minor = await makeFlag(2, 'Minor');
    const staffFlag = await makeFlag(3, 'Staff');
    const glass = await makeAddon('Souvenir glass');
    const happy = await makeTimeRange('Happy hour');
    // Banned roles are ticket roles of the event (admin/access/rols).
    const makeRol = async (name: string) =>
      (await t.call('POST', '/api/rols', { ...admin, body: { rol: { name, price: 0 } } })).body
        .result as number;
    const gold = await makeRol('Gold pass');
    const silver = await makeRol('Silver pass');
    const res = await save({
      id,
      nombre: ' Cocktail of the day ',
      precio_base: 1250,
      qrPrint: 1,
      idBase: base.id,
      flags: [
        { idFlag: vip, addFlag: true },
        { idFlag: minor, addFlag: false },
        { idFlag: staffFlag, addFlag: null },
      ],
      gift: 1,
      onlyAdults: 1,
      bannedRols: [gold, gold, silver],
      isNoteRequired: 1,
      suggestedComments: [{ text: 'No ice' }, { uuid: 'fixed-uuid', text: ' Extra lemon ' }],
      addons: [glass],
      exchanges: [{ idArticleExchange: [water.id], sortBy: 2, timeRanges: [happy] }],
      externalAnalyticsId: 'GA-77',
      permite_importe_manual: 'S',
      id_complemento: 31,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body.result;
    expect(saved).toMatchObject({
      id,
      nombre: 'Cocktail of the day',
      precio_base: 1250,
      qrPrint: 1,
      idBase: base.id,
      gift: 1,
      onlyAdults: 1,
      bannedRols: [gold, silver],
      isNoteRequired: 1,
      addons: [glass],
      externalAnalyticsId: 'GA-77',
      permite_importe_manual: 'S',
      id_complemento: 31,
    });
    // Unused flags have no entry.
    expect(saved.flags.map((f: { idFlag: number; addFlag: boolean }) => [f.idFlag, f.addFlag])).toEqual([
      [vip, true],
      [minor, false],
    ]);
    expect(saved.suggestedComments[0]).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      text: 'No ice',
    });
    expect(saved.suggestedComments[1]).toEqual({ uuid: 'fixed-uuid', text: 'Extra lemon' });
    expect(saved.exchanges).toEqual([
      {
        id: expect.any(Number),
        idArticle: id,
        idArticleExchange: [water.id],
        sortBy: 2,
        timeRanges: [happy],
      },
    ]);
    expect(await articleNamed('Cocktail of the day')).toEqual(saved);

    // A flag switched keeps its relation id; a list left out is stored empty.
    const vipRelation = saved.flags[0].id;
    const again = await save({ id, nombre: 'Cocktail of the day', flags: [{ idFlag: vip, addFlag: false }] });
    expect(again.status).toBe(200);
    expect(again.body.result.flags).toEqual([{ id: vipRelation, idFlag: vip, addFlag: false }]);
    expect(again.body.result).toMatchObject({
      idBase: null,
      addons: [],
      exchanges: [],
      suggestedComments: [],
      bannedRols: [],
      permite_importe_manual: 'N',
      precio_base: 0,
    });
  });

  it('keeps a time range an exchange uses: its delete is refused naming the article', async () => {
    const id = await newArticle('Voucher');
    const water = await articleNamed('Water 50cl');
    const range = await makeTimeRange('Sunday brunch');
    await save({
      id,
      nombre: 'Voucher',
      exchanges: [{ idArticleExchange: [water.id], timeRanges: [range] }],
    });
    const refused = await t.call('DELETE', `/api/timeRange/${range}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe(
      'This time range cannot be deleted: the exchanges of the articles Voucher use it',
    );
    expect((await articleNamed('Voucher')).exchanges).toMatchObject([
      { idArticleExchange: [water.id], timeRanges: [range] },
    ]);
    // Once the exchange no longer names it, the range goes.
    const again = await save({ id, nombre: 'Voucher', exchanges: [{ idArticleExchange: [water.id] }] });
    expect(again.status).toBe(200);
    expect((await t.call('DELETE', `/api/timeRange/${range}`, admin)).status).toBe(200);
  });

  it('reads idBase -1 as none', async () => {
    const id = await newArticle('Side salad');
    const res = await save({ id, nombre: 'Side salad', idBase: -1 });
    expect(res.status).toBe(200);
    expect(res.body.result.idBase).toBeNull();
  });

  it('refuses each invalid field and leaves the article unchanged', async () => {
    const id = await newArticle('Nachos');
    await save({ id, nombre: 'Nachos', precio_base: 700 });
    const before = await rowOf(id);
    const expectField = async (body: Record<string, unknown>, field: string) => {
      const res = await save({ id, nombre: 'Nachos', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(res.body.fields)).toContain(field);
    };
    await expectField({ nombre: '  ' }, 'articleEvent.nombre: validation.required');
    await expectField({ precio_base: -1 }, 'articleEvent.precio_base: validation.min|{"min":0}');
    const notNumber = await save({ id, nombre: 'Nachos', precio_base: 'seven' });
    expect(notNumber.status).toBe(400);
    expect(fieldsOf(notNumber)[0]).toMatch(/^articleEvent\.precio_base: /);
    await expectField({ idBase: id }, 'articleEvent.idBase: validation.complementSelf');
    await expectField(
      { exchanges: [{ idArticleExchange: [id] }] },
      'articleEvent.exchanges.0.idArticleExchange.0: validation.exchangeSelf',
    );
    await expectField({ qrPrint: 2 }, 'articleEvent.qrPrint: validation.invalid');
    const flag = await makeFlag(4, 'Crew');
    await expectField(
      {
        flags: [
          { idFlag: flag, addFlag: true },
          { idFlag: flag, addFlag: false },
        ],
      },
      'articleEvent.flags.1.idFlag: validation.repeated',
    );
    const theirFlag = await makeFlag(1, 'Their flag', (await t.eventByName('Sonora Festival 2027')).id);
    await expectField(
      { flags: [{ idFlag: theirFlag, addFlag: true }] },
      'articleEvent.flags.0.idFlag: validation.flagNotInEvent',
    );
    const theirAddon = await makeAddon('Their add-on', (await t.eventByName('Sonora Festival 2027')).id);
    await expectField({ addons: [theirAddon] }, 'articleEvent.addons: validation.addonNotInEvent');
    const theirs = await newArticle('Their article', other);
    await expectField({ idBase: theirs }, 'articleEvent.idBase: validation.articleNotInEvent');
    await expectField(
      { exchanges: [{ idArticleExchange: [theirs] }] },
      'articleEvent.exchanges.0.idArticleExchange: validation.articleNotInEvent',
    );
    await expectField(
      { exchanges: [{ idArticleExchange: [] }] },
      'articleEvent.exchanges.0.idArticleExchange: validation.minItems|{"min":1}',
    );
    await expectField(
      { suggestedComments: [{ text: ' ' }] },
      'articleEvent.suggestedComments.0.text: validation.required',
    );
    const after = await rowOf(id);
    expect(after).toEqual(before);
  });

  it('applies the complement rules: no complement of a complement, no base becoming a complement', async () => {
    const burger = await articleNamed('Burger');
    const fries = await newArticle('Fries');
    const sauce = await newArticle('Sauce');
    expect((await save({ id: fries, nombre: 'Fries', idBase: burger.id })).status).toBe(200);
    const chained = await save({ id: sauce, nombre: 'Sauce', idBase: fries });
    expect(chained.status).toBe(400);
    expect(fieldsOf(chained)).toEqual(['articleEvent.idBase: validation.complementOfComplement']);
    const baseBecoming = await save({ id: burger.id, nombre: 'Burger', precio_base: 1100, idBase: sauce });
    expect(baseBecoming.status).toBe(400);
    expect(fieldsOf(baseBecoming)).toEqual(['articleEvent.idBase: validation.complementHasComplements']);
    expect((await rowOf(burger.id)).baseId).toBeNull();
  });

  it('refuses a name another article has (409) and another event’s article (404)', async () => {
    const id = await newArticle('Churros');
    const taken = await save({ id, nombre: ' soft DRINK ' });
    expect(taken.status).toBe(409);
    expect(taken.body.description).toBe('An element with this name already exists');
    const theirs = await newArticle('Paella', other);
    const res = await save({ id: theirs, nombre: 'Mine now' });
    expect(res.status).toBe(404);
    expect((await rowOf(theirs)).name).toBe('Paella');
  });
});

describe('DELETE /api/articles/{id}', () => {
  it('deletes an unused article with its own settings', async () => {
    const id = await newArticle('Pretzel');
    const flag = await makeFlag(5, 'Pretzel flag');
    await save({ id, nombre: 'Pretzel', flags: [{ idFlag: flag, addFlag: true }] });
    const res = await remove(id);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(true);
    expect(await t.database.db.select().from(s.articles).where(eq(s.articles.id, id))).toEqual([]);
    expect(await t.database.db.select().from(s.articleFlags).where(eq(s.articleFlags.articleId, id))).toEqual(
      [],
    );
  });

  it('refuses an article still in use, naming where, and another event’s article', async () => {
    const expectRefused = async (id: number, error: number, description: string) => {
      const res = await remove(id);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(error);
      expect(res.body.description).toBe(description);
      expect(await t.database.db.select().from(s.articles).where(eq(s.articles.id, id))).toHaveLength(1);
    };
    // In a menu.
    const onMenu = await newArticle('Hot dog');
    const bar = await makeSellingLocation('Food court');
    const menu = await t.call('POST', '/api/articles/location', {
      ...admin,
      body: { idLocation: bar, articles: [{ article: onMenu, precio: 500, order: 1 }] },
    });
    expect(menu.status, JSON.stringify(menu.body)).toBe(200);
    await expectRefused(onMenu, 1601, 'This article cannot be deleted: it is on the menu of Food court');
    // In a pack.
    const inPack = await newArticle('Crisps');
    const pack = await t.call('POST', '/api/packs', {
      ...admin,
      body: { pack: { nombre: 'Snack pack', precio: 300, articles: [{ idArticle: inPack, quantity: 2 }] } },
    });
    expect(pack.status, JSON.stringify(pack.body)).toBe(200);
    await expectRefused(inPack, 1602, 'This article cannot be deleted: it is part of the pack Snack pack');
    // The base of a complement.
    const base = await newArticle('Pizza');
    const topping = await newArticle('Topping');
    await save({ id: topping, nombre: 'Topping', idBase: base });
    await expectRefused(
      base,
      1603,
      'This article cannot be deleted: it is the base of the complements Topping',
    );
    // An exchange of another article.
    const token = await newArticle('Drink token');
    const exchanged = await newArticle('Draft beer');
    await save({ id: token, nombre: 'Drink token', exchanges: [{ idArticleExchange: [exchanged] }] });
    await expectRefused(
      exchanged,
      1604,
      'This article cannot be deleted: Drink token can be exchanged for it',
    );
    // Priced by a flag, given by an add-on, counted by a tag counter.
    const priced = await newArticle('Vermouth');
    const flag = await makeFlag(6, 'Happy crew');
    const range = await makeTimeRange('Aperitivo');
    await t.database.db
      .insert(s.flagArticlePrices)
      .values({ eventId, flagId: flag, timeRangeId: range, articleId: priced, price: 100 });
    await expectRefused(
      priced,
      1605,
      'This article cannot be deleted: the flag Happy crew overrides its price',
    );
    const gift = await newArticle('Keyring');
    const addon = await makeAddon('Merch add-on');
    await t.database.db
      .insert(s.addonGifts)
      .values({ eventId, addonId: addon, articleId: gift, quantity: 1 });
    await expectRefused(
      gift,
      1606,
      'This article cannot be deleted: the add-on Merch add-on gives it as a gift',
    );
    const counted = await newArticle('Cup deposit');
    await t.database.db
      .update(s.events)
      .set({ tagCounters: [{ position: 3, idArticleIncrement: counted, idArticleDecrement: null }] })
      .where(eq(s.events.id, eventId));
    await expectRefused(counted, 1607, 'This article cannot be deleted: a tag counter of the event uses it');
    await t.database.db.update(s.events).set({ tagCounters: [] }).where(eq(s.events.id, eventId));

    const theirs = await newArticle('Their churros', other);
    expect((await remove(theirs)).status).toBe(404);
    expect((await remove(theirs, other)).status).toBe(200);
  });
});

describe('the article image (200 × 200, PUT /articles/image)', () => {
  async function upload(width: number, height: number) {
    const u = await t.call('POST', '/api/upload-image', {
      ...admin,
      body: { folder: 'articles', mimeType: 'image/png' },
    });
    expect(u.status).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: u.body.result.uploadUrl,
      payload: png(width, height),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode).toBe(200);
    return u.body.result as { key: string; url: string };
  }
  const stored = (key: string) => existsSync(path.join(dir, 'uploads', key));

  it('attaches, refuses another size, removes, and goes with the article', async () => {
    const id = await newArticle('Ice cream');
    const first = await upload(200, 200);
    const res = await t.call('PUT', '/api/articles/image', {
      ...admin,
      body: { articleId: id, key: first.key, imageObject: { url: first.url, width: 200, height: 200 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ url: first.url, width: 200, height: 200 });
    expect((await articleNamed('Ice cream')).pictureFull).toEqual({ id: res.body.result.id, url: first.url });

    const wrong = await upload(500, 500);
    const refused = await t.call('PUT', '/api/articles/image', {
      ...admin,
      body: { articleId: id, key: wrong.key },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe('The image must be 200×200 pixels; this one is 500×500');
    expect((await articleNamed('Ice cream')).pictureFull).toEqual({ id: res.body.result.id, url: first.url });

    const cleared = await t.call('PUT', '/api/articles/image/delete', {
      ...admin,
      body: { articleId: id, delete: 1 },
    });
    expect(cleared.status).toBe(200);
    expect((await articleNamed('Ice cream')).pictureFull).toBeNull();
    expect(stored(first.key)).toBe(false);

    const second = await upload(200, 200);
    await t.call('PUT', '/api/articles/image', { ...admin, body: { articleId: id, key: second.key } });
    expect((await remove(id)).status).toBe(200);
    expect(stored(second.key)).toBe(false);

    const theirs = await newArticle('Their sorbet', other);
    const third = await upload(200, 200);
    const foreign = await t.call('PUT', '/api/articles/image', {
      ...admin,
      body: { articleId: theirs, key: third.key },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('permissions (articulos)', () => {
  it('refuses every call to a user without articulos; ops (who has it) gets through', async () => {
    const lacking = ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.articulos);
    await t.userWithPermissions('no-articles@demo.test', eventId, lacking);
    const sess = await t.session('no-articles@demo.test');
    const beer = await articleNamed('Beer 50cl');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/articles'],
      ['GET', '/api/articles/find?name=beer'],
      ['POST', '/api/articles', { articles: [{ nombre: 'Sneaky' }] }],
      ['POST', '/api/articles/event', { articleEvent: { id: beer.id, nombre: 'Sneaky' } }],
      ['DELETE', `/api/articles/${beer.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.call(method, url, { ...sess, body })).status, `${method} ${url}`).toBe(403);
    }
    expect((await rowOf(beer.id)).name).toBe('Beer 50cl');
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/articles', ops)).status).toBe(200);
  });
});
