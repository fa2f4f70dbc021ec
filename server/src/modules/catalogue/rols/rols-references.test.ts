import { ERRORS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../core/db/schema';
import {
  admin,
  arena,
  bar,
  beer,
  closeRols,
  create,
  eventId,
  fieldsOf,
  friday,
  glass,
  ok,
  openRols,
  other,
  remove,
  rolById,
  t,
  water,
} from './rols.fixture';

/**
 * What refers to a ticket role: the wristbands, tickets and articles that keep it from being
 * deleted (and the venue rows it keeps), the articles' banned roles, and the copy of the rols when
 * the event is duplicated; on the set-up of rols.fixture.ts.
 */

beforeAll(openRols);
afterAll(closeRols);

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
    expect(res.body.description).toBe('This ticket role cannot be deleted: 1 wristband holds it');
    await db.update(s.wristbands).set({ roleId: null }).where(eq(s.wristbands.id, band!.id));

    const [ticket] = await db
      .insert(s.tickets)
      .values({ eventId, code: 'ROLTEST-T1', roleId: id })
      .returning();
    res = await t.call('DELETE', `/api/rols/${id}`, { ...admin, lang: 'es' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERRORS.rolUsedByTickets.code);
    expect(res.body.description).toBe('Este rol de entrada no se puede eliminar: 1 entrada es de este tipo');
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
