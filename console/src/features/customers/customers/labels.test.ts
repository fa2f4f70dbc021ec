import { OPERATION_TYPES, PAYMENT_TYPES } from '@pulsera/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import {
  accessCodeName,
  extractLines,
  extractOperationType,
  extractRef,
  operationTypeName,
  paymentTypeName,
} from './labels';

const t = i18n.getFixedT('en');

describe('the names of the codes of 01-console §3', () => {
  it('names every operation type and payment type, and anything else unknown', () => {
    for (const code of OPERATION_TYPES) expect(operationTypeName(t, code), code).not.toBe('unknown');
    for (const code of PAYMENT_TYPES) expect(paymentTypeName(t, code), code).not.toBe('unknown');
    expect(operationTypeName(t, 'O-WA')).toBe('Online top-up with article');
    expect(paymentTypeName(t, 'T')).toBe('Credit card');
    expect(operationTypeName(t, 'XYZ')).toBe('unknown');
    expect(paymentTypeName(t, null)).toBe('unknown');
    expect(accessCodeName(t, 'NC')).toBe('Denied: capacity full');
    expect(accessCodeName(t, 'ZZ')).toBe('unknown');
  });

  it('describes an extract line: the top-up type and how it was paid, or the payments of a sale', () => {
    const lines = extractLines({
      rows: [
        {
          date: '2026-07-10T20:00:00Z',
          idUnique: 1,
          idType: 0,
          type: 'N',
          operation: 'topUp',
          amount: 5000,
          accumulate: 5000,
          location: null,
        },
        {
          date: '2026-07-10T20:00:00Z',
          idUnique: 7,
          idType: 1,
          type: 'S+B+Q',
          operation: 'sale',
          amount: -600,
          accumulate: 4400,
          location: null,
        },
        {
          date: '2026-07-20T12:00:00Z',
          idUnique: 90,
          idType: 2,
          type: 'SEPA',
          operation: 'bankRefund',
          amount: -4400,
          accumulate: 0,
          location: null,
        },
      ],
      payouts: [
        {
          idUnique: 90,
          date: '2026-07-20T12:00:00Z',
          operation: 'bankRefund',
          amount: -4400,
          acumulate: 0,
          runId: 3,
          refundId: 12,
        },
      ],
      topUps: [
        {
          idUnique: 1,
          date: '2026-07-10T20:00:00Z',
          operation: 'N',
          typePay: 'S',
          amount: 5000,
          bonus: 0,
          money: 5000,
          fee: 0,
          acumulate: 5000,
          articles: [],
          ref: 'R1',
          staff: 'Ana',
          supervisor: null,
          device: 'PDA 1',
          location: null,
          negativeBalance: false,
          date_update: '2026-07-10T20:00:00Z',
        },
      ],
      sales: [
        {
          idUnique: 7,
          date: '2026-07-10T20:00:00Z',
          isDevolution: false,
          totalPurchase: 600,
          totalPayed: 600,
          numPayers: 1,
          amount: -600,
          acumulate: 4400,
          payments: [],
          articles: [{ quantity: 2, price: 300, article: 'Beer', quantityGift: 0 }],
          staff: 'Luis',
          device: 'PDA 2',
          location: null,
          negativeBalance: false,
        },
      ],
    });
    expect(lines.map((l) => extractOperationType(t, l))).toEqual([
      'Top-up (Cash)',
      'Cash, Bonus, unknown',
      'SEPA',
    ]);
    expect(lines[1]!.sale?.staff).toBe('Luis');
    // A SEPA payout movement (issue 27) is a line of its own, with its run.
    expect(lines[2]!.payout?.refundId).toBe(12);
    expect(extractRef(t, lines[2]!)).toBe('Run #3');
    expect(extractRef(t, lines[0]!)).toBe('R1');
  });
});
