import { ALL_PERMISSION_CODES, ERRORS, MAX_FLAGS, PERMISSIONS } from '@pulsera/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import * as schema from '../../../core/db/schema';
import {
  articlesOf,
  fieldsOf,
  makeTimeRange,
  makeZone,
  type Session,
  sessions,
} from '../fixtures.test-helper';

let t: TestApp;
let admin: Session;
let other: Session;
let zoneA: number;
let zoneB: number;
let friday: number;
let saturday: number;
let beer: number;
let water: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, other } = await sessions(t));
  zoneA = await makeZone(t, admin, 'Arena');
  zoneB = await makeZone(t, admin, 'Backstage');
  friday = await makeTimeRange(t, admin, 'Friday');
  saturday = await makeTimeRange(t, admin, 'Saturday');
  const articles = await articlesOf(t, admin);
  beer = articles.find((a) => a.name === 'Beer 50cl')!.id;
  water = articles.find((a) => a.name === 'Water 50cl')!.id;
});
afterAll(() => t.close());

const save = (flag: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/flag', { ...s, body: { flag } });
const load = async (s: Session = admin) => (await t.call('GET', '/api/flag', s)).body.result;
const list = async (s: Session = admin) => (await load(s)).flags as any[];
const remove = (id: number, s: Session = admin) => t.call('DELETE', `/api/flag/${id}`, s);
const base = { name: 'VIP', description: 'VIP area access' };

describe('flags (02-catalogue §3, §4, §5, §7, §9)', () => {
  it('creates a flag with its access entries and price overrides, numbered by the server', async () => {
    const res = await save({
      ...base,
      isMinor: 0,
      flagNumber: 9,
      access: [
        { idZone: zoneA, idTimeRange: friday, allowMultipleEntry: 1 },
        { idZone: zoneB, idTimeRange: friday },
      ],
      articles: [{ idTimeRange: friday, idArticleEvent: beer, price: 450 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({
      id: expect.any(Number),
      name: 'VIP',
      description: 'VIP area access',
      flagNumber: 1,
      isMinor: 0,
      access: [
        { idZone: zoneA, idTimeRange: friday, allowMultipleEntry: 1 },
        { idZone: zoneB, idTimeRange: friday, allowMultipleEntry: 0 },
      ],
      articles: [{ idTimeRange: friday, idArticleEvent: beer, price: 450 }],
      date_update: expect.any(String),
    });
    const loaded = await load();
    expect(loaded.flags).toEqual([res.body.result]);
    expect(loaded.zones.map((z: any) => z.name)).toEqual(['Arena', 'Backstage']);
    expect(loaded.timeRanges.map((r: any) => r.name)).toEqual(['Friday', 'Saturday']);
    expect(loaded.articles.map((a: any) => a.name)).toContain('Beer 50cl');
  });

  it('updates a flag, replacing its access list and overrides', async () => {
    const id = (await save({ ...base, name: 'Minors' })).body.result.id;
    const res = await save({
      id,
      name: 'Minors only',
      description: 'Under 18',
      isMinor: 1,
      access: [{ idZone: zoneB, idTimeRange: saturday, allowMultipleEntry: 0 }],
      articles: [
        { idTimeRange: saturday, idArticleEvent: water, price: 0 },
        { idTimeRange: friday, idArticleEvent: water, price: 100 },
      ],
    });
    expect(res.status).toBe(200);
    const saved = (await list()).find((f) => f.id === id);
    expect(saved).toMatchObject({
      name: 'Minors only',
      description: 'Under 18',
      isMinor: 1,
      access: [{ idZone: zoneB, idTimeRange: saturday, allowMultipleEntry: 0 }],
      articles: [
        { idTimeRange: saturday, idArticleEvent: water, price: 0 },
        { idTimeRange: friday, idArticleEvent: water, price: 100 },
      ],
    });
    expect((await save({ id, ...base, access: [], articles: [] })).status).toBe(200);
    expect((await list()).find((f) => f.id === id)).toMatchObject({ access: [], articles: [] });
    expect((await remove(id)).body).toEqual({ error: 0, result: true });
    expect((await list()).some((f) => f.id === id)).toBe(false);
    expect((await remove(id)).status).toBe(404);
    expect((await save({ id, ...base })).status).toBe(404);
  });

  it('refuses what §5 names, duplicates included, and writes nothing', async () => {
    const id = (await save({ ...base, name: 'Checked', access: [{ idZone: zoneA, idTimeRange: friday }] }))
      .body.result.id;
    const before = await list();
    expect(fieldsOf(await save({ name: ' ', description: '' }))).toEqual([
      'flag.name: validation.required',
      'flag.description: validation.required',
    ]);
    expect(
      fieldsOf(
        await save({
          id,
          ...base,
          access: [
            { idZone: zoneA, idTimeRange: friday },
            { idZone: zoneA, idTimeRange: friday, allowMultipleEntry: 1 },
          ],
        }),
      ),
    ).toEqual(['flag.access.1: validation.configAlreadyInserted']);
    expect(
      fieldsOf(
        await save({
          id,
          ...base,
          articles: [
            { idTimeRange: friday, idArticleEvent: beer, price: 100 },
            { idTimeRange: friday, idArticleEvent: beer, price: 200 },
          ],
        }),
      ),
    ).toEqual(['flag.articles.1.idArticleEvent: validation.overrideDuplicate']);
    expect(
      fieldsOf(
        await save({
          id,
          ...base,
          articles: [
            { idTimeRange: friday, idArticleEvent: beer, price: -1 },
            { idTimeRange: saturday, idArticleEvent: beer },
            { idTimeRange: saturday, price: 100 },
          ],
        }),
      ),
    ).toEqual([
      'flag.articles.0.price: validation.min|{"min":0}',
      'flag.articles.1.price: validation.required',
      'flag.articles.2.idArticleEvent: validation.required',
    ]);
    // Zones, time ranges and articles of another event are refused.
    const foreignZone = await makeZone(t, other, 'Other arena');
    const foreignRange = await makeTimeRange(t, other, 'Other friday');
    expect(
      fieldsOf(
        await save({
          id,
          ...base,
          access: [{ idZone: foreignZone, idTimeRange: foreignRange }],
          articles: [{ idTimeRange: friday, idArticleEvent: 999_999, price: 1 }],
        }),
      ),
    ).toEqual([
      'flag.access.0.idZone: validation.zoneNotInEvent',
      'flag.access.0.idTimeRange: validation.timeRangeNotInEvent',
      'flag.articles.0.idArticleEvent: validation.articleNotInEvent',
    ]);
    expect(await list()).toEqual(before);
  });

  it(`allows at most ${MAX_FLAGS} flags per event and reuses the lowest free number`, async () => {
    for (const f of await list()) await remove(f.id);
    const ids: number[] = [];
    for (let i = 1; i <= MAX_FLAGS; i++) {
      const res = await save({ ...base, name: `Flag ${i}` });
      expect(res.body.result.flagNumber).toBe(i);
      ids.push(res.body.result.id);
    }
    const refused = await save({ ...base, name: 'Seventeenth' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(ERRORS.flagLimit.code);
    expect(refused.body.description).toContain(String(MAX_FLAGS));
    expect((await list()).length).toBe(MAX_FLAGS);
    // Another event has its own sixteen.
    expect((await save({ ...base, name: 'Elsewhere' }, other)).body.result.flagNumber).toBe(1);
    // Updating a flag is still possible at the limit.
    expect((await save({ id: ids[0], ...base, name: 'Flag 1 renamed' })).status).toBe(200);
    await remove(ids[4]!);
    expect((await save({ ...base, name: 'Fifth again' })).body.result.flagNumber).toBe(5);
    for (const id of ids) await remove(id);
  });

  it('refuses to delete a flag an add-on grants, naming the add-ons', async () => {
    const flag = (await save({ ...base, name: 'Granted' })).body.result.id;
    const addon = await t.call('POST', '/api/addon', {
      ...admin,
      body: { item: { name: 'VIP pack', description: 'VIP upgrade', flags: [flag] } },
    });
    expect(addon.status).toBe(200);
    const res = await remove(flag);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERRORS.flagUsedByAddon.code);
    expect(res.body.description).toBe('This flag cannot be deleted: the add-ons VIP pack grant it');
    expect((await list()).some((f) => f.id === flag)).toBe(true);
    expect((await t.call('DELETE', `/api/addon/${addon.body.result.id}`, admin)).status).toBe(200);
    expect((await remove(flag)).status).toBe(200);
  });

  it('refuses to delete a flag an article’s flag choice uses, naming the articles', async () => {
    const flag = (await save({ ...base, name: 'Adults' })).body.result.id;
    const choose = (addFlag: boolean | null) =>
      t.call('POST', '/api/articles/event', {
        ...admin,
        body: { articleEvent: { id: beer, nombre: 'Beer 50cl', flags: [{ idFlag: flag, addFlag }] } },
      });
    // Disabled is a use too (only "unused" is none).
    expect((await choose(false)).status).toBe(200);
    const res = await remove(flag);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERRORS.flagUsedByArticles.code);
    expect(res.body.description).toBe(
      'This flag cannot be deleted: the flag choice of the articles Beer 50cl uses it',
    );
    expect((await list()).some((f) => f.id === flag)).toBe(true);
    expect((await choose(null)).status).toBe(200);
    expect((await remove(flag)).status).toBe(200);
  });

  it('refuses to delete a flag wristbands hold, with their count', async () => {
    const flag = (await save({ ...base, name: 'Held' })).body.result.id;
    const ev = await t.activeEvent();
    const db = t.database.db;
    const bands = await db
      .insert(schema.wristbands)
      .values([
        { eventId: ev.id, nSerie: 'FLAGTEST0001', flags: [flag] },
        { eventId: ev.id, nSerie: 'FLAGTEST0002', flags: [999_999, flag] },
        { eventId: ev.id, nSerie: 'FLAGTEST0003', flags: [] },
      ])
      .returning();
    const res = await remove(flag);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERRORS.flagHeldByWristbands.code);
    expect(res.body.description).toBe('This flag cannot be deleted: 2 wristbands hold it');
    expect((await list()).some((f) => f.id === flag)).toBe(true);
    await db.delete(schema.wristbands).where(
      inArray(
        schema.wristbands.id,
        bands.map((b) => b.id),
      ),
    );
    expect((await remove(flag)).status).toBe(200);
  });

  it('keeps each event to its own flags: another event’s id is 404', async () => {
    const foreign = (await save({ ...base, name: 'Foreign' }, other)).body.result.id;
    expect((await list()).some((f) => f.id === foreign)).toBe(false);
    expect((await save({ id: foreign, ...base, name: 'Hijack' })).status).toBe(404);
    expect((await remove(foreign)).status).toBe(404);
    expect((await list(other)).find((f) => f.id === foreign)).toMatchObject({ name: 'Foreign' });
  });

  it('needs the flag permission', async () => {
    const ev = await t.activeEvent();
    const id = (await save({ ...base, name: 'Guarded' })).body.result.id;
    await t.userWithPermissions(
      'no-flag@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.flag),
    );
    const s = await t.session('no-flag@demo.test');
    expect((await t.call('GET', '/api/flag', s)).status).toBe(403);
    expect((await save({ ...base, name: 'Sneaky' }, s)).status).toBe(403);
    expect((await remove(id, s)).status).toBe(403);
    const names = (await list()).map((f) => f.name);
    expect(names).toContain('Guarded');
    expect(names).not.toContain('Sneaky');
  });
});
