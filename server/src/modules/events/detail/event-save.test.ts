import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, currencies, events, eventTeams, promoters, teams } from '../../../core/db/schema';
import {
  admin,
  closeEventSave,
  formOf,
  mega,
  newEvent,
  openEventSave,
  read,
  save,
  t,
} from './event-save.fixture';
import { activeTagCounters, applyRoleRules } from './event-save.service';

/**
 * The event form (POST /api/event) saving its fields: every field of the form, the fields cleared
 * or kept by the role rules, the province and fiscal fields, the teams, closing, the tag counters, a
 * full create; and the realtime capacity log switched beside it. On the set-up of event-save.fixture.ts.
 */

beforeAll(openEventSave);
afterAll(closeEventSave);

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
