import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { ALL_PERMISSION_CODES, ERRORS, MAX_ROLES, PERMISSIONS } from '@pulsera/contracts';
import { and, eq, like } from 'drizzle-orm';
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
type Response = Awaited<ReturnType<TestApp['call']>>;
let t: TestApp;
let dir: string;
let admin: Session;
let other: Session;
let eventId: number;
let otherEventId: number;
let arena: number;
let backstage: number;
let friday: number;
let saturday: number;
let bar: number;
let kiosk: number;
let glass: number;
let beer: number;
let water: number;

const ok = (res: Response) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};
const fieldsOf = (res: Response) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return (res.body.fields as { path: string; message: string }[]).map((f) => `${f.path}: ${f.message}`);
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulsera-rols-'));
  t = await createTestApp({ dataDir: dir });
  admin = await t.session('admin@demo.test');
  other = await t.session('admin@demo.test', 'Sonora Festival 2027');
  eventId = (await t.activeEvent()).id;
  otherEventId = (await t.eventByName('Sonora Festival 2027')).id;
  const zone = async (name: string, sess = admin) =>
    ok(await t.call('POST', '/api/zones', { ...sess, body: { zone: { name, resetHour: '00:00:00' } } }));
  const range = async (name: string, sess = admin) =>
    ok(
      await t.call('POST', '/api/timeRange', {
        ...sess,
        body: { name, dateStart: '2026-07-10', dateEnd: '2026-07-12' },
      }),
    ).id;
  const location = async (nombre: string) =>
    ok(
      await t.call('POST', '/api/locations', {
        ...admin,
        body: { location: { nombre, actividades_nfc: ['C', 'T'] } },
      }),
    ).id;
  arena = await zone('Arena');
  backstage = await zone('Backstage');
  friday = await range('Friday');
  saturday = await range('Saturday');
  bar = await location('Main gate desk');
  kiosk = await location('Top-up kiosk');
  glass = ok(
    await t.call('POST', '/api/addon', {
      ...admin,
      body: { item: { name: 'Souvenir glass', description: 'A glass to keep' } },
    }),
  ).id;
  const articles = ok(await t.call('GET', '/api/articles', admin)).articles as {
    id: number;
    nombre: string;
  }[];
  beer = articles.find((a) => a.nombre === 'Beer 50cl')!.id;
  water = articles.find((a) => a.nombre === 'Water 50cl')!.id;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const save = (rol: Record<string, unknown>, sess: Session = admin) =>
  t.call('POST', '/api/rols', { ...sess, body: { rol } });
const load = async (sess: Session = admin) => ok(await t.call('GET', '/api/rols', sess));
const rolsOf = async (sess: Session = admin) => (await load(sess)).rols as any[];
const rolById = async (id: number, sess: Session = admin) => (await rolsOf(sess)).find((r) => r.id === id);
const remove = (id: number, sess: Session = admin) => t.call('DELETE', `/api/rols/${id}`, sess);
const create = async (rol: Record<string, unknown>, sess: Session = admin) =>
  ok(await save({ price: 0, ...rol }, sess)) as number;

