import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { and, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { articleExchanges, articles, flagAccess, flags } from '../../../core/db/schema';

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

const save = (body: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/timeRange', { ...s, body });
const list = async (s: Session = admin) => (await t.call('GET', '/api/timeRange', s)).body.result as any[];
const base = { name: 'Friday night', dateStart: '2026-07-10', dateEnd: '2026-07-11' };

describe('time ranges (02-catalogue §3, §4, §5, §7)', () => {
  it('creates with the hours 00:00:00–23:59:59 and every weekday, whatever is sent', async () => {
    const res = await save({ ...base, timeStart: '20:00:00', timeEnd: '02:00:00', weekdays: 'V' });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      id: expect.any(Number),
      name: 'Friday night',
      dateStart: '2026-07-10',
      dateEnd: '2026-07-11',
      timeStart: '00:00:00',
      timeEnd: '23:59:59',
      weekdays: 'LMXJVSD',
      accessUsage: 0,
      date_update: expect.any(String),
    });
    expect((await list()).map((r) => r.name)).toContain('Friday night');
  });

  it('updates an existing range with its hours and weekdays, and deletes it', async () => {
    const id = (await save({ ...base, name: 'Weekend' })).body.result.id;
    const res = await save({
      id,
      name: 'Weekend evenings',
      dateStart: '2026-07-10',
      dateEnd: '2026-07-12',
      timeStart: '18:00:00',
      timeEnd: '23:30:00',
      weekdays: 'VSD',
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      id,
      name: 'Weekend evenings',
      dateEnd: '2026-07-12',
      timeStart: '18:00:00',
      timeEnd: '23:30:00',
      weekdays: 'VSD',
    });
    const removed = await t.call('DELETE', `/api/timeRange/${id}`, admin);
    expect(removed.body).toEqual({ error: 0, result: true });
    expect((await list()).some((r) => r.id === id)).toBe(false);
    expect((await t.call('DELETE', `/api/timeRange/${id}`, admin)).status).toBe(404);
    expect(
      (await save({ ...base, id, timeStart: '00:00:00', timeEnd: '01:00:00', weekdays: 'L' })).status,
    ).toBe(404);
  });

  it('refuses what §5 names: name, dates in 2020–2099, start not after end, hours on update', async () => {
    const before = (await list()).length;
    const field = async (body: Record<string, unknown>) => {
      const res = await save(body);
      expect(res.status).toBe(400);
      return res.body.fields.map((f: { path: string; message: string }) => `${f.path}: ${f.message}`);
    };
    expect(await field({ ...base, name: '  ' })).toEqual(['name: validation.required']);
    expect(await field({ dateStart: base.dateStart, dateEnd: base.dateEnd })).toEqual([
      'name: validation.required',
    ]);
    expect(await field({ ...base, dateStart: '' })).toEqual(['dateStart: validation.required']);
    expect(await field({ ...base, dateStart: '2019-12-31' })).toEqual([
      'dateStart: validation.startBound|{"bound":"2020-01-01"}',
    ]);
    expect(await field({ ...base, dateEnd: '2100-01-01' })).toEqual([
      'dateEnd: validation.endBound|{"bound":"2099-12-31"}',
    ]);
    expect(await field({ ...base, dateEnd: '2026-02-30' })).toEqual(['dateEnd: validation.invalid']);
    expect(await field({ ...base, dateStart: '2026-07-12', dateEnd: '2026-07-11' })).toEqual([
      'dateEnd: validation.endAfterStart',
    ]);
    const id = (await save({ ...base, name: 'Checked' })).body.result.id;
    expect(await field({ ...base, id })).toEqual([
      'timeStart: validation.required',
      'timeEnd: validation.required',
      'weekdays: validation.required',
    ]);
    expect(
      await field({ ...base, id, timeStart: '25:00:00', timeEnd: '10:00', weekdays: 'LMXJVSD' }),
    ).toEqual(['timeStart: validation.timeFormat', 'timeEnd: validation.timeFormat']);
    expect(await field({ ...base, id, timeStart: '10:00:00', timeEnd: '11:00:00', weekdays: 'LLX' })).toEqual(
      ['weekdays: validation.weekdays'],
    );
    // Same day start and end is a valid range.
    expect((await save({ ...base, dateEnd: base.dateStart, name: 'One day' })).status).toBe(200);
    expect((await list()).length).toBe(before + 2);
    const unchanged = (await list()).find((r) => r.id === id);
    expect(unchanged).toMatchObject({ name: 'Checked', timeStart: '00:00:00', weekdays: 'LMXJVSD' });
  });

  it('refuses to delete a range article exchanges list (naming the articles) or a flag uses (409)', async () => {
    const ev = await t.activeEvent();
    const db = t.database.db;
    const id = (await save({ ...base, name: 'Happy hour' })).body.result.id;
    const remove = (lang?: string) => t.call('DELETE', `/api/timeRange/${id}`, { ...admin, lang });

    // Exchange entries hold time ranges as plain ids: the service names the articles.
    const [beer, water] = await db
      .select()
      .from(articles)
      .where(eq(articles.eventId, ev.id))
      .orderBy(articles.id)
      .limit(2);
    const [exchange] = await db
      .insert(articleExchanges)
      .values({ eventId: ev.id, articleId: beer!.id, exchangeArticleIds: [water!.id], timeRangeIds: [id] })
      .returning();
    const byArticles = await remove();
    expect(byArticles.status).toBe(409);
    expect(byArticles.body).toEqual({
      error: 1310,
      description: `This time range cannot be deleted: the exchanges of the articles ${beer!.name} use it`,
    });
    await db.delete(articleExchanges).where(eq(articleExchanges.id, exchange!.id));

    // A flag's access entry holds it by a foreign key: the answer names flags.
    const [top] = await db
      .select({ n: max(flags.flagNumber) })
      .from(flags)
      .where(eq(flags.eventId, ev.id));
    const [flag] = await db
      .insert(flags)
      .values({ eventId: ev.id, flagNumber: (top?.n ?? 0) + 1, name: 'Happy flag', description: 'x' })
      .returning();
    const zone = await t.call('POST', '/api/zones', {
      ...admin,
      body: { zone: { name: 'Happy zone', resetHour: '00:00:00' } },
    });
    await db
      .insert(flagAccess)
      .values({ eventId: ev.id, flagId: flag!.id, zoneId: zone.body.result, timeRangeId: id });
    const byFlag = await remove();
    expect(byFlag.status).toBe(409);
    expect(byFlag.body).toEqual({ error: 1011, description: 'It cannot be deleted: flags still use it' });
    expect((await remove('es')).body.description).toBe('No se puede eliminar: todavía lo usan flags');
    expect((await list()).some((r) => r.id === id)).toBe(true);

    await db.delete(flagAccess).where(and(eq(flagAccess.flagId, flag!.id), eq(flagAccess.timeRangeId, id)));
    expect((await remove()).body).toEqual({ error: 0, result: true });
  });

  it('keeps each event to its own ranges: another event’s id is 404', async () => {
    const foreign = (await save({ ...base, name: 'Next year' }, other)).body.result.id;
    expect((await list()).some((r) => r.id === foreign)).toBe(false);
    expect((await list(other)).map((r) => r.name)).toEqual(['Next year']);
    const update = await save({
      ...base,
      id: foreign,
      timeStart: '00:00:00',
      timeEnd: '01:00:00',
      weekdays: 'L',
    });
    expect(update.status).toBe(404);
    expect((await t.call('DELETE', `/api/timeRange/${foreign}`, admin)).status).toBe(404);
    expect((await list(other))[0]).toMatchObject({ name: 'Next year', timeEnd: '23:59:59' });
  });

  it('needs the timeRange permission', async () => {
    const ev = await t.activeEvent();
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/timeRange', ops)).status).toBe(200);
    await t.userWithPermissions(
      'no-timerange@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.timeRange),
    );
    const s = await t.session('no-timerange@demo.test');
    expect((await t.call('GET', '/api/timeRange', s)).status).toBe(403);
    const id = (await list())[0].id;
    expect((await save({ ...base, name: 'Sneaky' }, s)).status).toBe(403);
    expect((await t.call('DELETE', `/api/timeRange/${id}`, s)).status).toBe(403);
    expect((await list()).some((r) => r.name === 'Sneaky')).toBe(false);
    expect((await list()).some((r) => r.id === id)).toBe(true);
  });
});
