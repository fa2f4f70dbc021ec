import { randomUUID } from 'node:crypto';
import type { Event } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { articles, currencies, events, eventTeams, promoters, teams, topUps } from '../../../core/db/schema';
import { activeTagCounters, applyRoleRules } from './event-save.service';

let t: TestApp;
let admin: string;
let mega: string;
/** Events made from the chooser have no promoter yet; the form needs one. */
let defaultPromoter: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
  mega = await t.login('mega@demo.test');
  const [p] = await t.database.db.select().from(promoters).where(eq(promoters.name, 'Mar Azul Producciones'));
  defaultPromoter = p!.id;
});
afterAll(() => t.close());

const read = async (id: number, token = admin): Promise<Event> =>
  (await t.call('GET', `/api/findEvent/${id}`, { token })).body.result.event;

/** The event form's body for a stored event, as the console sends it. */
const formOf = (e: Event) => ({
  id: e.id,
  nombre: e.nombre,
  id_promotor: e.id_promotor ?? defaultPromoter,
  teamIds: e.teamIds,
  externalAnalyticsId: e.externalAnalyticsId,
  f_inicio: e.f_inicio,
  f_fin: e.f_fin,
  f_inicio_operaciones: e.f_inicio_operaciones,
  f_fin_operaciones: e.f_fin_operaciones,
  offset: e.offset,
  zona_horaria: e.zona_horaria,
  moneda: e.moneda,
  localCurrency: e.localCurrency,
  localCurrencyRate: e.localCurrencyRate,
  idioma: e.idioma,
  businessTypeId: e.businessTypeId,
  reusableTag: e.feeReusableTag === null ? 0 : 1,
  feeReusableTag: e.feeReusableTag,
  refundBalanceWhenReusableTag: e.refundBalanceWhenReusableTag,
  billing: e.IVA === null ? 0 : 1,
  IVA: e.IVA,
  Nombre_fiscal: e.Nombre_fiscal,
  NIF: e.NIF,
  enabledApiBebeRapid: e.enabledApiBebeRapid,
  queueSyncLoggables: e.queueSyncLoggables,
  isClosed: e.isClosed,
  tagCounters: e.tagCounters,
  featureToggle: e.featureToggle,
  update_time: e.update_time,
});

const save = (event: Record<string, unknown>, token = admin) =>
  t.call('POST', '/api/event', { token, body: { event } });

async function newEvent(name: string) {
  const res = await save({ nombre: name });
  expect(res.status).toBe(200);
  return read(res.body.result as number);
}

