import { describe, expect, it } from 'vitest';
import { drawerCents } from './cash-drawer';

const base = {
  id: '00000000-0000-4000-8000-000000000001',
  deviceTime: '2026-07-10T20:00:00Z',
  rfid: '04A1B2C3D4E5F6',
};

describe('the cash drawer', () => {
  it('takes in the money of a top-up paid in cash, fee included', () => {
    expect(
      drawerCents({ ...base, kind: 'topup', type: 'N', paymentType: 'S', amount: 1000, money: 1050 }),
    ).toBe(1050);
  });
  it('pays out the money of a refund paid in cash', () => {
    expect(
      drawerCents({ ...base, kind: 'topup', type: 'D', paymentType: 'S', amount: -800, money: 800 }),
    ).toBe(-800);
  });
  it('moves no cash for a card top-up, a sale or a bonus', () => {
    expect(
      drawerCents({ ...base, kind: 'topup', type: 'N', paymentType: 'T', amount: 1000, money: 1000 }),
    ).toBe(0);
    expect(drawerCents({ ...base, kind: 'topup', type: 'M', amount: 0, bonus: 500 })).toBe(0);
    expect(drawerCents({ ...base, kind: 'sale', lines: [], payments: [] })).toBe(0);
  });
});

describe('the cash drawer and bar sales', () => {
  const sale = (payments: { type: 'S' | 'B' | 'T' | 'O'; amount: number }[], isDevolution = false) =>
    drawerCents({
      ...base,
      kind: 'sale',
      lines: [{ idArticle: 1, price: 1000, quantity: 1 }],
      payments,
      isDevolution,
    });
  it('takes in the part of a sale paid in cash by hand, not the wristband’s nor the card’s', () => {
    expect(
      sale([
        { type: 'S', amount: 600 },
        { type: 'O', amount: 400 },
      ]),
    ).toBe(400);
    expect(
      sale([
        { type: 'S', amount: 600 },
        { type: 'T', amount: 400 },
      ]),
    ).toBe(0);
  });
  it('gives the cash back when the sale is cancelled', () => {
    expect(sale([{ type: 'O', amount: 1000 }], true)).toBe(-1000);
  });
});
