import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ArticleDto,
  admin,
  articleNamed,
  closeArticles,
  create,
  eventId,
  fieldsOf,
  load,
  makeAddon,
  makeFlag,
  makeTimeRange,
  newArticle,
  openArticles,
  other,
  rowOf,
  save,
  t,
} from './articles.fixture';

/**
 * Articles (02-catalogue §7): the list and the typeahead, the pending new articles, one article
 * saved with all its tabs, and the articulos permission; on the set-up of articles.fixture.ts.
 */

beforeAll(openArticles);
afterAll(closeArticles);

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
