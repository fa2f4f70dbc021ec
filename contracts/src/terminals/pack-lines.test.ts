import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packItems, packsAt } from './pack-lines';
import { cartLines, saleTotal } from './sale-amounts';

const base = new Map([
  [1, 600],
  [2, 350],
  [3, 1100],
]);
const priceOf = (id: number) => base.get(id) ?? 0;

describe('a pack as a sale’s lines', () => {
  it('shares the price among its articles by their base price, to the cent', () => {
    // A burger combo: burger 11.00 and soft drink 3.50 for 13.00.
    const items = packItems(
      {
        price: 1300,
        articles: [
          { idArticle: 3, quantity: 1 },
          { idArticle: 2, quantity: 1 },
        ],
      },
      1,
      priceOf,
    );
    expect(items).toEqual([
      { idArticle: 3, price: 986, quantity: 1 },
      { idArticle: 2, price: 314, quantity: 1 },
    ]);
    expect(saleTotal(cartLines(items))).toBe(1300);
  });
  it('spreads an article’s share over its units, a cent more on the first when it does not divide', () => {
    // Five beers for 27.01, two buckets.
    const items = packItems({ price: 2701, articles: [{ idArticle: 1, quantity: 5 }] }, 2, priceOf);
    expect(items).toEqual([
      { idArticle: 1, price: 541, quantity: 2 },
      { idArticle: 1, price: 540, quantity: 8 },
    ]);
    expect(saleTotal(cartLines(items))).toBe(5402);
  });
  it('always adds up to the pack’s price times the quantity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(
          fc.record({ idArticle: fc.integer({ min: 1, max: 6 }), quantity: fc.integer({ min: 1, max: 20 }) }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 9 }),
        (price, articles, n) => {
          const items = packItems({ price, articles }, n, priceOf);
          expect(saleTotal(cartLines(items))).toBe(price * n);
          expect(items.every((i) => i.price >= 0 && Number.isInteger(i.price))).toBe(true);
        },
      ),
    );
  });
  it('is sold at its locations (none: all) between its dates', () => {
    const pack = {
      id: 1,
      name: 'Bucket',
      price: 2700,
      articles: [{ idArticle: 1, quantity: 5 }],
      locationIds: [11],
      dateStart: '2026-07-10T10:00:00Z',
      dateEnd: '2026-07-13T04:00:00Z',
    };
    const during = new Date('2026-07-11T20:00:00Z');
    expect(packsAt([pack], 11, during)).toHaveLength(1);
    expect(packsAt([pack], 12, during)).toHaveLength(0);
    expect(packsAt([{ ...pack, locationIds: [] }], 12, during)).toHaveLength(1);
    expect(packsAt([pack], 11, new Date('2026-07-13T05:00:00Z'))).toHaveLength(0);
  });
});
