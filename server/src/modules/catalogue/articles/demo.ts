import { MenuSaveRequest, PackSave } from '@pulsera/contracts';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client';
import { articles, events, locationArticles, locations, packs } from '../../../core/db/schema';
import { BARS, FOOD_COURT } from '../../reports';
import { saveMenu } from '../location-articles/location-articles.service';
import { savePack } from '../packs/packs.service';

/**
 * The menus of the demo festival's sale locations, in their order, at the articles' base prices. A
 * hidden article (visible 0) is not offered on the terminal: the Beach Bar keeps its gin tonic off
 * (no cocktails there this edition), and the Cocktail Tent serves every gin tonic in a reusable cup
 * added by a stick, so the cup is not a button of its own there. The simulation sells what these
 * menus show, with the sticks (`eventMenus` in the simulator).
 */
const MENUS: Record<
  string,
  { items: [article: string, visible: 0 | 1][]; sticks?: [string, string, number][] }
> = {
  [BARS[0]!]: {
    items: [
      ['Beer 50cl', 1],
      ['Soft drink', 1],
      ['Water 50cl', 1],
      ['Gin tonic', 1],
      ['Reusable cup', 1],
    ],
  },
  [BARS[1]!]: {
    items: [
      ['Beer 50cl', 1],
      ['Water 50cl', 1],
      ['Soft drink', 1],
      ['Reusable cup', 1],
      ['Gin tonic', 0],
    ],
  },
  [BARS[2]!]: {
    items: [
      ['Gin tonic', 1],
      ['Soft drink', 1],
      ['Beer 50cl', 1],
      ['Water 50cl', 1],
      ['Reusable cup', 0],
    ],
    sticks: [['Gin tonic', 'Reusable cup', 1]],
  },
  [FOOD_COURT]: {
    items: [
      ['Burger', 1],
      ['Soft drink', 1],
      ['Water 50cl', 1],
      ['Beer 50cl', 1],
    ],
  },
};

/**
 * The demo festival's location menus and packs, before the simulation (`simulateDemo`), written
 * through the menu and pack services (the same rules as the console). Menus are filled only while the
 * event has none, packs only while it has none; a location or article that is missing is left out.
 */
export async function seedDemoMenusAndPacks(db: Db, eventId: number) {
  const ctx = { db };
  const [articleRows, locationRows, [items], [packCount], [event]] = await Promise.all([
    db
      .select({ id: articles.id, name: articles.name, price: articles.basePrice })
      .from(articles)
      .where(eq(articles.eventId, eventId)),
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.eventId, eventId)),
    db.select({ n: count() }).from(locationArticles).where(eq(locationArticles.eventId, eventId)),
    db.select({ n: count() }).from(packs).where(eq(packs.eventId, eventId)),
    db.select({ start: events.dateStart, end: events.dateEnd }).from(events).where(eq(events.id, eventId)),
  ]);
  const article = new Map(articleRows.map((a) => [a.name, a]));
  const location = new Map(locationRows.map((l) => [l.name, l.id]));

  if (!Number(items?.n)) {
    for (const [name, menu] of Object.entries(MENUS)) {
      const idLocation = location.get(name);
      if (!idLocation) continue;
      const onMenu = menu.items.filter(([a]) => article.has(a));
      await saveMenu(
        ctx,
        eventId,
        MenuSaveRequest.parse({
          idLocation,
          articles: onMenu.map(([a, visible], i) => ({
            article: article.get(a)!.id,
            precio: article.get(a)!.price,
            order: i + 1,
            visible,
          })),
          articlesStick: (menu.sticks ?? [])
            .filter(([parent, child]) => article.has(parent) && article.has(child))
            .map(([parent, child, quantity]) => ({
              idArticle: article.get(parent)!.id,
              idArticleStick: article.get(child)!.id,
              quantity,
            })),
        }),
      );
    }
  }

  if (!Number(packCount?.n) && event) {
    const bars = [BARS[0]!, BARS[1]!].flatMap((b) => location.get(b) ?? []);
    const foodCourt = location.get(FOOD_COURT);
    const offers = [
      {
        nombre: 'Burger combo',
        precio: 1300,
        articles: [
          ['Burger', 1],
          ['Soft drink', 1],
        ] as const,
        locationsAvailable: foodCourt ? [foodCourt] : [],
        dateStart: null,
        dateEnd: null,
      },
      {
        // Five beers for the price of four and a half, while the festival is on.
        nombre: 'Beer bucket (5 × 50cl)',
        precio: 2700,
        articles: [['Beer 50cl', 5]] as const,
        locationsAvailable: bars,
        dateStart: event.start.toISOString(),
        dateEnd: event.end.toISOString(),
      },
    ];
    for (const offer of offers) {
      if (!offer.articles.every(([a]) => article.has(a))) continue;
      await savePack(
        ctx,
        eventId,
        PackSave.parse({
          ...offer,
          articles: offer.articles.map(([a, quantity]) => ({ idArticle: article.get(a)!.id, quantity })),
        }),
      );
    }
  }
}
