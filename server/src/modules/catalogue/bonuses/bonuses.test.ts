import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { articlesOf, fieldsOf, makeLocation, ok, type Session, sessions } from '../fixtures.test-helper';

let t: TestApp;
let admin: Session;
let other: Session;
let beer: number;
let bar: number;
let gate: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, other } = await sessions(t));
  beer = (await articlesOf(t, admin)).find((a) => a.name === 'Beer 50cl')!.id;
  bar = await makeLocation(t, admin, 'Top-up North');
  gate = await makeLocation(t, admin, 'Top-up South');
});
afterAll(() => t.close());

const save = (bonus: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/bonus', { ...s, body: { bonus } });
const load = async (s: Session = admin) => (await t.call('GET', '/api/bonus', s)).body.result;
const list = async (s: Session = admin) => (await load(s)).bonus as any[];
const remove = (id: number, s: Session = admin) => t.call('DELETE', `/api/bonus/${id}`, s);
const base = {
  plus: 200,
  percent: 10,
  minRecharge: 2000,
  maxRecharge: 10000,
  minNumTopUp: 1,
  maxNumTopUp: -1,
  dateStart: '2026-07-10',
  dateEnd: '2026-07-12',
  timeStart: '18:00:00',
  timeEnd: '23:59:59',
};

describe('automatic bonuses (02-catalogue §3, §5, §7)', () => {
  it('offers and accepts only top-up locations; a bar is refused, also when sent by hand', async () => {
    const mainBar = ok(
      await t.call('POST', '/api/locations', {
        ...admin,
        body: { location: { nombre: 'Bonus bar', actividades_nfc: ['V'] } },
      }),
    ).id as number;
    const choices = ((await load()).locations as { id: number }[]).map((l) => l.id);
    expect(choices).toContain(bar);
    expect(choices).not.toContain(mainBar);
    const refused = await save({ ...base, locationsAvailable: [bar, mainBar], articles: [] });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual(['bonus.locationsAvailable: validation.locationNotTopUp']);
    expect((await list()).some((b) => b.locationsAvailable.includes(mainBar))).toBe(false);
  });

  it('creates a bonus with its defaults, articles and locations', async () => {
    const res = await save({
      ...base,
      dayWeek: 'VSD',
      applyServicesOnline: 1,
      locationsAvailable: [gate, bar, bar],
      articles: [{ idArticle: beer, quantity: 2 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({
      id: expect.any(Number),
      idBonusType: null,
      ...base,
      dayWeek: 'VSD',
      applyServicesOnline: 1,
      locationsAvailable: [bar, gate].sort((a, b) => a - b),
      articles: [{ idArticle: beer, quantity: 2 }],
      date_update: expect.any(String),
    });
    const loaded = await load();
    expect(loaded.bonus).toEqual([res.body.result]);
    expect(loaded.locations.map((l: any) => l.name)).toEqual(['Top-up North', 'Top-up South']);
    expect(loaded.articles.map((a: any) => a.name)).toContain('Beer 50cl');
    // Without locations the bonus applies everywhere; weekdays default to all, online off.
    const all = (await save(base)).body.result;
    expect(all).toMatchObject({
      locationsAvailable: [],
      dayWeek: 'LMXJVSD',
      applyServicesOnline: 0,
      articles: [],
    });
  });

  it('raises a limited maximum number of top-ups to at least the minimum; -1 stays always', async () => {
    const raised = (await save({ ...base, minNumTopUp: 3, maxNumTopUp: 1 })).body.result;
    expect(raised).toMatchObject({ minNumTopUp: 3, maxNumTopUp: 3 });
    const zero = (await save({ ...base, minNumTopUp: 2, maxNumTopUp: 0 })).body.result;
    expect(zero.maxNumTopUp).toBe(2);
    const kept = (await save({ ...base, minNumTopUp: 2, maxNumTopUp: 5 })).body.result;
    expect(kept.maxNumTopUp).toBe(5);
    const always = (await save({ ...base, minNumTopUp: 4, maxNumTopUp: -1 })).body.result;
    expect(always.maxNumTopUp).toBe(-1);
    expect((await list()).find((b) => b.id === raised.id).maxNumTopUp).toBe(3);
  });

  it('updates a bonus, replacing its articles and locations, and deletes it', async () => {
    const id = (await save({ ...base, locationsAvailable: [bar], articles: [{ idArticle: beer }] })).body
      .result.id;
    const res = await save({ id, ...base, percent: 12.5, locationsAvailable: [], articles: [] });
    expect(res.status).toBe(200);
    expect((await list()).find((b) => b.id === id)).toMatchObject({
      percent: 12.5,
      locationsAvailable: [],
      articles: [],
    });
    expect((await remove(id)).body).toEqual({ error: 0, result: true });
    expect((await list()).some((b) => b.id === id)).toBe(false);
    expect((await remove(id)).status).toBe(404);
    expect((await save({ id, ...base })).status).toBe(404);
  });

  it('refuses what §5 names and writes nothing', async () => {
    const before = await list();
    expect(fieldsOf(await save({}))).toEqual([
      'bonus.plus: validation.required',
      'bonus.percent: validation.required',
      'bonus.minRecharge: validation.required',
      'bonus.maxRecharge: validation.required',
      'bonus.minNumTopUp: validation.required',
      'bonus.maxNumTopUp: validation.required',
      'bonus.dateStart: validation.required',
      'bonus.dateEnd: validation.required',
      'bonus.timeStart: validation.required',
      'bonus.timeEnd: validation.required',
    ]);
    expect(
      fieldsOf(
        await save({ ...base, plus: -1, percent: -0.5, minRecharge: -1, minNumTopUp: 0, maxNumTopUp: -2 }),
      ),
    ).toEqual([
      'bonus.plus: validation.min|{"min":0}',
      'bonus.percent: validation.min|{"min":0}',
      'bonus.minRecharge: validation.min|{"min":0}',
      'bonus.minNumTopUp: validation.min|{"min":1}',
      'bonus.maxNumTopUp: validation.min|{"min":0}',
    ]);
    expect(fieldsOf(await save({ ...base, minRecharge: 5000, maxRecharge: 4999 }))).toEqual([
      'bonus.maxRecharge: validation.maxBelowMin',
    ]);
    expect(fieldsOf(await save({ ...base, dateStart: '2026-07-12', dateEnd: '2026-07-10' }))).toEqual([
      'bonus.dateEnd: validation.endAfterStart',
    ]);
    expect(fieldsOf(await save({ ...base, dateStart: '2019-12-31', timeEnd: '24:00:00' }))).toEqual([
      'bonus.dateStart: validation.startBound|{"bound":"2020-01-01"}',
      'bonus.timeEnd: validation.timeFormat',
    ]);
    expect(fieldsOf(await save({ ...base, applyServicesOnline: 2 }))[0]).toMatch(
      /^bonus.applyServicesOnline: /,
    );
    expect(
      fieldsOf(
        await save({
          ...base,
          articles: [
            { idArticle: beer, quantity: 0 },
            { idArticle: beer, quantity: 1 },
          ],
        }),
      ),
    ).toEqual([
      'bonus.articles.0.quantity: validation.min|{"min":1}',
      'bonus.articles.1.idArticle: validation.configAlreadyInserted',
    ]);
    const foreign = await makeLocation(t, other, 'Other top-up');
    expect(
      fieldsOf(
        await save({ ...base, locationsAvailable: [bar, foreign], articles: [{ idArticle: 999_999 }] }),
      ),
    ).toEqual([
      'bonus.locationsAvailable: validation.unknownLocations',
      'bonus.articles.0.idArticle: validation.articleNotInEvent',
    ]);
    expect(await list()).toEqual(before);
  });

  it('keeps each event to its own bonuses: another event’s id is 404', async () => {
    const foreign = (await save(base, other)).body.result.id;
    expect((await list()).some((b) => b.id === foreign)).toBe(false);
    expect((await save({ id: foreign, ...base, plus: 1 })).status).toBe(404);
    expect((await remove(foreign)).status).toBe(404);
    expect((await list(other)).find((b) => b.id === foreign)).toMatchObject({ plus: 200 });
  });

  it('needs the bonficiacionesAutomaticas permission', async () => {
    const ev = await t.activeEvent();
    const id = (await save({ ...base, plus: 777 })).body.result.id;
    await t.userWithPermissions(
      'no-bonus@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.bonficiacionesAutomaticas),
    );
    const s = await t.session('no-bonus@demo.test');
    expect((await t.call('GET', '/api/bonus', s)).status).toBe(403);
    expect((await save({ ...base, plus: 999 }, s)).status).toBe(403);
    expect((await remove(id, s)).status).toBe(403);
    const pluses = (await list()).map((b) => b.plus);
    expect(pluses).toContain(777);
    expect(pluses).not.toContain(999);
  });
});