describe('ticket roles: create, read, update, delete (02-catalogue §3, §4, §7)', () => {
  it('creates a rol with every tab, answers its id, and reads it back with the choices', async () => {
    const res = await save({
      name: ' VIP weekend ',
      price: 12_000,
      amountBonus: 500,
      category: ' Premium ',
      tagRequired: 0,
      locationsAvailable: [bar],
      idsTimeRange: [friday, saturday],
      rolesAccess: [
        { idZone: arena, idTimeRange: friday, nAccess: 2 },
        { idZone: backstage, idTimeRange: friday },
      ],
      idAddons: [glass],
      articles: [{ idArticle: beer, quantity: 2 }, { idArticle: water }],
    });
    const id = ok(res);
    expect(id).toEqual(expect.any(Number));
    const loaded = await load();
    const rol = loaded.rols.find((r: any) => r.id === id);
    expect(rol).toEqual({
      id,
      name: 'VIP weekend',
      price: 12_000,
      amountBonus: 500,
      category: 'Premium',
      locationsAvailable: [bar],
      preTopUpLocationsAvailable: null,
      dateUpdateImage: null,
      tagRequired: 0,
      articles: [
        { idArticle: beer, quantity: 2 },
        { idArticle: water, quantity: 1 },
      ],
      rolesAccess: [
        {
          id: expect.any(Number),
          idZone: arena,
          idRol: id,
          idEvent: eventId,
          idTimeRange: friday,
          nAccess: 2,
        },
        {
          id: expect.any(Number),
          idZone: backstage,
          idRol: id,
          idEvent: eventId,
          idTimeRange: friday,
          nAccess: -1,
        },
      ],
      idAddons: [glass],
      idsTimeRange: [friday, saturday],
      idImage: null,
      pictureFull: null,
      date_update: expect.any(String),
    });
    // The load result of §3: rols, articles, locations, timeRanges, zones, addons.
    expect(Object.keys(loaded).sort()).toEqual([
      'addons',
      'articles',
      'locations',
      'rols',
      'timeRanges',
      'zones',
    ]);
    expect(loaded.zones.map((z: any) => z.name)).toEqual(['Arena', 'Backstage']);
    expect(loaded.timeRanges.map((r: any) => r.name)).toEqual(['Friday', 'Saturday']);
    expect(loaded.locations.map((l: any) => l.name)).toEqual(['Main gate desk', 'Top-up kiosk']);
    expect(loaded.addons.map((a: any) => a.name)).toEqual(['Souvenir glass']);
    expect(loaded.articles.map((a: any) => a.name)).toContain('Beer 50cl');
    // Another event does not see it.
    expect((await rolsOf(other)).some((r) => r.id === id)).toBe(false);
  });

  it('applies the defaults: tag required, no bonus, every location, empty lists', async () => {
    const id = await create({ name: 'General' });
    expect(await rolById(id)).toMatchObject({
      price: 0,
      amountBonus: 0,
      category: null,
      tagRequired: 1,
      locationsAvailable: null,
      preTopUpLocationsAvailable: null,
      articles: [],
      rolesAccess: [],
      idAddons: [],
      idsTimeRange: [],
    });
  });

  it('updates a rol, replacing its lists, then deletes it', async () => {
    const id = await create({
      name: 'Day pass',
      idsTimeRange: [friday],
      rolesAccess: [{ idZone: arena, idTimeRange: friday }],
      idAddons: [glass],
    });
    ok(
      await save({
        id,
        name: 'Day pass Saturday',
        price: 4_500,
        category: 'Day',
        locationsAvailable: null,
        preTopUpLocationsAvailable: [kiosk, bar],
        idsTimeRange: [saturday],
        rolesAccess: [{ idZone: backstage, idTimeRange: saturday, nAccess: 1 }],
        articles: [{ idArticle: water, quantity: 3 }],
      }),
    );
    expect(await rolById(id)).toMatchObject({
      name: 'Day pass Saturday',
      price: 4_500,
      category: 'Day',
      locationsAvailable: null,
      preTopUpLocationsAvailable: [kiosk, bar],
      idsTimeRange: [saturday],
      rolesAccess: [{ idZone: backstage, idTimeRange: saturday, nAccess: 1 }],
      idAddons: [],
      articles: [{ idArticle: water, quantity: 3 }],
    });
    // A blank category is none.
    ok(await save({ id, name: 'Day pass Saturday', price: 4_500, category: '  ' }));
    expect((await rolById(id)).category).toBeNull();
    expect(await remove(id).then((r) => r.body)).toEqual({ error: 0, result: true });
    expect(await rolById(id)).toBeUndefined();
    expect((await remove(id)).status).toBe(404);
    expect((await save({ id, name: 'Gone', price: 0 })).status).toBe(404);
  });

  it('keeps each event to its own rols', async () => {
    const theirs = await create({ name: 'Their VIP' }, other);
    expect((await save({ id: theirs, name: 'Hijacked', price: 0 })).status).toBe(404);
    expect((await remove(theirs)).status).toBe(404);
    expect((await rolById(theirs, other)).name).toBe('Their VIP');
    // The same name is fine in another event, not twice in one (ignoring case).
    await create({ name: 'Their VIP' });
    const twice = await save({ name: 'their vip', price: 0 });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(ERRORS.duplicateName.code);
  });
});

