/**
 * The terminal and the feed share one amount rule (contracts terminals/sale-amounts.ts): over
 * generated carts, the sale a terminal builds passes the feed's schema and rules with the same total,
 * is paid cash balance first then gift balance, and never takes a balance below zero.
 */
import { randomUUID } from 'node:crypto';
import { paidSale, SALE_PAY_CHOICES, SyncOperation, saleTotal, wristbandSale } from '@pulsera/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOperation } from './sync.rules';

const item = fc.record({
  idArticle: fc.integer({ min: 1, max: 40 }),
  price: fc.integer({ min: 0, max: 5_000 }),
  quantity: fc.integer({ min: 1, max: 12 }),
});
const pack = fc.record({
  parent: fc.integer({ min: 1, max: 40 }),
  child: fc.integer({ min: 41, max: 60 }),
  quantity: fc.integer({ min: 1, max: 4 }),
});
const cart = fc.record({
  items: fc.array(item, { minLength: 1, maxLength: 10 }),
  packs: fc.array(pack, { maxLength: 4 }),
  cash: fc.integer({ min: -1_000, max: 60_000 }),
  gift: fc.integer({ min: -1_000, max: 20_000 }),
  addonId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
});

describe('sale amounts shared by the terminal and the feed', () => {
  it('a terminal sale is accepted by the feed with the same total, or refused for the cents missing', () => {
    fc.assert(
      fc.property(cart, (c) => {
        const expected = c.items.reduce((s, i) => s + i.price * i.quantity, 0);
        const made = wristbandSale({
          id: randomUUID(),
          deviceTime: '2026-07-10T18:00:00.000Z',
          seq: 1,
          rfid: '04A1B2C3D4E5F6',
          items: c.items,
          packs: c.packs,
          addonId: c.addonId,
          balances: { cash: c.cash, gift: c.gift },
        });
        expect(made.total).toBe(expected);
        const available = Math.max(0, c.cash) + Math.max(0, c.gift);
        if (!made.ok) {
          expect(made.missing).toBe(expected - available);
          expect(made.missing).toBeGreaterThan(0);
          return;
        }
        const parsed = SyncOperation.parse(made.operation);
        if (parsed.kind !== 'sale') throw new Error('not a sale');
        expect(checkOperation(parsed)).toBeNull();
        expect(saleTotal(parsed.lines)).toBe(expected);
        const byType = Object.fromEntries(parsed.payments.map((p) => [p.type, p.amount]));
        expect(byType.S ?? 0).toBe(Math.min(Math.max(0, c.cash), expected));
        expect(made.after.cash).toBeGreaterThanOrEqual(Math.min(0, c.cash));
        expect(made.after.gift).toBeGreaterThanOrEqual(Math.min(0, c.gift));
        if (byType.B) expect(made.after.cash).toBe(Math.min(0, c.cash));
      }),
      { numRuns: 300 },
    );
  });

  it('a sale paid any allowed way passes the feed with the same total; only S and B come from the wristband', () => {
    const paid = fc.record({
      items: fc.array(item, { minLength: 1, maxLength: 10 }),
      packs: fc.array(pack, { maxLength: 4 }),
      cash: fc.integer({ min: -1_000, max: 60_000 }),
      gift: fc.integer({ min: -1_000, max: 20_000 }),
      choice: fc.constantFrom(...SALE_PAY_CHOICES),
      letters: fc.subarray(['C', 'T', 'L', 'P', 'I']).map((l) => l.join('')),
    });
    fc.assert(
      fc.property(paid, (c) => {
        const made = paidSale({
          id: randomUUID(),
          deviceTime: '2026-07-10T18:00:00.000Z',
          seq: 1,
          items: c.items,
          packs: c.packs,
          choice: c.choice,
          letters: c.letters,
          wristband: { rfid: '04A1B2C3D4E5F6', balances: { cash: c.cash, gift: c.gift } },
        });
        const expected = c.items.reduce((s, i) => s + i.price * i.quantity, 0);
        expect(made.total).toBe(expected);
        if (!made.ok) return;
        const parsed = SyncOperation.parse(made.operation);
        if (parsed.kind !== 'sale') throw new Error('not a sale');
        expect(checkOperation(parsed)).toBeNull();
        expect(saleTotal(parsed.lines)).toBe(expected);
        const fromBalances = parsed.payments
          .filter((p) => p.type === 'S' || p.type === 'B')
          .reduce((s, p) => s + p.amount, 0);
        expect(fromBalances).toBe(made.fromWristband);
        expect(made.fromWristband).toBeLessThanOrEqual(Math.max(0, c.cash) + Math.max(0, c.gift));
        expect(made.fromWristband + made.byHand).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