describe('POST /api/event: updating the event form', () => {
  it('saves every field of the form and answers the id', async () => {
    const e = await newEvent('Form Fest');
    const [promoter] = await t.database.db.select().from(promoters).where(eq(promoters.name, 'Sonora Live'));
    const [usd] = await t.database.db.select().from(currencies).where(eq(currencies.iso, 'USD'));
    const [snt] = await t.database.db.select().from(currencies).where(eq(currencies.iso, 'SNT'));
    const allTeams = await t.database.db.select().from(teams);
    const res = await save({
      ...formOf(e),
      nombre: 'Form Fest 2026',
      id_promotor: promoter!.id,
      teamIds: allTeams.map((x) => x.id),
      externalAnalyticsId: 'GA-123',
      f_inicio: '2026-07-01T16:00:00.000Z',
      f_fin: '2026-07-04T04:00:00.000Z',
      f_inicio_operaciones: '2026-06-30T08:00:00.000Z',
      f_fin_operaciones: '2026-07-10T00:00:00.000Z',
      offset: 6,
      zona_horaria: 'America/Mexico_City',
      moneda: usd!.id,
      localCurrency: snt!.id,
      localCurrencyRate: 2.5,
      idioma: 'fr',
      businessTypeId: 'HM',
      reusableTag: 1,
      feeReusableTag: 150,
      refundBalanceWhenReusableTag: 1,
      billing: 1,
      IVA: 21,
      Nombre_fiscal: 'Form S.L.',
      NIF: 'B000111',
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(e.id);
    const saved = await read(e.id);
    expect(saved).toMatchObject({
      nombre: 'Form Fest 2026',
      id_promotor: promoter!.id,
      promoterName: 'Sonora Live',
      externalAnalytics: 1,
      externalAnalyticsId: 'GA-123',
      f_inicio: '2026-07-01T16:00:00.000Z',
      f_fin_operaciones: '2026-07-10T00:00:00.000Z',
      offset: 6,
      zona_horaria: 'America/Mexico_City',
      financialCurrencyModel: { iso: 'USD' },
      localCurrencyModel: { iso: 'SNT' },
      localCurrencyRate: 2.5,
      idioma: 'fr',
      businessTypeId: 'HM',
      feeReusableTag: 150,
      refundBalanceWhenReusableTag: 1,
      IVA: 21,
      Nombre_fiscal: 'Form S.L.',
      NIF: 'B000111',
    });
    expect(saved.teamIds.sort()).toEqual(allTeams.map((x) => x.id).sort());
    expect(saved.teams.map((x) => x.name)).toEqual(['Finance', 'Operations']);
    expect(Date.parse(saved.update_time)).toBeGreaterThan(Date.parse(e.update_time));
  });

  it('clears the fee with reusable tag off, the VAT with billing off, the analytics id without the promoter’s analytics', async () => {
    const e = await newEvent('Clearing Fest');
    const [sonora] = await t.database.db.select().from(promoters).where(eq(promoters.name, 'Sonora Live'));
    const [marAzul] = await t.database.db
      .select()
      .from(promoters)
      .where(eq(promoters.name, 'Mar Azul Producciones'));
    await save({
      ...formOf(e),
      id_promotor: sonora!.id,
      reusableTag: 1,
      feeReusableTag: 100,
      billing: 1,
      IVA: 10,
      externalAnalyticsId: 'GA-1',
    });
    const first = await read(e.id);
    expect(first).toMatchObject({ feeReusableTag: 100, IVA: 10, externalAnalyticsId: 'GA-1' });

    // The analytics id is read-only once set: another value is ignored.
    await save({ ...formOf(first), externalAnalyticsId: 'GA-2' });
    const second = await read(e.id);
    expect(second.externalAnalyticsId).toBe('GA-1');

    await save({
      ...formOf(second),
      id_promotor: marAzul!.id,
      reusableTag: 0,
      feeReusableTag: 100,
      billing: 0,
      IVA: 10,
    });
    expect(await read(e.id)).toMatchObject({
      feeReusableTag: null,
      IVA: null,
      externalAnalytics: 0,
      externalAnalyticsId: null,
    });
  });

  it('keeps enabledApiBebeRapid and queueSyncLoggables for non-mega admins; a mega admin sets them', async () => {
    const e = await newEvent('Api Fest');
    const ignored = await save({ ...formOf(e), enabledApiBebeRapid: 1, queueSyncLoggables: 1 });
    expect(ignored.status).toBe(200);
    const after = await read(e.id);
    expect(after).toMatchObject({ enabledApiBebeRapid: 0, queueSyncLoggables: 0 });

    const set = await save({ ...formOf(after), enabledApiBebeRapid: 1, queueSyncLoggables: 1 }, mega);
    expect(set.status).toBe(200);
    const byMega = await read(e.id);
    expect(byMega).toMatchObject({ enabledApiBebeRapid: 1, queueSyncLoggables: 1 });

    // A plain admin saving again neither clears nor changes them.
    await save({ ...formOf(byMega), enabledApiBebeRapid: 0, queueSyncLoggables: 0 });
    expect(await read(e.id)).toMatchObject({ enabledApiBebeRapid: 1, queueSyncLoggables: 1 });
  });

  it('applies the role rules whatever is sent (non-admins keep the stored values)', () => {
    const noOne = { isAdmin: false, isSuperAdmin: false, isMegaAdmin: false, isUsersAdmin: false };
    const input = { enabledApiBebeRapid: 1 as const, queueSyncLoggables: 1 as const };
    expect(applyRoleRules(input, noOne, { enabledApiBebeRapid: 1, queueSyncLoggables: 0 })).toEqual({
      enabledApiBebeRapid: 1,
      queueSyncLoggables: 0,
    });
    expect(applyRoleRules(input, { ...noOne, isAdmin: true }, undefined)).toEqual({
      enabledApiBebeRapid: 0,
      queueSyncLoggables: 0,
    });
    expect(applyRoleRules(input, { ...noOne, isMegaAdmin: true }, undefined)).toEqual(input);
  });

  it('refuses invalid dates, operations dates, VAT out of range, a rate below the minimum and more', async () => {
    const e = await newEvent('Invalid Fest');
    const base = formOf(e);
    const expectField = async (body: Record<string, unknown>, path: string, message: string) => {
      const res = await save({ ...base, ...body });
      expect(res.status, `${path} ${message}`).toBe(400);
      expect(res.body.fields).toContainEqual(expect.objectContaining({ path, message }));
    };
    await expectField(
      { f_inicio: '2026-07-05T00:00:00.000Z', f_fin: '2026-07-01T00:00:00.000Z' },
      'event.f_fin',
      'validation.errorDates',
    );
    await expectField(
      { f_inicio_operaciones: '2026-01-01T00:00:00.000Z', f_fin_operaciones: '2031-01-02T00:00:00.000Z' },
      'event.f_fin_operaciones',
      'validation.errorOperationDates',
    );
    await expectField(
      { f_inicio_operaciones: '2026-02-01T00:00:00.000Z', f_fin_operaciones: '2026-01-01T00:00:00.000Z' },
      'event.f_fin_operaciones',
      'validation.errorOperationDates',
    );
    await expectField(
      { f_inicio_operaciones: '2026-02-01T00:00:00.000Z', f_fin_operaciones: null },
      'event.f_inicio_operaciones',
      'validation.errorOperationDates',
    );
    await expectField({ billing: 1, IVA: 100 }, 'event.IVA', 'validation.max|{"max":99.99}');
    await expectField({ billing: 1, IVA: 0 }, 'event.IVA', 'validation.min|{"min":0.01}');
    await expectField({ billing: 1, IVA: null }, 'event.IVA', 'validation.required');
    await expectField({ offset: -1 }, 'event.offset', 'validation.min|{"min":0}');
    await expectField(
      { reusableTag: 1, feeReusableTag: -5 },
      'event.feeReusableTag',
      'validation.min|{"min":0}',
    );
    await expectField({ zona_horaria: 'Mars/Olympus' }, 'event.zona_horaria', 'validation.timezone');
    await expectField(
      { localCurrencyRate: 1.0000001 },
      'event.localCurrencyRate',
      'validation.step|{"step":0.000001}',
    );
    await expectField({ nombre: '  ' }, 'event.nombre', 'validation.required');
    await expectField({ id_promotor: null }, 'event.id_promotor', 'validation.required');
    await expectField({ idioma: 'de' }, 'event.idioma', 'validation.unknownLanguage');

    const [snt] = await t.database.db.select().from(currencies).where(eq(currencies.iso, 'SNT'));
    // SNT's fraction is 0.5: as local currency the rate must be at least 0.5.
    await expectField(
      { localCurrency: snt!.id, localCurrencyRate: 0.25 },
      'event.localCurrencyRate',
      'validation.min|{"min":0.5}',
    );
    // EUR (0.01): 0.001 is below its minimum.
    await expectField({ localCurrencyRate: 0.001 }, 'event.localCurrencyRate', 'validation.min|{"min":0.01}');
    // Only financial currencies may be the event's financial currency.
    await expectField({ moneda: snt!.id }, 'event.moneda', 'validation.financialCurrency');
    await expectField({ moneda: 999_999 }, 'event.moneda', 'validation.invalid');
    await expectField({ teamIds: [999_999] }, 'event.teamIds.0', 'validation.invalid');

    // Nothing was written by any refused save.
    expect(await read(e.id)).toEqual(e);
  });

  it('saves the province, the fiscal percentage, the sales VAT and the cash label, and reads them back', async () => {
    const e = await newEvent('Fiscal Fest');
    expect(e).toMatchObject({ province: null, porcentaje_Fiscal: null, eventVat: null, cashLabel: 'cash' });
    // The form's province choice comes from GET /provinces/find?name.
    const found = await t.call('GET', '/api/provinces/find?name=lisb', { token: admin });
    expect(found.body.result).toEqual([expect.objectContaining({ name: 'Lisboa', country: 'Portugal' })]);
    const lisboa = found.body.result[0].id as number;
    const res = await save({
      ...formOf(e),
      provinceId: lisboa,
      porcentaje_Fiscal: 12.5,
      eventVat: 10,
      cashLabel: '  Efectivo ',
    });
    expect(res.status).toBe(200);
    const saved = await read(e.id);
    expect(saved).toMatchObject({
      province: { id: lisboa, name: 'Lisboa', country: 'Portugal' },
      porcentaje_Fiscal: 12.5,
      eventVat: 10,
      cashLabel: 'Efectivo',
    });
    // Left out, they keep their values; null clears the province and the percentages.
    await save(formOf(saved));
    const kept = await read(e.id);
    expect(kept).toMatchObject({ province: { id: lisboa }, porcentaje_Fiscal: 12.5, eventVat: 10 });
    await save({ ...formOf(kept), provinceId: null, porcentaje_Fiscal: null, eventVat: null });
    expect(await read(e.id)).toMatchObject({ province: null, porcentaje_Fiscal: null, eventVat: null });

    const expectField = async (body: Record<string, unknown>, path: string, message: string) => {
      const current = await read(e.id);
      const bad = await save({ ...formOf(current), ...body });
      expect(bad.status, `${path} ${message}`).toBe(400);
      expect(bad.body.fields).toContainEqual(expect.objectContaining({ path, message }));
    };
    await expectField({ provinceId: 999_999 }, 'event.provinceId', 'validation.invalid');
    await expectField({ porcentaje_Fiscal: 101 }, 'event.porcentaje_Fiscal', 'validation.max|{"max":100}');
    await expectField({ eventVat: 0 }, 'event.eventVat', 'validation.min|{"min":0.01}');
    await expectField({ eventVat: 100 }, 'event.eventVat', 'validation.max|{"max":99.99}');
    await expectField({ cashLabel: ' ' }, 'event.cashLabel', 'validation.required');
    await expectField(
      { cashLabel: 'x'.repeat(31) },
      'event.cashLabel',
      'validation.maxLength|{"maxLength":30}',
    );
  });

  it('keeps the single teamId among the teams: dropping that team from teamIds clears it', async () => {
    const e = await newEvent('Team Fest');
    const [ops] = await t.database.db.select().from(teams).where(eq(teams.name, 'Operations'));
    const [fin] = await t.database.db.select().from(teams).where(eq(teams.name, 'Finance'));
    await save({ ...formOf(e), teamIds: [ops!.id, fin!.id] });
    await t.database.db.update(events).set({ teamId: ops!.id }).where(eq(events.id, e.id));
    const withMain = await read(e.id);
    expect(withMain.teamId).toBe(ops!.id);
    await save({ ...formOf(withMain), teamIds: [ops!.id] });
    expect((await read(e.id)).teamId).toBe(ops!.id);
    await save({ ...formOf(await read(e.id)), teamIds: [fin!.id] });
    expect(await read(e.id)).toMatchObject({ teamId: null, teamIds: [fin!.id] });
  });

  it('refuses dates outside 2020-01-01 … 2099-12-31 with the start / end bound messages', async () => {
    const e = await newEvent('Bounded Fest');
    const base = formOf(e);
    const refused = async (body: Record<string, unknown>, path: string, message: string) => {
      const res = await save({ ...base, ...body });
      expect(res.status, `${path} ${message}`).toBe(400);
      expect(res.body.fields).toContainEqual(expect.objectContaining({ path, message }));
    };
    const start = 'validation.startBound|{"bound":"2020-01-01"}';
    const end = 'validation.endBound|{"bound":"2099-12-31"}';
    await refused({ f_inicio: '2019-12-31T23:59:59.000Z' }, 'event.f_inicio', start);
    await refused({ f_fin: '2100-01-01T00:00:00.000Z' }, 'event.f_fin', end);
    await refused(
      { f_inicio_operaciones: '2019-01-01T00:00:00.000Z', f_fin_operaciones: '2020-06-01T00:00:00.000Z' },
      'event.f_inicio_operaciones',
      start,
    );
    await refused(
      { f_inicio_operaciones: '2099-06-01T00:00:00.000Z', f_fin_operaciones: '2100-01-02T00:00:00.000Z' },
      'event.f_fin_operaciones',
      end,
    );
    const en = await save({ ...base, f_inicio: '2019-12-31T23:59:59.000Z' });
    expect(en.body.fields[0].text).toBe('The start must be on or after 2020-01-01');
    // The bounds themselves are allowed.
    const ok = await save({
      ...base,
      f_inicio: '2020-01-01T00:00:00.000Z',
      f_fin: '2099-12-31T23:59:59.000Z',
      f_inicio_operaciones: '2095-01-01T00:00:00.000Z',
      f_fin_operaciones: '2099-12-31T23:59:59.000Z',
    });
    expect(ok.status).toBe(200);
    expect(await read(e.id)).toMatchObject({
      f_inicio: '2020-01-01T00:00:00.000Z',
      f_fin: '2099-12-31T23:59:59.000Z',
    });
  });

  it('changes the rate of an event with operations only when confirmed, naming the count (issue 16)', async () => {
    const active = await t.activeEvent();
    await t.database.db.insert(topUps).values({
      eventId: active.id,
      operationId: randomUUID(),
      wristbandId: 990_001,
      type: 'N',
      paymentType: 'S',
      amount: 1000,
      money: 1000,
      cashAfter: 1000,
      giftAfter: 0,
      deviceTime: new Date(),
    });
    const e = await read(active.id, mega);
    const rate = e.localCurrencyRate;
    const refused = await save({ ...formOf(e), localCurrencyRate: rate + 1 }, mega);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(3402);
    expect(refused.body.params.count).toBeGreaterThan(0);
    expect(refused.body.description).toContain(String(refused.body.params.count));
    expect((await read(active.id, mega)).localCurrencyRate).toBe(rate);
    // The same rate, or a confirmed change, saves.
    expect((await save({ ...formOf(e), nombre: e.nombre }, mega)).status).toBe(200);
    const again = await read(active.id, mega);
    const confirmed = await save(
      { ...formOf(again), localCurrencyRate: rate + 1, confirmRateChange: 1 },
      mega,
    );
    expect(confirmed.status).toBe(200);
    expect((await read(active.id, mega)).localCurrencyRate).toBe(rate + 1);
  });

  it('refuses a stale update with 409 staleUpdate and writes nothing', async () => {
    const e = await newEvent('Race Fest');
    const first = await save({ ...formOf(e), nombre: 'Race Fest A' });
    expect(first.status).toBe(200);
    const stale = await save({ ...formOf(e), nombre: 'Race Fest B' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: 409 });
    expect(stale.body.description).toContain('reload');
    expect((await read(e.id)).nombre).toBe('Race Fest A');
    const { update_time: _, ...withoutTime } = formOf(e);
    const missing = await save(withoutTime);
    expect(missing.status).toBe(400);
    expect(missing.body.fields[0]).toMatchObject({
      path: 'event.update_time',
      message: 'validation.required',
    });
  });

  it('closes the event with isClosed = 1 (marked inactive) and reopens it', async () => {
    const e = await newEvent('Closing Fest');
    await save({ ...formOf(e), isClosed: 1 });
    const closed = await read(e.id);
    expect(closed).toMatchObject({ isClosed: 1, isActive: 0, status: 'closed' });
    await save({ ...formOf(closed), isClosed: 0 });
    expect(await read(e.id)).toMatchObject({ isClosed: 0, isActive: 1 });
  });

  it('saves tag counters with the event: articles of the event only, off or empty slots cleared', async () => {
    const ev = await t.activeEvent();
    const own = await t.database.db.select().from(articles).where(eq(articles.eventId, ev.id));
    const e = await read(ev.id);
    const res = await save({
      ...formOf(e),
      tagCounters: [
        { position: 0, enabled: true, idArticleIncrement: own[0]!.id, idArticleDecrement: own[5]!.id },
        { position: 1, enabled: false, idArticleIncrement: own[1]!.id },
        { position: 2, enabled: true, idArticleIncrement: null },
        { position: 3, enabled: true, idArticleIncrement: own[2]!.id },
      ],
      featureToggle: { capacityLog: 1 },
    });
    expect(res.status).toBe(200);
    const saved = await read(ev.id);
    expect(saved.tagCounters).toEqual([
      { position: 0, idArticleIncrement: own[0]!.id, idArticleDecrement: own[5]!.id },
      { position: 3, idArticleIncrement: own[2]!.id, idArticleDecrement: null },
    ]);
    expect(saved.featureToggle).toEqual({ capacityLog: 1 });

    const other = await newEvent('Other Articles Fest');
    const [foreign] = await t.database.db
      .insert(articles)
      .values({ eventId: other.id, name: 'Foreign beer' })
      .returning();
    const refused = await save({
      ...formOf(saved),
      tagCounters: [{ position: 1, idArticleIncrement: foreign!.id }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields[0]).toMatchObject({
      path: 'event.tagCounters.0.idArticleIncrement',
      message: 'validation.articleNotInEvent',
    });
    const twice = await save({
      ...formOf(saved),
      tagCounters: [
        { position: 1, idArticleIncrement: own[0]!.id },
        { position: 1, idArticleIncrement: own[1]!.id },
      ],
    });
    expect(twice.body.fields[0]).toMatchObject({
      path: 'event.tagCounters.1.position',
      message: 'validation.tagCounterPosition',
    });
    expect((await read(ev.id)).tagCounters).toEqual(saved.tagCounters);
  });

  it('creates a full event without an id, and keeps the name-only create of the chooser', async () => {
    const e = await read((await t.activeEvent()).id);
    const { id: _id, update_time: _u, ...rest } = formOf(e);
    const res = await save({
      ...rest,
      nombre: 'Brand New Fest',
      tagCounters: [],
      externalAnalyticsId: 'GA-NEW',
    });
    expect(res.status).toBe(200);
    const created = await read(res.body.result);
    expect(created).toMatchObject({ nombre: 'Brand New Fest', externalAnalyticsId: 'GA-NEW', isClosed: 0 });
    expect(created.token).not.toBe(e.token);
    expect(created.teamIds.sort()).toEqual(e.teamIds.sort());
    const teamRows = await t.database.db.select().from(eventTeams).where(eq(eventTeams.eventId, created.id));
    expect(teamRows).toHaveLength(e.teamIds.length);
  });

  it('refuses non-admins and unknown events', async () => {
    const ops = await t.login('ops@demo.test');
    const e = await read((await t.activeEvent()).id);
    expect((await save(formOf(e), ops)).status).toBe(403);
    const unknown = await save({ ...formOf(e), id: 424_242 });
    expect(unknown.status).toBe(404);
  });

  it('keeps only active tag-counter slots in position order', () => {
    expect(
      activeTagCounters([
        { position: 3, idArticleIncrement: 7 },
        { position: 0, idArticleIncrement: 5, enabled: true },
        { position: 1, idArticleIncrement: null },
      ]),
    ).toEqual([
      { position: 0, idArticleIncrement: 5, idArticleDecrement: null },
      { position: 3, idArticleIncrement: 7, idArticleDecrement: null },
    ]);
  });
});

describe('the event’s language (01-console §3 idioma: any configured language)', () => {
  const addLanguage = async (iso: string, name: string) => {
    const res = await t.call('POST', '/api/global/languages', {
      token: admin,
      body: { language: { iso, name } },
    });
    expect(res.status).toBe(200);
    return res.body.result as { id: number; iso: string; name: string };
  };

  it('saves a configured language beyond the console’s own four; the lists, the selected event and a copy keep it', async () => {
    await addLanguage('pt', 'Português');
    const e = await newEvent('Lisboa Fest');
    const res = await save({ ...formOf(e), idioma: 'pt' });
    expect(res.status).toBe(200);
    expect((await read(e.id)).idioma).toBe('pt');
    const selected = await t.call('GET', '/api/event', { token: admin, event: e.token });
    expect(selected.status).toBe(200);
    expect(selected.body.result.idioma).toBe('pt');
    const all = await t.call('GET', '/api/events/all', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.result.events.map((x: { id: number }) => x.id)).toContain(e.id);

    const copy = await t.call('POST', '/api/duplicateEvent', {
      token: admin,
      event: e.token,
      body: {
        newEventName: 'Lisboa Fest copy',
        f_inicio: e.f_inicio,
        f_fin: e.f_fin,
        moneda: e.moneda,
        localCurrency: e.localCurrency,
        localCurrencyRate: e.localCurrencyRate,
      },
    });
    expect(copy.status).toBe(200);
    expect((await read(copy.body.result.id)).idioma).toBe('pt');
  });

  it('refuses a language that is not configured (400 on idioma, in the caller’s language)', async () => {
    const e = await newEvent('Unknown Language Fest');
    const texts = {
      en: 'Not one of the configured languages (Configuration › Languages)',
      es: 'No es uno de los idiomas configurados (Configuración › Idiomas)',
      it: 'Non è una delle lingue configurate (Configurazione › Lingue)',
      fr: 'Ce n’est pas une des langues configurées (Configuration › Langues)',
    };
    for (const [lang, text] of Object.entries(texts)) {
      const res = await t.call('POST', '/api/event', {
        token: admin,
        lang,
        body: { event: { ...formOf(e), idioma: 'sv' } },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([
        { path: 'event.idioma', message: 'validation.unknownLanguage', text },
      ]);
    }
    // Not even an iso: the same message, from the schema.
    for (const idioma of ['EN', 'english']) {
      const res = await save({ ...formOf(e), idioma });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([
        expect.objectContaining({ path: 'event.idioma', message: 'validation.unknownLanguage' }),
      ]);
    }
    const empty = await save({ ...formOf(e), idioma: '' });
    expect(empty.body.fields).toEqual([
      expect.objectContaining({ path: 'event.idioma', message: 'validation.required' }),
    ]);
    expect(await read(e.id)).toEqual(e);
  });

  it('refuses to delete a language events use (409 naming them) or to change its code; frees it once unused', async () => {
    const nl = await addLanguage('nl', 'Nederlands');
    const zandvoort = await newEvent('Zandvoort Fest');
    const amsterdam = await newEvent('Amsterdam Fest');
    for (const e of [zandvoort, amsterdam])
      expect((await save({ ...formOf(e), idioma: 'nl' })).status).toBe(200);

    const texts = {
      en: 'This language cannot be deleted: the events Amsterdam Fest, Zandvoort Fest use it',
      es: 'No se puede eliminar este idioma: lo usan los eventos Amsterdam Fest, Zandvoort Fest',
      it: 'Impossibile eliminare questa lingua: la usano gli eventi Amsterdam Fest, Zandvoort Fest',
      fr: 'Impossible de supprimer cette langue : les événements Amsterdam Fest, Zandvoort Fest l’utilisent',
    };
    for (const [lang, description] of Object.entries(texts)) {
      const res = await t.call('DELETE', `/api/global/languages/${nl.id}`, { token: admin, lang });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 1011, description });
    }
    const languages = async () =>
      ((await t.call('GET', '/api/global/languages', { token: admin })).body.result as { iso: string }[]).map(
        (l) => l.iso,
      );
    expect(await languages()).toContain('nl');

    // Its code cannot change under the events either; its name can.
    const recoded = await t.call('POST', '/api/global/languages', {
      token: admin,
      lang: 'es',
      body: { language: { id: nl.id, iso: 'fy', name: 'Nederlands' } },
    });
    expect(recoded.status).toBe(409);
    expect(recoded.body.description).toBe(
      'No se puede cambiar el código de este idioma: lo usan los eventos Amsterdam Fest, Zandvoort Fest',
    );
    const renamed = await t.call('POST', '/api/global/languages', {
      token: admin,
      body: { language: { id: nl.id, iso: 'nl', name: 'Nederlands (NL)' } },
    });
    expect(renamed.status).toBe(200);

    // One event left: named alone; none left: deleted.
    expect((await save({ ...formOf(await read(amsterdam.id)), idioma: 'en' })).status).toBe(200);
    const one = await t.call('DELETE', `/api/global/languages/${nl.id}`, { token: admin });
    expect(one.body.description).toBe('This language cannot be deleted: the events Zandvoort Fest use it');
    expect((await save({ ...formOf(await read(zandvoort.id)), idioma: 'es' })).status).toBe(200);
    const gone = await t.call('DELETE', `/api/global/languages/${nl.id}`, { token: admin });
    expect(gone.status).toBe(200);
    expect(await languages()).not.toContain('nl');
    // The events kept the languages they were moved to.
    expect((await read(zandvoort.id)).idioma).toBe('es');
  });

  it('gives a chooser’s new event en while en is configured', async () => {
    expect((await newEvent('Chooser Fest')).idioma).toBe('en');
  });
});

describe('GET / POST /api/capacity/event', () => {
  it('reads and switches the realtime capacity log; the event form loaded before is then stale', async () => {
    const s = await t.session('admin@demo.test', 'Sonora Festival 2027');
    const before = await read((await t.eventByName('Sonora Festival 2027')).id);
    const got = await t.call('GET', '/api/capacity/event', s);
    expect(got.body.result).toEqual({ capacityLog: 0 });
    const on = await t.call('POST', '/api/capacity/event', {
      ...s,
      body: { featureToggle: { capacityLog: 1 } },
    });
    expect(on.status).toBe(200);
    expect(on.body.result).toEqual({ capacityLog: 1 });
    expect((await t.call('GET', '/api/capacity/event', s)).body.result).toEqual({ capacityLog: 1 });
    expect((await save(formOf(before))).status).toBe(409);
    const bad = await t.call('POST', '/api/capacity/event', {
      ...s,
      body: { featureToggle: { capacityLog: 2 } },
    });
    expect(bad.status).toBe(400);
  });

  it('lets a holder of the capacity permission in, and refuses one without capacity or edicionDeEventos', async () => {
    const ev = await t.activeEvent();
    await t.userWithPermissions('capacity@demo.test', ev.id, [19]);
    const s = await t.session('capacity@demo.test');
    expect((await t.call('GET', '/api/capacity/event', s)).status).toBe(200);
    await t.userWithPermissions('capacity@demo.test', ev.id, [7]);
    expect((await t.call('GET', '/api/capacity/event', s)).status).toBe(403);
    const ops = await t.session('ops@demo.test');
    const denied = await t.call('POST', '/api/capacity/event', {
      ...ops,
      body: { featureToggle: { capacityLog: 1 } },
    });
    expect(denied.status).toBe(403);
  });
});
