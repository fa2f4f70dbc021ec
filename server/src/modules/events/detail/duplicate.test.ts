import { and, count, eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import * as s from '../../../core/db/schema';
import { DUPLICATE_REGISTRY, registryTableNames } from './duplicate.service';

let t: TestApp;
let h: Awaited<ReturnType<TestApp['session']>>;
let source: typeof s.events.$inferSelect;
let ownCurrencyId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  h = await t.session('admin@demo.test');
  source = await t.activeEvent();
  const db = t.database.db;
  const arts = await db.select().from(s.articles).where(eq(s.articles.eventId, source.id));
  // The source's own settings: a currency of its own, tag counters, kiosk buttons, a parameter exception.
  const [own] = await db
    .insert(s.currencies)
    .values({ name: 'Sonora coin', iso: 'SNC', symbol: 'C', fraction: 0.1, eventId: source.id })
    .returning();
  ownCurrencyId = own!.id;
  await db
    .update(s.events)
    .set({
      tagCounters: [
        { position: 0, idArticleIncrement: arts[0]!.id, idArticleDecrement: arts[5]!.id },
        { position: 2, idArticleIncrement: arts[1]!.id, idArticleDecrement: null },
      ],
      pictureSponsorId: 9,
      pictureSponsorUrl: 'https://img.test/s.png',
    })
    .where(eq(s.events.id, source.id));
  await db.insert(s.kioskButtons).values([
    { eventId: source.id, descriptionEs: 'Diez', descriptionEn: 'Ten', topUpAmount: 1000 },
    { eventId: source.id, descriptionEs: 'Veinte', descriptionEn: 'Twenty', topUpAmount: 2000 },
  ]);
  // The venue: zones (one inside the other), locations and gates that point at each other, a kitchen.
  const [outer] = await db
    .insert(s.zones)
    .values({ eventId: source.id, idUnique: 1, name: 'Site' })
    .returning();
  const [inner] = await db
    .insert(s.zones)
    .values({ eventId: source.id, idUnique: 2, name: 'VIP', parentId: outer!.id })
    .returning();
  const [bar] = await db
    .insert(s.locations)
    .values({ eventId: source.id, idUnique: 1, name: 'Main bar', prefix: 'MB' })
    .returning();
  const [gate] = await db
    .insert(s.gates)
    .values({
      eventId: source.id,
      name: 'VIP gate',
      zoneFromId: outer!.id,
      zoneToId: inner!.id,
      locationId: bar!.id,
    })
    .returning();
  await db.update(s.locations).set({ gateId: gate!.id }).where(eq(s.locations.id, bar!.id));
  const [room] = await db
    .insert(s.rooms)
    .values({ eventId: source.id, idUniqueEvent: 1, name: 'Hall' })
    .returning();
  const [kitchen] = await db
    .insert(s.kitchens)
    .values({ eventId: source.id, name: 'Kitchen', locationId: bar!.id })
    .returning();
  await db
    .insert(s.kitchenPrinters)
    .values({ eventId: source.id, kitchenId: kitchen!.id, name: 'P1', ip: '10.0.0.9' });
  await db.insert(s.kitchenRooms).values({ eventId: source.id, kitchenId: kitchen!.id, roomId: room!.id });
  const [friday] = await db
    .insert(s.timeRanges)
    .values([
      { eventId: source.id, name: 'Friday', dateStart: '2026-07-03', dateEnd: '2026-07-03' },
      { eventId: source.id, name: 'Saturday', dateStart: '2026-07-04', dateEnd: '2026-07-04' },
    ])
    .returning();
  // A flag (always copied) whose access needs a zone and a time range (copied with their flags).
  const [flag] = await db
    .insert(s.flags)
    .values({ eventId: source.id, flagNumber: 1, name: 'VIP', description: 'VIP access' })
    .returning();
  await db
    .insert(s.flagAccess)
    .values({ eventId: source.id, flagId: flag!.id, zoneId: inner!.id, timeRangeId: friday!.id });
  const [param] = await db
    .select()
    .from(s.appParams)
    .where(eq(s.appParams.nameUnique, 'MAX_OFFLINE_MINUTES'));
  await db.insert(s.eventParamExceptions).values([
    { eventId: source.id, paramId: param!.id, idLocation: null, idDevice: null, value: '45' },
    { eventId: source.id, paramId: param!.id, idLocation: bar!.id, idDevice: null, value: '10' },
  ]);
  await db.insert(s.staff).values([
    {
      eventId: source.id,
      user: 'bar1',
      name: 'Bar one',
      trusts: 'CV',
      locationIds: [bar!.id],
      roomIds: null,
    },
    { eventId: source.id, user: 'boss', name: 'Boss', trusts: 'S', locationIds: null, roomIds: [room!.id] },
  ]);
  Object.assign(ids, { outer: outer!.id, inner: inner!.id, bar: bar!.id, gate: gate!.id });
});
afterAll(() => t.close());

