import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { currencies, events } from '../../../core/db/schema';
import { randomToken } from '../../../core/lib/tokens';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const save = (currency: Record<string, unknown>, token = admin) =>
  t.call('POST', '/api/global/currencies', { token, body: { currency } });
const list = async () =>
  (await t.call('GET', '/api/global/currencies', { token: admin })).body.result as {
    id: number;
    iso: string;
  }[];
const idOf = async (iso: string) => (await list()).find((c) => c.iso === iso)!.id;

describe('currencies (01-console §7)', () => {
  it('lists the global currencies', async () => {
    const res = await t.call('GET', '/api/global/currencies', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.result.map((c: { iso: string }) => c.iso).sort()).toEqual(['EUR', 'GBP', 'SNT', 'USD']);
    expect(res.body.result.find((c: { iso: string }) => c.iso === 'EUR')).toEqual({
      id: expect.any(Number),
      name: 'Euro',
      isFinancial: true,
      symbol: '€',
      iso: 'EUR',
      fraction: 0.01,
      idEvent: null,
    });
  });

  it('creates without an id (fraction 0.01 by default), updates with one and deletes', async () => {
    const created = await save({ name: '  Swiss franc ', iso: 'CHF', symbol: 'Fr', isFinancial: true });
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({
      name: 'Swiss franc',
      iso: 'CHF',
      symbol: 'Fr',
      isFinancial: true,
      fraction: 0.01,
      idEvent: null,
    });
    const id = created.body.result.id as number;
    const updated = await save({ id, name: 'Franc', iso: 'CHF', symbol: 'CHF', fraction: 0.05 });
    expect(updated.body.result).toMatchObject({ id, name: 'Franc', fraction: 0.05, isFinancial: false });
    expect((await list()).filter((c) => c.iso === 'CHF')).toHaveLength(1);

    const removed = await t.call('DELETE', `/api/global/currencies/${id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.result).toBe(true);
    expect((await list()).some((c) => c.iso === 'CHF')).toBe(false);
    const again = await t.call('DELETE', `/api/global/currencies/${id}`, { token: admin });
    expect(again.status).toBe(404);
    const missing = await save({ id: 999_999, name: 'Ghost', iso: 'GHO', symbol: 'G' });
    expect(missing.status).toBe(404);
  });

  it('validates the name, symbol, iso (3 upper-case letters) and fraction (> 0, ≤ 1)', async () => {
    const base = { name: 'Yen', iso: 'JPY', symbol: '¥' };
    const field = async (body: Record<string, unknown>) => {
      const res = await save(body);
      expect(res.status).toBe(400);
      return res.body.fields[0] as { path: string; message: string };
    };
    expect(await field({ ...base, iso: 'jpy' })).toEqual({
      path: 'currency.iso',
      message: 'validation.currencyIso',
      text: 'Three upper-case letters (ISO 4217 code, e.g. EUR)',
    });
    expect((await field({ ...base, iso: 'JPYE' })).message).toBe('validation.currencyIso');
    expect(await field({ ...base, fraction: 0 })).toMatchObject({
      path: 'currency.fraction',
      message: 'validation.positive',
    });
    expect((await field({ ...base, fraction: 1.5 })).message).toBe('validation.max|{"max":1}');
    expect(await field({ iso: 'JPY', symbol: '¥' })).toMatchObject({
      path: 'currency.name',
      message: 'validation.required',
    });
    expect((await field({ ...base, name: '   ' })).message).toBe('validation.required');
    expect((await field({ ...base, name: 'x'.repeat(151) })).message).toBe(
      'validation.maxLength|{"maxLength":150}',
    );
    expect((await field({ name: 'Yen', iso: 'JPY' })).path).toBe('currency.symbol');
    expect((await field({ ...base, isFinancial: 'yes' })).path).toBe('currency.isFinancial');
    expect((await t.call('POST', '/api/global/currencies', { token: admin, body: base })).status).toBe(400);
    expect((await save({ ...base, fraction: 1 })).status).toBe(200);
  });

  it('refuses a second global currency with the same iso (409 duplicateName)', async () => {
    const dup = await save({ name: 'Euro again', iso: 'EUR', symbol: 'E' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 1009, description: 'An element with this name already exists' });
    const usd = await idOf('USD');
    expect((await save({ id: usd, name: 'US dollar', iso: 'EUR', symbol: '$' })).status).toBe(409);
    // Saving a currency with its own iso is not a duplicate.
    const eur = await idOf('EUR');
    const same = await save({ id: eur, name: 'Euro', iso: 'EUR', symbol: '€', isFinancial: true });
    expect(same.status).toBe(200);
    // An event's own currency does not block a global one with the same iso.
    const ev = await t.activeEvent();
    await t.database.db
      .insert(currencies)
      .values({ name: 'Sonora coin', iso: 'SNC', symbol: 'S', eventId: ev.id });
    expect((await save({ name: 'Global coin', iso: 'SNC', symbol: 'C' })).status).toBe(200);
    expect((await save({ name: 'Global coin 2', iso: 'SNC', symbol: 'C' })).status).toBe(409);
  });

  it('refuses to delete a currency an event uses as financial or local currency (409 inUse)', async () => {
    const eur = await t.call('DELETE', `/api/global/currencies/${await idOf('EUR')}`, { token: admin });
    expect(eur.status).toBe(409);
    expect(eur.body).toEqual({ error: 1011, description: 'It is still in use and cannot be deleted' });
    const snt = await t.call('DELETE', `/api/global/currencies/${await idOf('SNT')}`, {
      token: admin,
      lang: 'es',
    });
    expect(snt.status).toBe(409);
    expect(snt.body.description).toBe('Todavía está en uso y no se puede eliminar');
    const left = await t.database.db.select().from(currencies).where(eq(currencies.iso, 'SNT'));
    expect(left).toHaveLength(1);
  });

  it('answers the conversions of a financial currency, computed from the events', async () => {
    const eur = await t.call('GET', '/api/global/currencies/conversion/EUR', { token: admin });
    expect(eur.status).toBe(200);
    // Only the active festival converts EUR into another currency (SNT at 2); EUR→EUR is no conversion.
    expect(eur.body.result).toEqual([
      { eventId: (await t.activeEvent()).id, eventName: 'Sonora Festival 2026', localIso: 'SNT', rate: 2 },
    ]);
    const usd = await t.call('GET', '/api/global/currencies/conversion/usd', { token: admin });
    expect(usd.body.result).toEqual([]);
    const [ev] = await t.database.db
      .insert(events)
      .values({
        token: randomToken(),
        name: 'Brooklyn Nights',
        dateStart: new Date('2026-09-01T18:00:00Z'),
        dateEnd: new Date('2026-09-02T04:00:00Z'),
        currencyId: await idOf('USD'),
        localCurrencyId: await idOf('GBP'),
        localCurrencyRate: 0.79,
      })
      .returning();
    const usd2 = await t.call('GET', '/api/global/currencies/conversion/USD', { token: admin });
    expect(usd2.body.result).toEqual([
      { eventId: ev!.id, eventName: 'Brooklyn Nights', localIso: 'GBP', rate: 0.79 },
    ]);

    const token = await t.call('GET', '/api/global/currencies/conversion/SNT', { token: admin });
    expect(token.status).toBe(400);
    expect(token.body.fields[0]).toMatchObject({
      path: 'params.iso',
      message: 'validation.financialCurrency',
    });
    const unknown = await t.call('GET', '/api/global/currencies/conversion/XYZ', { token: admin });
    expect(unknown.status).toBe(404);
    const bad = await t.call('GET', '/api/global/currencies/conversion/EU1', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].message).toBe('validation.currencyIso');
  });

  it('refuses users without the admin role', async () => {
    const ops = await t.login('ops@demo.test');
    const id = await idOf('GBP');
    expect((await t.call('GET', '/api/global/currencies', { token: ops })).status).toBe(403);
    expect((await save({ name: 'Won', iso: 'KRW', symbol: '₩' }, ops)).status).toBe(403);
    expect((await t.call('DELETE', `/api/global/currencies/${id}`, { token: ops })).status).toBe(403);
    expect((await t.call('GET', '/api/global/currencies/conversion/EUR', { token: ops })).status).toBe(403);
    expect((await list()).some((c) => c.iso === 'KRW')).toBe(false);
    expect((await list()).some((c) => c.id === id)).toBe(true);
  });
});