describe('ticket roles: what the server refuses (02-catalogue §5, §8)', () => {
  it('refuses a missing or too long name and a missing or negative price, writing nothing', async () => {
    const before = await rolsOf();
    expect(fieldsOf(await save({ name: '  ' }))).toEqual([
      'rol.name: validation.required',
      'rol.price: validation.required',
    ]);
    expect(fieldsOf(await save({ price: 100 }))).toEqual(['rol.name: validation.required']);
    expect(fieldsOf(await save({ name: 'x'.repeat(151), price: -1, amountBonus: -5 }))).toEqual([
      'rol.name: validation.maxLength|{"maxLength":150}',
      'rol.price: validation.min|{"min":0}',
      'rol.amountBonus: validation.min|{"min":0}',
    ]);
    expect(await rolsOf()).toEqual(before);
  });

  it('refuses a repeated time range, access pair, add-on or article (configAlreadyInserted)', async () => {
    const id = await create({ name: 'Repeats', idsTimeRange: [friday] });
    const before = await rolById(id);
    const res = await save({
      id,
      name: 'Repeats',
      price: 0,
      idsTimeRange: [friday, saturday, friday],
      rolesAccess: [
        { idZone: arena, idTimeRange: friday, nAccess: 1 },
        { idZone: arena, idTimeRange: saturday },
        { idZone: arena, idTimeRange: friday, nAccess: 5 },
      ],
      idAddons: [glass, glass],
      articles: [{ idArticle: beer }, { idArticle: beer, quantity: 2 }],
    });
    expect(fieldsOf(res)).toEqual([
      'rol.idsTimeRange.2: validation.configAlreadyInserted',
      'rol.rolesAccess.2: validation.configAlreadyInserted',
      'rol.idAddons.1: validation.configAlreadyInserted',
      'rol.articles.1.idArticle: validation.configAlreadyInserted',
    ]);
    expect(await rolById(id)).toEqual(before);
  });

  it('refuses an access count of 0, a quantity below 1 and an empty location list', async () => {
    expect(
      fieldsOf(
        await save({
          name: 'Odd',
          price: 0,
          rolesAccess: [{ idZone: arena, idTimeRange: friday, nAccess: 0 }],
          articles: [{ idArticle: beer, quantity: 0 }],
          locationsAvailable: [],
          preTopUpLocationsAvailable: [],
        }),
      ),
    ).toEqual([
      'rol.locationsAvailable: validation.chooseSomeOrAll',
      'rol.preTopUpLocationsAvailable: validation.chooseSomeOrAll',
      'rol.articles.0.quantity: validation.min|{"min":1}',
      'rol.rolesAccess.0.nAccess: validation.nAccess',
    ]);
  });

  it('refuses zones, time ranges, locations, add-ons and articles of another event', async () => {
    const theirZone = ok(
      await t.call('POST', '/api/zones', {
        ...other,
        body: { zone: { name: 'Far', resetHour: '00:00:00' } },
      }),
    );
    const theirRange = ok(
      await t.call('POST', '/api/timeRange', {
        ...other,
        body: { name: 'Far Friday', dateStart: '2027-07-10', dateEnd: '2027-07-12' },
      }),
    ).id;
    expect(
      fieldsOf(
        await save({
          name: 'Stranger',
          price: 0,
          locationsAvailable: [999_999],
          idsTimeRange: [theirRange],
          rolesAccess: [{ idZone: theirZone, idTimeRange: friday }],
          idAddons: [999_998],
          articles: [{ idArticle: 999_997 }],
        }),
      ),
    ).toEqual([
      'rol.locationsAvailable: validation.unknownLocations',
      'rol.idsTimeRange.0: validation.timeRangeNotInEvent',
      'rol.rolesAccess.0.idZone: validation.zoneNotInEvent',
      'rol.idAddons.0: validation.addonNotInEvent',
      'rol.articles.0.idArticle: validation.articleNotInEvent',
    ]);
    expect((await rolsOf()).some((r) => r.name === 'Stranger')).toBe(false);
  });

  it(`allows at most ${MAX_ROLES} rols per event; New is refused on the server too`, async () => {
    // Fill the other event up to one below the limit directly, then through the API.
    const have = (await rolsOf(other)).length;
    await t.database.db.insert(s.rols).values(
      Array.from({ length: MAX_ROLES - 1 - have }, (_, i) => ({
        eventId: otherEventId,
        name: `Bulk ${i}`,
      })),
    );
    const last = await create({ name: `Number ${MAX_ROLES}` }, other);
    expect((await rolsOf(other)).length).toBe(MAX_ROLES);
    const refused = await save({ name: 'One too many', price: 0 }, other);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(ERRORS.rolLimit.code);
    expect(refused.body.description).toBe(`An event can have at most ${MAX_ROLES} ticket roles`);
    expect((await rolsOf(other)).length).toBe(MAX_ROLES);
    // Updating is still possible at the limit, and the active event keeps its own count.
    ok(await save({ id: last, name: 'Renamed at the limit', price: 100 }, other));
    await create({ name: 'Still room here' });
    ok(await remove(last, other));
    await create({ name: 'Back to the limit' }, other);
    await t.database.db
      .delete(s.rols)
      .where(and(eq(s.rols.eventId, otherEventId), like(s.rols.name, 'Bulk %')));
  });
});

