import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { appParams, articles, locationArticleSticks, locationArticles } from '../../../core/db/schema';

type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let other: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  other = await t.session('admin@demo.test', 'Sonora Festival 2027');
});
afterAll(() => t.close());

const create = (location: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/locations', { ...s, body: { location } });
const update = (location: Record<string, unknown>, s: Session = admin) =>
  t.call('PUT', '/api/locations', { ...s, body: { location } });
const load = async (s: Session = admin) => (await t.call('GET', '/api/locations', s)).body.result;
const fieldsOf = (res: { body: { fields: { path: string; message: string }[] } }) =>
  res.body.fields.map((f) => `${f.path}: ${f.message}`);

async function makeGate(name: string, s: Session = admin) {
  const zone = await t.call('POST', '/api/zones', {
    ...s,
    body: { zone: { name: `${name} zone`, resetHour: '00:00:00' } },
  });
  const gate = await t.call('POST', '/api/gates', {
    ...s,
    body: { gate: { name, idZoneTo: zone.body.result } },
  });
  return gate.body.result.id as number;
}

describe('locations (02-catalogue §3, §4, §5, §7)', () => {
  it('creates a location with every field and lists it with its gate', async () => {
    const gate = await makeGate('Main gate');
    const res = await create({
      nombre: ' Main bar ',
      interna: 'S',
      actividades_nfc: ['C', 'V', 'V'],
      category: 'B',
      additionalType: ['S'],
      f_inactivo: '2026-07-20T22:00:00.000Z',
      idGate: gate,
      prefix: 'MB',
      externalAnalyticsId: 'GA-123',
    });
    expect(res.status).toBe(200);
    const ev = await t.activeEvent();
    expect(res.body.result).toEqual({
      id: expect.any(Number),
      id_unico_evento: 1,
      id_evento: ev.id,
      nombre: 'Main bar',
      interna: 'S',
      isIntern: true,
      numArticles: 0,
      numCompounds: 0,
      actividades_nfc: ['V', 'C'],
      category: 'B',
      additionalType: ['S'],
      f_inactivo: '2026-07-20T22:00:00.000Z',
      idGate: gate,
      gate: 'Main gate',
      prefix: 'MB',
      externalAnalyticsId: 'GA-123',
      pictureReceiptLogo: null,
      create_time: expect.any(String),
      update_time: expect.any(String),
    });
    const result = await load();
    expect(result.locations).toEqual([res.body.result]);
    expect(result.gates).toEqual([{ id: gate, name: 'Main gate', active: 1 }]);
  });

  it('creates with the defaults: not internal, no activities, any gate', async () => {
    const res = await create({ nombre: 'Top-up booth' });
    expect(res.body.result).toMatchObject({
      id_unico_evento: 2,
      interna: 'N',
      isIntern: false,
      actividades_nfc: [],
      category: null,
      additionalType: [],
      f_inactivo: null,
      idGate: null,
      gate: null,
      prefix: null,
      externalAnalyticsId: null,
    });
  });

  it('updates with PUT, replacing the item (fields left out are emptied), and deletes', async () => {
    const loc = (await create({ nombre: 'Shop', category: 'S', prefix: 'SH', externalAnalyticsId: 'X' })).body
      .result;
    const res = await update({ id: loc.id, nombre: 'Merch shop', actividades_nfc: ['V', 'K'], interna: 'S' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      id: loc.id,
      id_unico_evento: loc.id_unico_evento,
      nombre: 'Merch shop',
      actividades_nfc: ['V', 'K'],
      isIntern: true,
      category: null,
      prefix: null,
      externalAnalyticsId: null,
    });
    expect((await update({ nombre: 'No id' })).status).toBe(400);
    expect((await t.call('DELETE', `/api/locations/${loc.id}`, admin)).body.result).toBe(true);
    expect((await load()).locations.some((l: { id: number }) => l.id === loc.id)).toBe(false);
    expect((await t.call('DELETE', `/api/locations/${loc.id}`, admin)).status).toBe(404);
    expect((await update({ id: loc.id, nombre: 'Gone' })).status).toBe(404);
  });

  it('validates the name, the codes, the prefix length and the inactive date', async () => {
    const before = (await load()).locations.length;
    expect(fieldsOf(await create({ nombre: '' }))).toEqual(['location.nombre: validation.required']);
    expect(fieldsOf(await create({ nombre: 'P', prefix: 'TOOLONG' }))).toEqual([
      'location.prefix: validation.maxLength|{"maxLength":5}',
    ]);
    expect(fieldsOf(await create({ nombre: 'A', actividades_nfc: ['Z'] }))).toEqual([
      'location.actividades_nfc.0: validation.oneOf|{"values":"V, C, I, K, P, A, T"}',
    ]);
    expect(fieldsOf(await create({ nombre: 'C', category: 'X' }))).toEqual([
      'location.category: validation.oneOf|{"values":"B, R, S"}',
    ]);
    expect(fieldsOf(await create({ nombre: 'I', interna: 'Y' }))).toEqual([
      'location.interna: validation.oneOf|{"values":"S, N"}',
    ]);
    expect(fieldsOf(await create({ nombre: 'D', f_inactivo: 'tomorrow' }))).toEqual([
      'location.f_inactivo: validation.invalid',
    ]);
    expect((await load()).locations.length).toBe(before);
  });

  it('keeps prefixes unique within the event, ignoring case, and only checks a changed prefix', async () => {
    const bar = (await create({ nombre: 'Beach bar', prefix: 'BEACH' })).body.result;
    const dup = await t.call('POST', '/api/locations', {
      ...admin,
      lang: 'es',
      body: { location: { nombre: 'Beach bar 2', prefix: 'beach' } },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.fields).toEqual([
      {
        path: 'location.prefix',
        message: 'validation.prefixInUse',
        text: 'Este prefijo de ubicación ya se usa en el evento',
      },
    ]);
    const dupEn = await create({ nombre: 'Beach bar 2', prefix: 'Beach' });
    expect(dupEn.body.fields[0].text).toBe('This location prefix is already in use in the event');
    expect((await load()).locations.some((l: { nombre: string }) => l.nombre === 'Beach bar 2')).toBe(false);

    // Saving the same location with its own prefix (even in another case) is no repeat.
    expect((await update({ id: bar.id, nombre: 'Beach bar', prefix: 'Beach' })).body.result.prefix).toBe(
      'Beach',
    );
    // Another location taking it is.
    const pool = (await create({ nombre: 'Pool bar', prefix: 'POOL' })).body.result;
    const taken = await update({ id: pool.id, nombre: 'Pool bar', prefix: 'BEACH' });
    expect(fieldsOf(taken)).toEqual(['location.prefix: validation.prefixInUse']);
    expect((await load()).locations.find((l: { id: number }) => l.id === pool.id).prefix).toBe('POOL');
    // Another event may use it.
    expect((await create({ nombre: 'Beach bar', prefix: 'BEACH' }, other)).status).toBe(200);
    // Once freed, it can be taken.
    await update({ id: bar.id, nombre: 'Beach bar' });
    expect((await update({ id: pool.id, nombre: 'Pool bar', prefix: 'beach' })).body.result.prefix).toBe(
      'beach',
    );
  });

  it('refuses to delete a location a gate belongs to or a kitchen uses (409)', async () => {
    const desk = (await create({ nombre: 'Access desk' })).body.result;
    const zone = await t.call('POST', '/api/zones', {
      ...admin,
      body: { zone: { name: 'Desk zone', resetHour: '00:00:00' } },
    });
    const gate = await t.call('POST', '/api/gates', {
      ...admin,
      body: { gate: { name: 'Desk gate', idZoneTo: zone.body.result, idLocation: desk.id } },
    });
    const byGate = await t.call('DELETE', `/api/locations/${desk.id}`, admin);
    expect(byGate.status).toBe(409);
    expect(byGate.body).toEqual({
      error: 1300,
      description: 'This location cannot be deleted: a gate belongs to it',
    });

    const grill = (await create({ nombre: 'Grill', actividades_nfc: ['V'] })).body.result;
    await t.call('POST', '/api/kitchens', {
      ...admin,
      body: { kitchen: { name: 'Grill kitchen', idLocation: grill.id } },
    });
    const byKitchen = await t.call('DELETE', `/api/locations/${grill.id}`, admin);
    expect(byKitchen.status).toBe(409);
    expect(byKitchen.body).toEqual({
      error: 1301,
      description: 'This location cannot be deleted: a kitchen uses it',
    });
    const ids = (await load()).locations.map((l: { id: number }) => l.id);
    expect(ids).toEqual(expect.arrayContaining([desk.id, grill.id]));
    await t.call('DELETE', `/api/gates/${gate.body.result.id}`, admin);
    expect((await t.call('DELETE', `/api/locations/${desk.id}`, admin)).body.result).toBe(true);
  });

  it('refuses to delete a location staff chose, a parameter excepts or whose menu has articles (409, naming them)', async () => {
    const ev = await t.activeEvent();
    const stage = (await create({ nombre: 'Stage bar', actividades_nfc: ['V'] })).body.result;
    const remove = (lang?: string) => t.call('DELETE', `/api/locations/${stage.id}`, { ...admin, lang });
    const still = async () => (await load()).locations.some((l: { id: number }) => l.id === stage.id);

    // Staff who chose it (staff on all locations do not hold it).
    const hire = (user: string, name: string, idsLocation?: number[]) =>
      t.call('POST', '/api/staff', { ...admin, body: { staff: { user, name, trusts: 'C', idsLocation } } });
    const bo = (await hire('stage.bo', 'Bo Stage', [stage.id])).body.result;
    const ana = (await hire('stage.ana', 'Ana Stage', [stage.id])).body.result;
    await hire('stage.all', 'Everywhere Eve');
    const byStaff = await remove();
    expect(byStaff.status).toBe(409);
    expect(byStaff.body).toEqual({
      error: 1306,
      description: 'This location cannot be deleted: the staff Ana Stage, Bo Stage work there',
    });
    expect((await remove('es')).body.description).toBe(
      'No se puede eliminar esta ubicación: trabaja en ella el personal Ana Stage, Bo Stage',
    );
    for (const s of [ana, bo]) {
      await t.call('POST', '/api/staff', {
        ...admin,
        body: { staff: { id: s.id, user: s.user, name: s.name, trusts: 'C' } },
      });
    }

    // An event parameter with an exception for it.
    const [pm] = await t.database.db.select().from(appParams);
    const exceptions = (list: { idLocation: number; idDevice: null; value: string }[]) =>
      t.call('POST', '/api/event/params', {
        ...admin,
        body: { appParam: { id: pm!.id, value: null, exceptions: list } },
      });
    expect((await exceptions([{ idLocation: stage.id, idDevice: null, value: 'x' }])).status).toBe(200);
    const byParam = await remove();
    expect(byParam.status).toBe(409);
    expect(byParam.body).toEqual({
      error: 1307,
      description: `This location cannot be deleted: the parameters ${pm!.name} have an exception for it`,
    });
    expect((await exceptions([])).status).toBe(200);

    // Its menu.
    const [beer, water] = await t.database.db
      .select()
      .from(articles)
      .where(eq(articles.eventId, ev.id))
      .orderBy(articles.id)
      .limit(2);
    await t.database.db.insert(locationArticles).values(
      [beer!, water!].map((a, i) => ({
        eventId: ev.id,
        locationId: stage.id,
        articleId: a.id,
        sortOrder: i + 1,
      })),
    );
    const byMenu = await remove();
    expect(byMenu.status).toBe(409);
    expect(byMenu.body).toEqual({
      error: 1308,
      description: 'This location cannot be deleted: its menu has 2 articles; empty the menu first',
    });
    expect(await still()).toBe(true);

    // With the menu emptied, it goes.
    await t.database.db.delete(locationArticles).where(eq(locationArticles.locationId, stage.id));
    expect((await remove()).body).toEqual({ error: 0, result: true });
    expect(await still()).toBe(false);
  });

  it('names what still uses a location when a foreign key refuses the delete (fees, refund rules)', async () => {
    const north = (await create({ nombre: 'Fee top-up', actividades_nfc: ['C'] })).body.result;
    const fee = await t.call('POST', '/api/fees', {
      ...admin,
      body: {
        fee: {
          name: 'Card fee',
          fee: 50,
          nRechargeIni: 1,
          nRechargeEnd: 3,
          minRecharge: 100,
          maxRecharge: 50000,
          dateStart: '2026-07-10T10:00:00.000Z',
          dateEnd: '2026-07-12T22:00:00.000Z',
          idLocations: [north.id],
        },
      },
    });
    expect(fee.status, JSON.stringify(fee.body)).toBe(200);
    const byFee = await t.call('DELETE', `/api/locations/${north.id}`, admin);
    expect(byFee.status).toBe(409);
    expect(byFee.body).toEqual({ error: 1011, description: 'It cannot be deleted: fees still use it' });
    const inItalian = await t.call('DELETE', `/api/locations/${north.id}`, { ...admin, lang: 'it' });
    expect(inItalian.body.description).toBe('Impossibile eliminare: è ancora usato da commissioni');
    expect((await t.call('DELETE', `/api/fees/${fee.body.result.id}`, admin)).status).toBe(200);

    const refund = await t.call('POST', '/api/refunds', {
      ...admin,
      body: {
        refund: {
          name: 'Last night',
          dateStart: '2026-07-12',
          dateEnd: '2026-07-13',
          timeStart: '20:00:00',
          timeEnd: '23:00:00',
          minAmount: 0,
          idLocation: [north.id],
          idDevice: [],
        },
      },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const byRefund = await t.call('DELETE', `/api/locations/${north.id}`, { ...admin, lang: 'fr' });
    expect(byRefund.status).toBe(409);
    expect(byRefund.body).toEqual({
      error: 1011,
      description: 'Impossible de supprimer : encore utilisé par des règles de remboursement',
    });
    expect((await load()).locations.some((l: { id: number }) => l.id === north.id)).toBe(true);
  });

  it('counts the articles of the location’s menu and its compound (stick) articles', async () => {
    const ev = await t.activeEvent();
    const loc = (await create({ nombre: 'Menu bar', actividades_nfc: ['V'] })).body.result;
    const [beer, water, cup] = await t.database.db
      .select()
      .from(articles)
      .where(eq(articles.eventId, ev.id))
      .orderBy(articles.id)
      .limit(3);
    await t.database.db.insert(locationArticles).values(
      [beer!, water!, cup!].map((a, i) => ({
        eventId: ev.id,
        locationId: loc.id,
        articleId: a.id,
        sortOrder: i + 1,
      })),
    );
    await t.database.db.insert(locationArticleSticks).values([
      { eventId: ev.id, locationId: loc.id, articleId: beer!.id, stickArticleId: cup!.id },
      { eventId: ev.id, locationId: loc.id, articleId: beer!.id, stickArticleId: water!.id },
    ]);
    const listed = (await load()).locations.find((l: { id: number }) => l.id === loc.id);
    expect(listed).toMatchObject({ numArticles: 3, numCompounds: 1 });
    const saved = await update({ id: loc.id, nombre: 'Menu bar', actividades_nfc: ['V', 'I'] });
    expect(saved.body.result).toMatchObject({ numArticles: 3, numCompounds: 1 });
  });

  it('keeps locations to their event: another event’s location or gate is 404', async () => {
    const theirs = (await load(other)).locations[0];
    expect((await load()).locations.some((l: { id: number }) => l.id === theirs.id)).toBe(false);
    expect((await update({ id: theirs.id, nombre: 'Hijack' })).status).toBe(404);
    expect((await t.call('DELETE', `/api/locations/${theirs.id}`, admin)).status).toBe(404);
    const foreignGate = await makeGate('Their gate', other);
    expect((await create({ nombre: 'Wrong gate', idGate: foreignGate })).status).toBe(404);
    expect((await load(other)).locations[0].nombre).toBe('Beach bar');
  });

  it('needs the locations permission', async () => {
    const ev = await t.activeEvent();
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/locations', ops)).status).toBe(200);
    expect((await create({ nombre: 'Ops bar' }, ops)).status).toBe(200);
    await t.userWithPermissions(
      'no-locations@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.locations),
    );
    const s = await t.session('no-locations@demo.test');
    const loc = (await load()).locations[0];
    expect((await t.call('GET', '/api/locations', s)).status).toBe(403);
    expect((await create({ nombre: 'Sneaky' }, s)).status).toBe(403);
    expect((await update({ id: loc.id, nombre: 'Sneaky' }, s)).status).toBe(403);
    expect((await t.call('DELETE', `/api/locations/${loc.id}`, s)).status).toBe(403);
    const names = (await load()).locations.map((l: { nombre: string }) => l.nombre);
    expect(names).not.toContain('Sneaky');
    expect(names).toContain(loc.nombre);
  });
});