const request = (over: Record<string, unknown> = {}) => ({
  newEventName: 'Sonora Festival 2027 copy',
  f_inicio: '2027-07-01T14:00:00.000Z',
  f_fin: '2027-07-05T04:00:00.000Z',
  f_inicio_operaciones: '2027-06-30T08:00:00.000Z',
  f_fin_operaciones: '2027-07-10T00:00:00.000Z',
  duplicateStaff: false,
  duplicateTimeRanges: false,
  duplicateLocations: false,
  duplicateArticles: false,
  duplicateArticlesLocations: false,
  duplicateExchangeSettings: false,
  moneda: source.currencyId,
  localCurrency: source.localCurrencyId,
  localCurrencyRate: 2,
  ...over,
});
const duplicate = (body: unknown, headers: Record<string, string | undefined> = h) =>
  t.call('POST', '/api/duplicateEvent', { ...headers, body });

const rowsOf = async (table: PgTable & { eventId: unknown }, eventId: number) => {
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(table)
    .where(eq((table as typeof s.articles).eventId, eventId));
  return Number(n);
};
const eventCount = async () => Number((await t.database.db.select({ n: count() }).from(s.events))[0]!.n);

describe('the duplicate registry', () => {
  it('names every table that has an event_id column (extend it when you add one)', async () => {
    // Both drivers (pg and PGlite) answer `{ rows }`.
    const res = (await t.database.db.execute(
      sql`select distinct table_name from information_schema.columns
          where column_name = 'event_id' and table_schema = current_schema() order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    const withEventId = res.rows.map((r) => r.table_name);
    const registry = registryTableNames();
    const missing = withEventId.filter((name) => !registry.includes(name));
    expect(missing, 'tables with event_id missing from DUPLICATE_REGISTRY (duplicate.service.ts)').toEqual(
      [],
    );
    // The Drizzle schema too (a table whose migration is not generated yet), and nothing else.
    const inSchema: string[] = (Object.values(s) as unknown[])
      .filter((x): x is PgTable => is(x, PgTable))
      .filter((table) => Object.values(getTableColumns(table)).some((c) => c.name === 'event_id'))
      .map((table) => getTableName(table));
    expect(inSchema.filter((name) => !registry.includes(name))).toEqual([]);
    expect(registry.filter((name) => !inSchema.includes(name))).toEqual([]);
    expect(new Set(registry).size).toBe(registry.length);
    for (const rule of DUPLICATE_REGISTRY) expect(rule.why.length).toBeGreaterThan(3);
  });
});

describe('POST /api/duplicateEvent', () => {
  it('copies the event without articles: settings, teams, kiosk buttons, parameters; no tag counters', async () => {
    const before = await eventCount();
    const res = await duplicate(
      request({ moneda: source.currencyId, localCurrency: ownCurrencyId, localCurrencyRate: 3 }),
    );
    expect(res.status).toBe(200);
    const id = res.body.result.id as number;
    expect(await eventCount()).toBe(before + 1);
    const [copy] = await t.database.db.select().from(s.events).where(eq(s.events.id, id));
    expect(copy).toMatchObject({
      name: 'Sonora Festival 2027 copy',
      timezone: source.timezone,
      promoterId: source.promoterId,
      offsetHours: source.offsetHours,
      messageOriginator: 'SONORA',
      localCurrencyRate: 3,
      isClosed: 0,
      isActive: 1,
      slug: null,
      subdomain: null,
      pictureSponsorId: null,
      tagCounters: [],
    });
    expect(copy!.token).not.toBe(source.token);
    expect(copy!.dateStart.toISOString()).toBe('2027-07-01T14:00:00.000Z');
    expect(copy!.operationsEnd!.toISOString()).toBe('2027-07-10T00:00:00.000Z');
    // The source's own currency was copied and the copy uses its own.
    const [local] = await t.database.db
      .select()
      .from(s.currencies)
      .where(eq(s.currencies.id, copy!.localCurrencyId!));
    expect(local).toMatchObject({ iso: 'SNC', eventId: id });

    expect(await rowsOf(s.articles, id)).toBe(0);
    expect(await rowsOf(s.locations, id)).toBe(0);
    expect(await rowsOf(s.timeRanges, id)).toBe(0);
    expect(await rowsOf(s.staff, id)).toBe(0);
    // The flag is copied; its access entry needs the zone and the time range, not copied here.
    expect(await rowsOf(s.flags, id)).toBe(1);
    expect(await rowsOf(s.flagAccess, id)).toBe(0);
    expect(await rowsOf(s.kioskButtons, id)).toBe(2);
    expect(await rowsOf(s.eventTeams, id)).toBe(2);
    expect(await rowsOf(s.eventParams, id)).toBe(1);
    // Without the locations, the exception of a location is left out; the all-all one is copied.
    const exceptions = await t.database.db
      .select()
      .from(s.eventParamExceptions)
      .where(eq(s.eventParamExceptions.eventId, id));
    expect(exceptions.map((e) => [e.idLocation, e.value])).toEqual([[null, '45']]);
    expect(res.body.result.counts).toMatchObject({
      kiosk_buttons: 2,
      event_teams: 2,
      event_param_exceptions: 1,
    });
    // Transactional and per-event data is not copied.
    expect(await rowsOf(s.userEventPermissions, id)).toBe(0);
    // The source is untouched.
    expect(await rowsOf(s.articles, source.id)).toBe(6);
    expect(await rowsOf(s.kioskButtons, source.id)).toBe(2);
  });

  it('copies articles, the venue and time ranges when asked, remapping every reference', async () => {
    const res = await duplicate(
      request({
        newEventName: 'Sonora Full Copy',
        duplicateArticles: true,
        duplicateLocations: true,
        duplicateTimeRanges: true,
        duplicateArticlesLocations: true,
        duplicateExchangeSettings: true,
        duplicateStaff: true,
      }),
    );
    expect(res.status).toBe(200);
    const id = res.body.result.id as number;
    const db = t.database.db;
    const copied = await db.select().from(s.articles).where(eq(s.articles.eventId, id));
    expect(copied.map((a) => a.name).sort()).toEqual(
      ['Beer 50cl', 'Burger', 'Gin tonic', 'Reusable cup', 'Soft drink', 'Water 50cl'].sort(),
    );
    expect(res.body.result.counts).toMatchObject({
      articles: 6,
      zones: 2,
      locations: 1,
      gates: 1,
      rooms: 1,
      kitchens: 1,
      kitchen_printers: 1,
      kitchen_rooms: 1,
      time_ranges: 2,
      event_param_exceptions: 2,
      staff: 2,
    });
    // Tag counters now point at the copied articles.
    const [copy] = await db.select().from(s.events).where(eq(s.events.id, id));
    const byName = (name: string) => copied.find((a) => a.name === name)!.id;
    expect(copy!.tagCounters).toEqual([
      { position: 0, idArticleIncrement: byName('Beer 50cl'), idArticleDecrement: byName('Reusable cup') },
      { position: 2, idArticleIncrement: byName('Water 50cl'), idArticleDecrement: null },
    ]);
    // The venue's references point inside the copy, including the location ↔ gate cycle and the zone tree.
    const zones = await db.select().from(s.zones).where(eq(s.zones.eventId, id));
    const site = zones.find((z) => z.name === 'Site')!;
    const vip = zones.find((z) => z.name === 'VIP')!;
    expect(vip.parentId).toBe(site.id);
    const [loc] = await db.select().from(s.locations).where(eq(s.locations.eventId, id));
    const [gate] = await db.select().from(s.gates).where(eq(s.gates.eventId, id));
    expect(gate).toMatchObject({ zoneFromId: site.id, zoneToId: vip.id, locationId: loc!.id });
    expect(loc!.gateId).toBe(gate!.id);
    expect(loc!.id).not.toBe(ids.bar);
    const [flag] = await db.select().from(s.flags).where(eq(s.flags.eventId, id));
    const [access] = await db.select().from(s.flagAccess).where(eq(s.flagAccess.eventId, id));
    const friday = (await db.select().from(s.timeRanges).where(eq(s.timeRanges.eventId, id))).find(
      (r) => r.name === 'Friday',
    );
    expect(access).toMatchObject({ flagId: flag!.id, zoneId: vip.id, timeRangeId: friday!.id });
    const [kitchen] = await db.select().from(s.kitchens).where(eq(s.kitchens.eventId, id));
    expect(kitchen!.locationId).toBe(loc!.id);
    const exceptions = await db
      .select()
      .from(s.eventParamExceptions)
      .where(and(eq(s.eventParamExceptions.eventId, id), eq(s.eventParamExceptions.value, '10')));
    expect(exceptions[0]!.idLocation).toBe(loc!.id);
    const [room] = await db.select().from(s.rooms).where(eq(s.rooms.eventId, id));
    const team = await db.select().from(s.staff).where(eq(s.staff.eventId, id));
    expect(team.map((m) => [m.user, m.locationIds, m.roomIds]).sort()).toEqual([
      ['bar1', [loc!.id], null],
      ['boss', null, [room!.id]],
    ]);
  });

  it('copies the staff without the venue: "all" stays all, lists of the old venue become empty', async () => {
    const res = await duplicate(request({ newEventName: 'Staff only', duplicateStaff: true }));
    expect(res.status).toBe(200);
    const team = await t.database.db.select().from(s.staff).where(eq(s.staff.eventId, res.body.result.id));
    expect(team.map((m) => [m.user, m.trusts, m.locationIds, m.roomIds]).sort()).toEqual([
      ['bar1', 'CV', [], null],
      ['boss', 'S', null, []],
    ]);
  });

  it('refuses a name equal to the original (whatever the case), blank or missing', async () => {
    const before = await eventCount();
    const same = await duplicate(request({ newEventName: '  sonora FESTIVAL 2026 ' }));
    expect(same.status).toBe(400);
    expect(same.body.fields[0]).toMatchObject({ path: 'newEventName', message: 'validation.eventNameEqual' });
    expect(same.body.fields[0].text).toBe('The event name cannot be equal to the original');
    const blank = await duplicate(request({ newEventName: '   ' }));
    expect(blank.body.fields[0]).toMatchObject({ path: 'newEventName', message: 'validation.required' });
    const { newEventName: _, ...withoutName } = request();
    expect((await duplicate(withoutName)).body.fields[0].path).toBe('newEventName');
    expect(await eventCount()).toBe(before);
  });

  it('enforces the flag dependencies and the dates, currencies and rate of the request', async () => {
    const before = await eventCount();
    const expectField = async (over: Record<string, unknown>, path: string, message: string) => {
      const res = await duplicate(request(over));
      expect(res.status, `${path} ${message}`).toBe(400);
      expect(res.body.fields).toContainEqual(expect.objectContaining({ path, message }));
    };
    await expectField(
      { duplicateArticlesLocations: true, duplicateArticles: true },
      'duplicateArticlesLocations',
      'validation.duplicateArticlesLocations',
    );
    await expectField(
      { duplicateArticlesLocations: true, duplicateLocations: true },
      'duplicateArticlesLocations',
      'validation.duplicateArticlesLocations',
    );
    await expectField(
      { duplicateExchangeSettings: true, duplicateArticles: true },
      'duplicateExchangeSettings',
      'validation.duplicateExchangeSettings',
    );
    await expectField(
      { duplicateExchangeSettings: true, duplicateTimeRanges: true },
      'duplicateExchangeSettings',
      'validation.duplicateExchangeSettings',
    );
    await expectField({ f_fin: '2027-06-01T00:00:00.000Z' }, 'f_fin', 'validation.errorDates');
    await expectField(
      { f_fin_operaciones: '2033-01-01T00:00:00.000Z' },
      'f_fin_operaciones',
      'validation.errorOperationDates',
    );
    // 01-console §9: dates from 2020-01-01 to 2099-12-31.
    await expectField(
      { f_inicio: '2019-12-31T23:59:59.000Z' },
      'f_inicio',
      'validation.startBound|{"bound":"2020-01-01"}',
    );
    await expectField(
      { f_fin: '2100-01-01T00:00:00.000Z', f_fin_operaciones: '2100-01-01T00:00:00.000Z' },
      'f_fin',
      'validation.endBound|{"bound":"2099-12-31"}',
    );
    await expectField(
      { f_fin_operaciones: '2100-01-01T00:00:00.000Z' },
      'f_fin_operaciones',
      'validation.endBound|{"bound":"2099-12-31"}',
    );
    await expectField(
      { f_inicio_operaciones: '2019-06-01T00:00:00.000Z' },
      'f_inicio_operaciones',
      'validation.startBound|{"bound":"2020-01-01"}',
    );
    const es = await t.call('POST', '/api/duplicateEvent', {
      ...h,
      lang: 'es',
      body: request({ f_inicio: '2019-12-31T23:59:59.000Z' }),
    });
    expect(es.body.fields[0].text).toBe('El inicio debe ser igual o posterior a 2020-01-01');
    const [snt] = await t.database.db.select().from(s.currencies).where(eq(s.currencies.iso, 'SNT'));
    await expectField({ moneda: snt!.id }, 'moneda', 'validation.financialCurrency');
    await expectField(
      { localCurrency: snt!.id, localCurrencyRate: 0.1 },
      'localCurrencyRate',
      'validation.min|{"min":0.5}',
    );
    expect(await eventCount()).toBe(before);
  });

  it('copies another event’s own currency only through that event (not usable from here)', async () => {
    const other = await t.eventByName('Sonora Festival 2027');
    const [foreign] = await t.database.db
      .insert(s.currencies)
      .values({ name: 'Other coin', iso: 'OTC', symbol: 'O', fraction: 0.01, eventId: other.id })
      .returning();
    const res = await duplicate(request({ newEventName: 'Foreign currency', localCurrency: foreign!.id }));
    expect(res.status).toBe(400);
    expect(res.body.fields[0]).toMatchObject({ path: 'localCurrency', message: 'validation.invalid' });
  });

  it('is for admins only', async () => {
    const ops = await t.session('ops@demo.test');
    expect((await duplicate(request({ newEventName: 'Not mine' }), ops)).status).toBe(403);
  });
});
