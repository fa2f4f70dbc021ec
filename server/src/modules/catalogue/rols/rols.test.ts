import { ALL_PERMISSION_CODES, ERRORS, MAX_ROLES, PERMISSIONS } from '@pulsera/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../core/db/schema';
import {
  admin,
  arena,
  backstage,
  bar,
  beer,
  closeRols,
  create,
  eventId,
  fieldsOf,
  friday,
  glass,
  kiosk,
  load,
  ok,
  openRols,
  other,
  otherEventId,
  remove,
  rolById,
  rolsOf,
  saturday,
  save,
  t,
  water,
} from './rols.fixture';

/**
 * Ticket roles (02-catalogue §3–§8): create, read, update and delete, what the server refuses, the
 * time ranges' keyed messages and the roles permission, on the set-up of rols.fixture.ts.
 */

beforeAll(openRols);
afterAll(closeRols);

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