describe('deleting a rol still referenced', () => {
  it('is refused while a wristband holds it, a ticket is of it, or an article bans it', async () => {
    const id = await create({ name: 'Referenced', idsTimeRange: [friday] });
    const db = t.database.db;
    const [band] = await db
      .insert(s.wristbands)
      .values({ eventId, nSerie: 'ROLTEST0001', roleId: id })
      .returning();
    let res = await remove(id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERRORS.rolUsedByWristbands.code);
    expect(res.body.description).toBe('This ticket role cannot be deleted: 1 wristbands hold it');
    await db.update(s.wristbands).set({ roleId: null }).where(eq(s.wristbands.id, band!.id));

    const [ticket] = await db
      .insert(s.tickets)
      .values({ eventId, code: 'ROLTEST-T1', roleId: id })
      .returning();
    res = await t.call('DELETE', `/api/rols/${id}`, { ...admin, lang: 'es' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERRORS.rolUsedByTickets.code);
    expect(res.body.description).toBe(
      'Este rol de entrada no se puede eliminar: 1 entradas son de este tipo',
    );
    await db.delete(s.tickets).where(eq(s.tickets.id, ticket!.id));

    ok(
      await t.call('POST', '/api/articles/event', {
        ...admin,
        body: { articleEvent: { id: water, nombre: 'Water 50cl', bannedRols: [id] } },
      }),
    );
    res = await remove(id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERRORS.rolBannedByArticles.code);
    expect(res.body.description).toBe('This ticket role cannot be deleted: the articles Water 50cl ban it');
    ok(
      await t.call('POST', '/api/articles/event', {
        ...admin,
        body: { articleEvent: { id: water, nombre: 'Water 50cl', bannedRols: [] } },
      }),
    );

    expect((await rolById(id)).idsTimeRange).toEqual([friday]);
    ok(await remove(id));
  });

  it('keeps the zones, time ranges, locations and add-ons a rol names from being deleted', async () => {
    const zone = ok(
      await t.call('POST', '/api/zones', {
        ...admin,
        body: { zone: { name: 'Pit', resetHour: '00:00:00' } },
      }),
    );
    const range = ok(
      await t.call('POST', '/api/timeRange', {
        ...admin,
        body: { name: 'Sunday', dateStart: '2026-07-12', dateEnd: '2026-07-12' },
      }),
    ).id;
    const id = await create({
      name: 'Pit pass',
      idsTimeRange: [range],
      rolesAccess: [{ idZone: zone, idTimeRange: range }],
    });
    const zoneRow = (await t.database.db.select().from(s.zones).where(eq(s.zones.id, zone)))[0]!;
    expect((await t.call('DELETE', `/api/zones/${zoneRow.idUnique}`, admin)).status).toBe(409);
    expect((await t.call('DELETE', `/api/timeRange/${range}`, admin)).status).toBe(409);
    ok(await remove(id));
    ok(await t.call('DELETE', `/api/timeRange/${range}`, admin));
  });
});

describe("articles' banned ticket roles (Sales restrictions)", () => {
  it('offers the event’s rols and refuses ids that are not rols of the event', async () => {
    const mine = await create({ name: 'Minors' });
    const theirs = await create({ name: 'Their minors' }, other);
    const articles = ok(await t.call('GET', '/api/articles', admin));
    expect(articles.rols).toContainEqual({ id: mine, name: 'Minors' });
    expect(articles.rols.some((r: { id: number }) => r.id === theirs)).toBe(false);
    const saveBeer = (bannedRols: number[]) =>
      t.call('POST', '/api/articles/event', {
        ...admin,
        body: { articleEvent: { id: beer, nombre: 'Beer 50cl', bannedRols } },
      });
    expect(fieldsOf(await saveBeer([mine, theirs]))).toEqual([
      'articleEvent.bannedRols: validation.rolNotInEvent',
    ]);
    expect(fieldsOf(await saveBeer([424_242]))).toEqual([
      'articleEvent.bannedRols: validation.rolNotInEvent',
    ]);
    expect(ok(await saveBeer([mine])).bannedRols).toEqual([mine]);
    ok(await saveBeer([]));
  });
});

describe('the rol image (500 × 140, PUT /rols/image)', () => {
  async function upload(width: number, height: number) {
    const u = ok(
      await t.call('POST', '/api/upload-image', {
        ...admin,
        body: { folder: 'rols', mimeType: 'image/png' },
      }),
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: u.uploadUrl,
      payload: png(width, height),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode).toBe(200);
    return u as { key: string; url: string };
  }
  const stored = (key: string) => existsSync(path.join(dir, 'uploads', key));

  it('attaches (a save of the rol), refuses another size, removes, and goes with the rol', async () => {
    const id = await create({ name: 'Backstage crew' });
    const first = await upload(500, 140);
    const image = ok(
      await t.call('PUT', '/api/rols/image', {
        ...admin,
        body: { rolId: id, key: first.key, imageObject: { url: first.url, width: 500, height: 140 } },
      }),
    );
    expect(image).toMatchObject({ url: first.url, width: 500, height: 140 });
    const saved = await rolById(id);
    expect(saved).toMatchObject({ idImage: image.id, pictureFull: { id: image.id, url: first.url } });
    expect(saved.dateUpdateImage).toEqual(expect.any(String));

    const wrong = await upload(200, 200);
    const refused = await t.call('PUT', '/api/rols/image', { ...admin, body: { rolId: id, key: wrong.key } });
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe('The image must be 500×140 pixels; this one is 200×200');

    ok(await t.call('PUT', '/api/rols/image/delete', { ...admin, body: { rolId: id, delete: 1 } }));
    expect(await rolById(id)).toMatchObject({ idImage: null, pictureFull: null });
    expect(stored(first.key)).toBe(false);

    const second = await upload(500, 140);
    ok(await t.call('PUT', '/api/rols/image', { ...admin, body: { rolId: id, key: second.key } }));
    ok(await remove(id));
    expect(stored(second.key)).toBe(false);

    const theirs = await create({ name: 'Their crew' }, other);
    const third = await upload(500, 140);
    expect(
      (await t.call('PUT', '/api/rols/image', { ...admin, body: { rolId: theirs, key: third.key } })).status,
    ).toBe(404);
  });
});

describe('duplicating the event copies its rols', () => {
  it('copies rols with the lists whose targets were copied, and remaps the banned roles', async () => {
    const src = await t.activeEvent();
    const vip = await create({
      name: 'Copied VIP',
      locationsAvailable: [bar],
      idsTimeRange: [friday],
      rolesAccess: [{ idZone: arena, idTimeRange: friday, nAccess: 3 }],
      idAddons: [glass],
      articles: [{ idArticle: beer, quantity: 1 }],
    });
    ok(
      await t.call('POST', '/api/articles/event', {
        ...admin,
        body: { articleEvent: { id: beer, nombre: 'Beer 50cl', bannedRols: [vip] } },
      }),
    );
    const request = (name: string, all: boolean) => ({
      newEventName: name,
      f_inicio: '2027-07-01T14:00:00.000Z',
      f_fin: '2027-07-05T04:00:00.000Z',
      duplicateStaff: false,
      duplicateTimeRanges: all,
      duplicateLocations: all,
      duplicateArticles: all,
      duplicateArticlesLocations: false,
      duplicateExchangeSettings: false,
      moneda: src.currencyId,
      localCurrency: src.localCurrencyId,
      localCurrencyRate: 2,
    });
    const db = t.database.db;
    const copyOf = async (name: string, all: boolean) => {
      const id = ok(await t.call('POST', '/api/duplicateEvent', { ...admin, body: request(name, all) }))
        .id as number;
      const [rol] = await db
        .select()
        .from(s.rols)
        .where(eq(s.rols.eventId, id))
        .then((r) => r.filter((x) => x.name === 'Copied VIP'));
      return { id, rol: rol! };
    };

    const full = await copyOf('Sonora full copy', true);
    const [range] = await db
      .select()
      .from(s.timeRanges)
      .where(eq(s.timeRanges.eventId, full.id))
      .then((r) => r.filter((x) => x.name === 'Friday'));
    const [zone] = await db
      .select()
      .from(s.zones)
      .where(eq(s.zones.eventId, full.id))
      .then((r) => r.filter((x) => x.name === 'Arena'));
    const [article] = await db
      .select()
      .from(s.articles)
      .where(eq(s.articles.eventId, full.id))
      .then((r) => r.filter((x) => x.name === 'Beer 50cl'));
    expect(await db.select().from(s.rolAccess).where(eq(s.rolAccess.rolId, full.rol.id))).toMatchObject([
      { zoneId: zone!.id, timeRangeId: range!.id, nAccess: 3 },
    ]);
    expect(
      (await db.select().from(s.rolTimeRanges).where(eq(s.rolTimeRanges.rolId, full.rol.id))).map(
        (r) => r.timeRangeId,
      ),
    ).toEqual([range!.id]);
    expect(
      (await db.select().from(s.rolArticles).where(eq(s.rolArticles.rolId, full.rol.id))).map(
        (r) => r.articleId,
      ),
    ).toEqual([article!.id]);
    expect(article!.bannedRoleIds).toEqual([full.rol.id]);
    expect(full.rol.allLocations).toBe(0);
    expect(await db.select().from(s.rolLocations).where(eq(s.rolLocations.rolId, full.rol.id))).toHaveLength(
      1,
    );

    // Without the venue, time ranges and articles, the rol keeps only what was copied: it grants less.
    const bare = await copyOf('Sonora bare copy', false);
    expect(bare.rol).toMatchObject({ price: 0, allLocations: 0 });
    expect(await db.select().from(s.rolAccess).where(eq(s.rolAccess.rolId, bare.rol.id))).toEqual([]);
    expect(await db.select().from(s.rolLocations).where(eq(s.rolLocations.rolId, bare.rol.id))).toEqual([]);
    expect((await db.select().from(s.rolAddons).where(eq(s.rolAddons.rolId, bare.rol.id))).length).toBe(1);
    ok(
      await t.call('POST', '/api/articles/event', {
        ...admin,
        body: { articleEvent: { id: beer, nombre: 'Beer 50cl', bannedRols: [] } },
      }),
    );
  });
});

describe('time range names (the keyed messages fix)', () => {
  it('says a too long name is too long and a blank one is required', async () => {
    const post = (name: unknown) =>
      t.call('POST', '/api/timeRange', {
        ...admin,
        body: { name, dateStart: '2026-07-10', dateEnd: '2026-07-12' },
      });
    expect(fieldsOf(await post('x'.repeat(151)))).toEqual(['name: validation.maxLength|{"maxLength":150}']);
    expect(fieldsOf(await post('   '))).toEqual(['name: validation.required']);
    expect(fieldsOf(await post(undefined))).toEqual(['name: validation.required']);
    const res = await post('y'.repeat(151));
    expect(res.body.fields[0].text).toBe('Maximum 150 characters');
  });
});

describe('permissions (roles 14)', () => {
  it('refuses every call to a user without the roles permission; one holding only it gets through', async () => {
    const id = await create({ name: 'Guarded' });
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/rols'],
      ['POST', '/api/rols', { rol: { name: 'Nope', price: 0 } }],
      ['DELETE', `/api/rols/${id}`],
      ['PUT', '/api/rols/image', { rolId: id, key: 'rols/00000000000000000000000000000000.png' }],
      ['PUT', '/api/rols/image/delete', { rolId: id, delete: 1 }],
    ];
    await t.userWithPermissions(
      'no-rols@demo.test',
      eventId,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.roles),
    );
    const lacking = await t.session('no-rols@demo.test');
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { ...lacking, body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect(await rolById(id)).toBeDefined();

    await t.userWithPermissions('only-rols@demo.test', eventId, [PERMISSIONS.roles]);
    const holder = await t.session('only-rols@demo.test');
    expect((await rolsOf(holder)).some((r) => r.id === id)).toBe(true);
    const mine = ok(await save({ name: 'By the holder', price: 100 }, holder));
    ok(await remove(mine, holder));
    // Without a selected event the call is refused as well.
    const noEvent = await t.call('GET', '/api/rols', { token: admin.token });
    expect(noEvent.status).not.toBe(200);
  });
});
