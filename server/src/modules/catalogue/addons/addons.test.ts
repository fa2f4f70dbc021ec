import { ALL_PERMISSION_CODES, ERRORS, PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { articlesOf, fieldsOf, type Session, sessions } from '../fixtures.test-helper';

let t: TestApp;
let admin: Session;
let other: Session;
let beer: number;
let cup: number;
let vip: number;
let camping: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, other } = await sessions(t));
  const articles = await articlesOf(t, admin);
  beer = articles.find((a) => a.name === 'Beer 50cl')!.id;
  cup = articles.find((a) => a.name === 'Reusable cup')!.id;
  const flag = async (name: string) =>
    (await t.call('POST', '/api/flag', { ...admin, body: { flag: { name, description: name } } })).body.result
      .id as number;
  vip = await flag('VIP');
  camping = await flag('Camping');
});
afterAll(() => t.close());

const save = (item: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/addon', { ...s, body: { item } });
const load = async (s: Session = admin) => (await t.call('GET', '/api/addon', s)).body.result;
const list = async (s: Session = admin) => (await load(s)).addons as any[];
const remove = (id: number, s: Session = admin) => t.call('DELETE', `/api/addon/${id}`, s);
const base = { name: 'VIP upgrade', description: 'Access to the VIP areas' };

describe('add-ons (02-catalogue §3, §4, §5, §7)', () => {
  it('creates an add-on with amounts in cents, flags and gifts (quantity 1 by default)', async () => {
    const res = await save({
      ...base,
      amountCash: 2500,
      amountBonus: 500,
      flags: [vip, camping, vip],
      gifts: [{ idArticle: beer }, { idArticle: cup, quantity: 2 }],
      color: '#ff8800',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({
      id: expect.any(Number),
      name: 'VIP upgrade',
      description: 'Access to the VIP areas',
      amountCash: 2500,
      amountBonus: 500,
      flags: [vip, camping],
      gifts: [
        { idArticle: beer, quantity: 1 },
        { idArticle: cup, quantity: 2 },
      ],
      color: '#ff8800',
      date_update: expect.any(String),
    });
    const loaded = await load();
    expect(loaded.addons).toEqual([res.body.result]);
    expect(loaded.flags.map((f: any) => [f.name, f.flagNumber])).toEqual([
      ['VIP', 1],
      ['Camping', 2],
    ]);
    expect(loaded.articles.map((a: any) => a.name)).toContain('Reusable cup');
  });

  it('defaults to no flags, no gifts and zero amounts; updates and deletes', async () => {
    const created = (await save({ name: 'Plain', description: 'Nothing else' })).body.result;
    expect(created).toMatchObject({ amountCash: 0, amountBonus: 0, flags: [], gifts: [], color: null });
    const res = await save({ id: created.id, ...base, name: 'Plain+', flags: [camping], gifts: [] });
    expect(res.status).toBe(200);
    expect((await list()).find((a) => a.id === created.id)).toMatchObject({
      name: 'Plain+',
      flags: [camping],
      gifts: [],
    });
    expect((await remove(created.id)).body).toEqual({ error: 0, result: true });
    expect((await list()).some((a) => a.id === created.id)).toBe(false);
    expect((await remove(created.id)).status).toBe(404);
    expect((await save({ id: created.id, ...base })).status).toBe(404);
  });

  it('refuses what §5 names and references of another event, and writes nothing', async () => {
    const before = await list();
    expect(fieldsOf(await save({ name: '', description: '  ' }))).toEqual([
      'item.name: validation.required',
      'item.description: validation.required',
    ]);
    expect(fieldsOf(await save({ description: 'x' }))).toEqual(['item.name: validation.required']);
    expect(
      fieldsOf(
        await save({
          ...base,
          amountCash: -1,
          gifts: [
            { idArticle: beer, quantity: 0 },
            { idArticle: beer, quantity: 1 },
          ],
          color: 'orange',
        }),
      ),
    ).toEqual([
      'item.amountCash: validation.min|{"min":0}',
      'item.gifts.0.quantity: validation.min|{"min":1}',
      'item.color: validation.color',
      'item.gifts.1.idArticle: validation.configAlreadyInserted',
    ]);
    const foreignFlag = (
      await t.call('POST', '/api/flag', { ...other, body: { flag: { name: 'F', description: 'F' } } })
    ).body.result.id;
    expect(
      fieldsOf(await save({ ...base, flags: [vip, foreignFlag], gifts: [{ idArticle: 999_999 }] })),
    ).toEqual([
      'item.flags: validation.flagNotInEvent',
      'item.gifts.0.idArticle: validation.articleNotInEvent',
    ]);
    expect(await list()).toEqual(before);
  });

  it('refuses to delete an add-on an article offers or a ticket role comes with, naming them', async () => {
    const addon = (await save({ ...base, name: 'Wristband pouch' })).body.result.id as number;
    const article = (id: number, addons: number[]) =>
      t.call('POST', '/api/articles/event', {
        ...admin,
        body: { articleEvent: { id, nombre: id === beer ? 'Beer 50cl' : 'Reusable cup', addons } },
      });
    expect((await article(beer, [addon])).status).toBe(200);
    expect((await article(cup, [addon])).status).toBe(200);
    let res = await remove(addon);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERRORS.addonUsedByArticles.code);
    expect(res.body.description).toBe(
      'This add-on cannot be deleted: the articles Beer 50cl, Reusable cup offer it',
    );
    expect((await list()).some((a) => a.id === addon)).toBe(true);
    expect((await article(beer, [])).status).toBe(200);
    expect((await article(cup, [])).status).toBe(200);

    const rol = await t.call('POST', '/api/rols', {
      ...admin,
      body: { rol: { name: 'Pouch weekend', price: 0, idAddons: [addon] } },
    });
    expect(rol.status, JSON.stringify(rol.body)).toBe(200);
    res = await remove(addon);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERRORS.addonUsedByRols.code);
    expect(res.body.description).toBe(
      'This add-on cannot be deleted: the ticket roles Pouch weekend come with it',
    );
    // In the caller's language.
    res = await t.call('DELETE', `/api/addon/${addon}`, { ...admin, lang: 'es' });
    expect(res.body.description).toBe(
      'No se puede eliminar este add-on: los roles de entrada Pouch weekend lo incluyen',
    );
    expect((await t.call('DELETE', `/api/rols/${rol.body.result}`, admin)).status).toBe(200);
    expect((await remove(addon)).body).toEqual({ error: 0, result: true });
  });

  it('keeps each event to its own add-ons: another event’s id is 404', async () => {
    const foreign = (await save({ ...base, name: 'Foreign' }, other)).body.result.id;
    expect((await list()).some((a) => a.id === foreign)).toBe(false);
    expect((await save({ id: foreign, ...base })).status).toBe(404);
    expect((await remove(foreign)).status).toBe(404);
    expect((await list(other)).find((a) => a.id === foreign)).toMatchObject({ name: 'Foreign' });
  });

  it('needs the addon permission', async () => {
    const ev = await t.activeEvent();
    const id = (await save({ ...base, name: 'Guarded' })).body.result.id;
    await t.userWithPermissions(
      'no-addon@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.addon),
    );
    const s = await t.session('no-addon@demo.test');
    expect((await t.call('GET', '/api/addon', s)).status).toBe(403);
    expect((await save({ ...base, name: 'Sneaky' }, s)).status).toBe(403);
    expect((await remove(id, s)).status).toBe(403);
    const names = (await list()).map((a) => a.name);
    expect(names).toContain('Guarded');
    expect(names).not.toContain('Sneaky');
  });
});
