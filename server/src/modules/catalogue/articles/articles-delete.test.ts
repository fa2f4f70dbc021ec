import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../core/db/schema';
import {
  admin,
  closeArticles,
  eventId,
  makeAddon,
  makeFlag,
  makeSellingLocation,
  makeTimeRange,
  newArticle,
  openArticles,
  other,
  remove,
  save,
  t,
} from './articles.fixture';

/**
 * Deleting an article: an unused one goes with its own settings; one still on a menu, in a pack,
 * the base of a complement, an exchange, priced by a flag, given by an add-on or counted by a tag
 * counter is refused naming where. On the set-up of articles.fixture.ts.
 */

beforeAll(openArticles);
afterAll(closeArticles);

describe('DELETE /api/articles/{id}', () => {
  it('deletes an unused article with its own settings', async () => {
    const id = await newArticle('Pretzel');
    const flag = await makeFlag(5, 'Pretzel flag');
    await save({ id, nombre: 'Pretzel', flags: [{ idFlag: flag, addFlag: true }] });
    const res = await remove(id);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(true);
    expect(await t.database.db.select().from(s.articles).where(eq(s.articles.id, id))).toEqual([]);
    expect(await t.database.db.select().from(s.articleFlags).where(eq(s.articleFlags.articleId, id))).toEqual(
      [],
    );
  });

  it('refuses an article still in use, naming where, and another event’s article', async () => {
    const expectRefused = async (id: number, error: number, description: string) => {
      const res = await remove(id);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(error);
      expect(res.body.description).toBe(description);
      expect(await t.database.db.select().from(s.articles).where(eq(s.articles.id, id))).toHaveLength(1);
    };
    // In a menu.
    const onMenu = await newArticle('Hot dog');
    const bar = await makeSellingLocation('Food court');
    const menu = await t.call('POST', '/api/articles/location', {
      ...admin,
      body: { idLocation: bar, articles: [{ article: onMenu, precio: 500, order: 1 }] },
    });
    expect(menu.status, JSON.stringify(menu.body)).toBe(200);
    await expectRefused(onMenu, 1601, 'This article cannot be deleted: it is on the menu of Food court');
    // In a pack.
    const inPack = await newArticle('Crisps');
    const pack = await t.call('POST', '/api/packs', {
      ...admin,
      body: { pack: { nombre: 'Snack pack', precio: 300, articles: [{ idArticle: inPack, quantity: 2 }] } },
    });
    expect(pack.status, JSON.stringify(pack.body)).toBe(200);
    await expectRefused(inPack, 1602, 'This article cannot be deleted: it is part of the pack Snack pack');
    // The base of a complement.
    const base = await newArticle('Pizza');
    const topping = await newArticle('Topping');
    await save({ id: topping, nombre: 'Topping', idBase: base });
    await expectRefused(
      base,
      1603,
      'This article cannot be deleted: it is the base of the complements Topping',
    );
    // An exchange of another article.
    const token = await newArticle('Drink token');
    const exchanged = await newArticle('Draft beer');
    await save({ id: token, nombre: 'Drink token', exchanges: [{ idArticleExchange: [exchanged] }] });
    await expectRefused(
      exchanged,
      1604,
      'This article cannot be deleted: Drink token can be exchanged for it',
    );
    // Priced by a flag, given by an add-on, counted by a tag counter.
    const priced = await newArticle('Vermouth');
    const flag = await makeFlag(6, 'Happy crew');
    const range = await makeTimeRange('Aperitivo');
    await t.database.db
      .insert(s.flagArticlePrices)
      .values({ eventId, flagId: flag, timeRangeId: range, articleId: priced, price: 100 });
    await expectRefused(
      priced,
      1605,
      'This article cannot be deleted: the flag Happy crew overrides its price',
    );
    const gift = await newArticle('Keyring');
    const addon = await makeAddon('Merch add-on');
    await t.database.db
      .insert(s.addonGifts)
      .values({ eventId, addonId: addon, articleId: gift, quantity: 1 });
    await expectRefused(
      gift,
      1606,
      'This article cannot be deleted: the add-on Merch add-on gives it as a gift',
    );
    const counted = await newArticle('Cup deposit');
    await t.database.db
      .update(s.events)
      .set({ tagCounters: [{ position: 3, idArticleIncrement: counted, idArticleDecrement: null }] })
      .where(eq(s.events.id, eventId));
    await expectRefused(counted, 1607, 'This article cannot be deleted: a tag counter of the event uses it');
    await t.database.db.update(s.events).set({ tagCounters: [] }).where(eq(s.events.id, eventId));

    const theirs = await newArticle('Their churros', other);
    expect((await remove(theirs)).status).toBe(404);
    expect((await remove(theirs, other)).status).toBe(200);
  });
});
