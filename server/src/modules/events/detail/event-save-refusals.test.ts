import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencies, topUps } from '../../../core/db/schema';
import { closeEventSave, formOf, mega, newEvent, openEventSave, read, save, t } from './event-save.fixture';

/**
 * What the event form (POST /api/event) refuses: invalid fields and dates out of bounds, a rate
 * change unconfirmed on an event with operations, a stale update, non-admins and unknown events. On
 * the set-up of event-save.fixture.ts.
 */

beforeAll(openEventSave);
afterAll(closeEventSave);

describe('POST /api/event: updating the event form', () => {
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

  it('refuses non-admins and unknown events', async () => {
    const ops = await t.login('ops@demo.test');
    const e = await read((await t.activeEvent()).id);
    expect((await save(formOf(e), ops)).status).toBe(403);
    const unknown = await save({ ...formOf(e), id: 424_242 });
    expect(unknown.status).toBe(404);
  });
});
