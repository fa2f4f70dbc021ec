import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import * as s from '../../../core/db/schema';

type Session = Awaited<ReturnType<TestApp['session']>>;
type PackDto = { id: number; nombre: string; [k: string]: unknown };

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

const load = async (sess: Session = admin) => (await t.call('GET', '/api/packs', sess)).body.result;
const packNamed = async (nombre: string, sess: Session = admin) =>
  ((await load(sess)).packs as PackDto[]).find((p) => p.nombre === nombre);
const save = (pack: Record<string, unknown>, sess: Session = admin) =>
  t.call('POST', '/api/packs', { ...sess, body: { pack } });
const remove = (id: number, sess: Session = admin) => t.call('DELETE', `/api/packs/${id}`, sess);
const fieldsOf = (res: { body: { fields?: { path: string; message: string }[] } }) =>
  (res.body.fields ?? []).map((f) => `${f.path}: ${f.message}`);
const packCount = async () => Number((await t.database.db.select({ n: count() }).from(s.packs))[0]!.n);
const newLocation = async (nombre: string, sess: Session = admin) => {
  const res = await t.call('POST', '/api/locations', {
    ...sess,
    body: { location: { nombre, actividades_nfc: ['V'] } },
  });
  return res.body.result.id as number;
};

describe('packs: create, read, update, delete', () => {
  it('creates a pack of articles with quantities, locations and dates, and lists it with the choices', async () => {
    const bar = await newLocation('Pack bar');
    const res = await save({
      nombre: ' Party pack ',
      precio: 2500,
      articles: [
        { idArticle: art['Beer 50cl'], quantity: 4 },
        { idArticle: art['Reusable cup'], quantity: 1 },
      ],
      locationsAvailable: [bar, bar],
      dateStart: '2026-07-03T18:00:00.000Z',
      dateEnd: '2026-07-04T04:00:00.000Z',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.result as number;
    const result = await load();
    expect(result.packs).toEqual([
      {
        id,
        nombre: 'Party pack',
        precio: 2500,
        articles: [
          { idArticle: art['Beer 50cl'], nombre: 'Beer 50cl', quantity: 4 },
          { idArticle: art['Reusable cup'], nombre: 'Reusable cup', quantity: 1 },
        ],
        locationsAvailable: [bar],
        dateStart: '2026-07-03T18:00:00.000Z',
        dateEnd: '2026-07-04T04:00:00.000Z',
        date_update: expect.any(String),
      },
    ]);
    expect(result.articles).toContainEqual({ id: art.Burger, nombre: 'Burger' });
    expect(result.locations).toContainEqual({ id: bar, name: 'Pack bar' });
    expect((await load(other)).packs).toEqual([]);
  });

  it('updates a pack, replacing its articles and locations (none = every location), and deletes it', async () => {
    const bar = await newLocation('Update bar');
    const created = await save({
      nombre: 'Burger menu',
      precio: 1300,
      articles: [{ idArticle: art.Burger, quantity: 1 }],
      locationsAvailable: [bar],
    });
    const id = created.body.result as number;
    const res = await save({
      id,
      nombre: 'Burger menu XL',
      precio: 1500,
      articles: [
        { idArticle: art['Soft drink'], quantity: 1 },
        { idArticle: art.Burger, quantity: 2 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(id);
    expect(await packNamed('Burger menu XL')).toMatchObject({
      precio: 1500,
      articles: [
        { idArticle: art['Soft drink'], quantity: 1 },
        { idArticle: art.Burger, quantity: 2 },
      ],
      locationsAvailable: [],
      dateStart: null,
      dateEnd: null,
    });
    const removed = await remove(id);
    expect(removed.status).toBe(200);
    expect(removed.body.result).toBe(true);
    expect(await packNamed('Burger menu XL')).toBeUndefined();
    expect(await t.database.db.select().from(s.packArticles).where(eq(s.packArticles.packId, id))).toEqual(
      [],
    );
  });

  it('refuses an article twice with 409 errorArticleDuplicatePack and writes nothing', async () => {
    const before = await packCount();
    const res = await save({
      nombre: 'Double beer',
      precio: 1000,
      articles: [
        { idArticle: art['Beer 50cl'], quantity: 1 },
        { idArticle: art['Water 50cl'], quantity: 1 },
        { idArticle: art['Beer 50cl'], quantity: 2 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(1600);
    expect(res.body.description).toBe('This article is already in the pack');
    expect(fieldsOf(res)).toEqual(['pack.articles.2.idArticle: validation.repeated']);
    const es = await t.call('POST', '/api/packs', {
      ...admin,
      lang: 'es',
      body: {
        pack: {
          nombre: 'Doble',
          precio: 1,
          articles: [
            { idArticle: art['Beer 50cl'], quantity: 1 },
            { idArticle: art['Beer 50cl'], quantity: 1 },
          ],
        },
      },
    });
    expect(es.body.description).toBe('Este artículo ya está en el pack');
    expect(await packCount()).toBe(before);

    // Also on update: the saved pack keeps its articles.
    const ok = await save({
      nombre: 'Water pack',
      precio: 500,
      articles: [{ idArticle: art['Water 50cl'], quantity: 2 }],
    });
    const dup = await save({
      id: ok.body.result,
      nombre: 'Water pack',
      precio: 500,
      articles: [
        { idArticle: art['Water 50cl'], quantity: 2 },
        { idArticle: art['Water 50cl'], quantity: 1 },
      ],
    });
    expect(dup.status).toBe(409);
    expect((await packNamed('Water pack'))!.articles).toEqual([
      { idArticle: art['Water 50cl'], nombre: 'Water 50cl', quantity: 2 },
    ]);
  });

  it('refuses each invalid field', async () => {
    const before = await packCount();
    const valid = { nombre: 'Valid', precio: 100, articles: [{ idArticle: art.Burger, quantity: 1 }] };
    const refused = async (over: Record<string, unknown>, field: string | RegExp) => {
      const res = await save({ ...valid, ...over });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      const fields = fieldsOf(res);
      expect(
        fields.some((f) => (typeof field === 'string' ? f === field : field.test(f))),
        JSON.stringify(fields),
      ).toBe(true);
    };
    await refused({ nombre: '  ' }, 'pack.nombre: validation.required');
    await refused({ precio: -1 }, 'pack.precio: validation.min|{"min":0}');
    await refused({ precio: 'ten' }, /^pack\.precio: validation\.invalidType/);
    await refused({ precio: undefined }, 'pack.precio: validation.required');
    await refused({ articles: [] }, 'pack.articles: validation.minItems|{"min":1}');
    await refused(
      { articles: [{ idArticle: art.Burger, quantity: 0 }] },
      'pack.articles.0.quantity: validation.min|{"min":1}',
    );
    await refused(
      { dateStart: '2026-07-04T00:00:00.000Z', dateEnd: '2026-07-03T00:00:00.000Z' },
      'pack.dateEnd: validation.endAfterStart',
    );
    const theirLocation = await newLocation('Their pack bar', other);
    await refused(
      { locationsAvailable: [theirLocation] },
      'pack.locationsAvailable: validation.unknownLocations',
    );
    const theirArticle = (
      await t.call('POST', '/api/articles', { ...other, body: { articles: [{ nombre: 'Their snack' }] } })
    ).body.result.created[0].id;
    await refused(
      { articles: [{ idArticle: theirArticle, quantity: 1 }] },
      'pack.articles.0.idArticle: validation.articleNotInEvent',
    );
    expect(await packCount()).toBe(before);
  });

  it('refuses a name another pack has (409) and another event’s pack (404)', async () => {
    await save({ nombre: 'Family pack', precio: 100, articles: [{ idArticle: art.Burger, quantity: 3 }] });
    const taken = await save({
      nombre: ' FAMILY pack',
      precio: 100,
      articles: [{ idArticle: art.Burger, quantity: 3 }],
    });
    expect(taken.status).toBe(409);
    const theirs = await t.call('POST', '/api/packs', {
      ...other,
      body: { pack: { nombre: 'Their pack', precio: 1, articles: [] } },
    });
    expect(theirs.status).toBe(400);
    const theirArticle = (
      await t.call('POST', '/api/articles', { ...other, body: { articles: [{ nombre: 'Their cola' }] } })
    ).body.result.created[0].id;
    const theirPack = (
      await t.call('POST', '/api/packs', {
        ...other,
        body: {
          pack: { nombre: 'Their pack', precio: 1, articles: [{ idArticle: theirArticle, quantity: 1 }] },
        },
      })
    ).body.result as number;
    const update = await save({
      id: theirPack,
      nombre: 'Stolen',
      precio: 1,
      articles: [{ idArticle: art.Burger, quantity: 1 }],
    });
    expect(update.status).toBe(404);
    expect((await remove(theirPack)).status).toBe(404);
    expect(await packNamed('Their pack', other)).toBeDefined();
  });

  it('keeps what a pack uses: its articles and locations cannot be deleted', async () => {
    const bar = await newLocation('Pack-only bar');
    const created = await save({
      nombre: 'Cup pack',
      precio: 100,
      articles: [{ idArticle: art['Reusable cup'], quantity: 1 }],
      locationsAvailable: [bar],
    });
    expect(created.status).toBe(200);
    const article = await t.call('DELETE', `/api/articles/${art['Reusable cup']}`, admin);
    expect(article.status).toBe(409);
    expect(article.body.description).toContain('Cup pack');
    const location = await t.call('DELETE', `/api/locations/${bar}`, admin);
    expect(location.status).toBe(409);
  });
});

describe('permissions (pack)', () => {
  it('refuses ops@demo.test (articulos and menuUbicaciones but no pack) and a user lacking pack', async () => {
    const created = await save({
      nombre: 'Guarded pack',
      precio: 100,
      articles: [{ idArticle: art.Burger, quantity: 1 }],
    });
    const id = created.body.result as number;
    const ev = await t.activeEvent();
    await t.userWithPermissions(
      'no-packs@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.pack),
    );
    for (const email of ['ops@demo.test', 'no-packs@demo.test']) {
      const sess = await t.session(email);
      expect((await t.call('GET', '/api/packs', sess)).status, email).toBe(403);
      const post = await save(
        { id, nombre: 'Hijacked', precio: 1, articles: [{ idArticle: art.Burger, quantity: 1 }] },
        sess,
      );
      expect(post.status, email).toBe(403);
      expect((await remove(id, sess)).status, email).toBe(403);
    }
    expect(await packNamed('Guarded pack')).toBeDefined();
  });
});
