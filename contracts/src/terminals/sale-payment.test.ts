import { describe, expect, it } from 'vitest';
import {
  paidSale,
  paymentLettersAt,
  salePayChoices,
  splitSalePayment,
  topUpPaymentTypes,
} from './sale-payment';

describe('the payment methods at a location', () => {
  const rule = {
    value: 'CTL',
    exceptions: [
      { idLocation: null, idDevice: null, value: 'CTLP' },
      { idLocation: 7, idDevice: null, value: 'L' },
      { idLocation: null, idDevice: 3, value: 'C' },
      { idLocation: 7, idDevice: 3, value: 'LT' },
    ],
  };
  it('takes the most specific exception: device and location, location, device, all', () => {
    expect(paymentLettersAt(rule, { deviceId: 3, locationId: 7 })).toBe('LT');
    expect(paymentLettersAt(rule, { deviceId: 4, locationId: 7 })).toBe('L');
    expect(paymentLettersAt(rule, { deviceId: 3, locationId: 8 })).toBe('C');
    expect(paymentLettersAt(rule, { deviceId: 4, locationId: 8 })).toBe('CTLP');
  });
  it('falls back to the event’s value without exceptions; a single space allows nothing', () => {
    expect(paymentLettersAt({ value: 'CL', exceptions: [] }, { deviceId: 1, locationId: 1 })).toBe('CL');
    expect(
      salePayChoices(paymentLettersAt({ value: ' ', exceptions: [] }, { deviceId: 1, locationId: 1 })),
    ).toEqual([]);
  });
  it('offers the wristband for L, cash for C, a card for T, P or I, and a split when both apply', () => {
    expect(salePayChoices('CTL')).toEqual(['wristband', 'cash', 'card', 'wristbandCash', 'wristbandCard']);
    expect(salePayChoices('L')).toEqual(['wristband']);
    expect(salePayChoices('CP')).toEqual(['cash', 'card']);
    expect(salePayChoices('LI')).toEqual(['wristband', 'card', 'wristbandCard']);
  });
});

describe('the split of a sale', () => {
  it('pays the wristband part from the cash balance, then the gift balance, and the rest in cash', () => {
    expect(splitSalePayment(1700, 'wristbandCash', 'CL', { cash: 800, gift: 200 })).toEqual({
      ok: true,
      payments: [
        { type: 'S', amount: 800 },
        { type: 'B', amount: 200 },
        { type: 'O', amount: 700 },
      ],
      fromWristband: 1000,
      byHand: 700,
      after: { cash: 0, gift: 0 },
    });
  });
  it('takes the rest by card in a card split, and nothing by hand when the balance covers it', () => {
    expect(splitSalePayment(500, 'wristbandCard', 'LT', { cash: 300, gift: 0 })).toMatchObject({
      payments: [
        { type: 'S', amount: 300 },
        { type: 'T', amount: 200 },
      ],
    });
    expect(splitSalePayment(500, 'wristbandCard', 'LT', { cash: 900, gift: 0 })).toMatchObject({
      payments: [{ type: 'S', amount: 500 }],
      byHand: 0,
      after: { cash: 400, gift: 0 },
    });
  });
  it('takes a cash or card sale whole, without touching any balance', () => {
    expect(splitSalePayment(900, 'cash', 'C', null)).toMatchObject({
      payments: [{ type: 'O', amount: 900 }],
      fromWristband: 0,
    });
    expect(splitSalePayment(900, 'card', 'P', null)).toMatchObject({
      payments: [{ type: 'T', amount: 900 }],
    });
  });
  it('refuses a method the location does not allow, a short wristband alone and an empty one in a split', () => {
    expect(splitSalePayment(900, 'cash', 'LT', null)).toEqual({ ok: false, reason: 'methodNotAllowed' });
    expect(splitSalePayment(900, 'wristbandCash', 'L', { cash: 100, gift: 0 })).toEqual({
      ok: false,
      reason: 'methodNotAllowed',
    });
    expect(splitSalePayment(900, 'wristband', 'L', { cash: 500, gift: 100 })).toEqual({
      ok: false,
      reason: 'notEnoughBalance',
      missing: 300,
    });
    expect(splitSalePayment(900, 'wristbandCash', 'CL', { cash: -50, gift: 0 })).toEqual({
      ok: false,
      reason: 'emptyBalance',
    });
    expect(splitSalePayment(900, 'wristband', 'L', null)).toEqual({ ok: false, reason: 'wristbandRequired' });
  });
});

describe('a paid sale', () => {
  it('prices a pack and an add-on in its lines and splits their total', () => {
    const made = paidSale({
      id: '00000000-0000-4000-8000-000000000001',
      deviceTime: '2026-07-10T20:00:00Z',
      seq: 4,
      staffId: 2,
      locationId: 9,
      items: [
        { idArticle: 10, price: 2500, quantity: 1 },
        { idArticle: 20, price: 200, quantity: 1 },
      ],
      packs: [{ parent: 10, child: 11, quantity: 5 }],
      choice: 'wristbandCash',
      letters: 'CL',
      wristband: { rfid: '04A1B2C3D4E5F6', balances: { cash: 1000, gift: 0 } },
    });
    expect(made).toMatchObject({
      ok: true,
      total: 2700,
      operation: {
        kind: 'sale',
        rfid: '04A1B2C3D4E5F6',
        lines: [
          { idArticle: 10, price: 2500, quantity: 1 },
          { idArticle: 11, price: 0, quantity: 5 },
          { idArticle: 20, price: 200, quantity: 1 },
        ],
        payments: [
          { type: 'S', amount: 1000 },
          { type: 'O', amount: 1700 },
        ],
      },
    });
  });
});

describe('the top-up point’s payment methods', () => {
  it('takes cash for C and a card for T, P or I; nothing for cashless alone', () => {
    expect(topUpPaymentTypes('CTLP')).toEqual(['S', 'T']);
    expect(topUpPaymentTypes('CL')).toEqual(['S']);
    expect(topUpPaymentTypes('I')).toEqual(['T']);
    expect(topUpPaymentTypes('L')).toEqual([]);
  });
});
