import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { articles, gates, locationArticles, locations, zones } from '../core/db/schema';

/**
 * The demo's ready-to-open terminals (README "Terminal"): with SEED=demo, /terminal/demo/bar and
 * /terminal/demo/top-up answer a setup link that a terminal redeems, naming the demo festival's bar
 * with a menu and its top-up point; without the demo, nobody is handed a terminal by a link.
 */
async function venue(t: TestApp) {
  const eventId = (await t.activeEvent()).id;
  const db = t.database.db;
  const [emptyBar, bar, kiosk, point, scanner] = await db
    .insert(locations)
    .values([
      { eventId, idUnique: 901, name: 'Bar without menu', activities: ['V'] },
      { eventId, idUnique: 902, name: 'Main bar', activities: ['V'] },
      { eventId, idUnique: 903, name: 'Kiosk', activities: ['C', 'K'] },
      { eventId, idUnique: 904, name: 'Top-up point', activities: ['C'] },
      { eventId, idUnique: 905, name: 'North gate scanner', activities: ['A', 'T'] },
    ])
    .returning({ id: locations.id });
  const [grounds] = await db.insert(zones).values({ eventId, idUnique: 901, name: 'Grounds' }).returning();
  const [closed, gate] = await db
    .insert(gates)
    .values([
      { eventId, name: 'Closed gate', zoneToId: grounds!.id, locationId: scanner!.id, active: 0 },
      { eventId, name: 'North gate', zoneToId: grounds!.id, locationId: scanner!.id },
    ])
    .returning({ id: gates.id });
  expect(closed!.id).toBeLessThan(gate!.id);
  const [beer] = await db.insert(articles).values({ eventId, name: 'Beer' }).returning();
  await db.insert(locationArticles).values({ eventId, locationId: bar!.id, articleId: beer!.id, price: 500 });
  return {
    eventId,
    emptyBar: emptyBar!.id,
    bar: bar!.id,
    kiosk: kiosk!.id,
    point: point!.id,
    scanner: scanner!.id,
    gate: gate!.id,
  };
}

describe('with SEED=demo', () => {
  let t: TestApp;
  let places: Awaited<ReturnType<typeof venue>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo', publicUrl: 'http://localhost:8080' });
    places = await venue(t);
  });
  afterAll(() => t.close());

  for (const [which, place] of [
    ['bar', 'bar'],
    ['top-up', 'point'],
    ['kiosk', 'kiosk'],
    ['gate', 'scanner'],
  ] as const) {
    it(`/terminal/demo/${which} sends the browser to a setup link a terminal redeems`, async () => {
      const res = await t.app.inject({ method: 'GET', url: `/terminal/demo/${which}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe('no-store');
      const target = String(res.headers.location);
      expect(target.startsWith('/terminal/#')).toBe(true);
      const link = new URLSearchParams(target.slice('/terminal/#'.length));
      expect(Number(link.get('location'))).toBe(places[place]);
      // The gate's link names the active gate, at its scanner's location; the others name none.
      expect(link.get('gate')).toBe(which === 'gate' ? String(places.gate) : null);
      const redeemed = await t.app.inject({
        method: 'POST',
        url: '/api/device/redeem',
        headers: { origin: 'http://localhost:8080' },
        payload: { qr: link.get('setup'), serial: `WEB-DEMO-${which}` },
      });
      expect(redeemed.statusCode).toBe(200);
      expect(redeemed.json().result.event.id).toBe(places.eventId);
    });
  }
});

describe('without the demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await venue(t);
  });
  afterAll(() => t.close());

  it('hands out no terminal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/terminal/demo/bar' });
    expect(res.statusCode).not.toBe(302);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).not.toContain('PULSERA-DEVCFG');
  });
});
