import { describe, expect, it } from 'vitest';
import { PayoutAccountForm } from './payouts';
import { bicIbanMismatch, RefundForm } from './refunds';

/** The refund form's rules across fields (issue 26), the same for the console's form and the server. */
const base = { amount: 20, fee: 0, ccOwner: 'Lucía Fernández', ccIban: 'ES91 2100 0418 4502 0005 1332' };
const issues = (v: Record<string, unknown>) =>
  RefundForm.safeParse({ ...base, ...v }).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('a refund across its fields', () => {
  it("refuses a BIC of another country than the IBAN's, on the BIC, naming both", () => {
    expect(issues({ ccBic: 'COBADEFFXXX' })).toEqual([
      ['ccBic', 'validation.bicCountry|{"iban":"ES","bic":"DE"}'],
    ]);
    expect(issues({ ccBic: 'caixesbb xxx' })).toEqual([]);
    expect(issues({ ccBic: '' })).toEqual([]);
    // Territories whose banks carry their own code: as the SEPA file library accepts them.
    expect(bicIbanMismatch('FR1420041010050500013M02606', 'BNPAGPGPXXX')).toBeNull();
    expect(bicIbanMismatch('FR1420041010050500013M02606', 'COBADEFFXXX')).toEqual({ iban: 'FR', bic: 'DE' });
  });

  it('refuses a fee that leaves nothing to transfer', () => {
    expect(issues({ fee: 20 })).toEqual([['fee', 'validation.feeUnderAmount']]);
    expect(issues({ fee: 25 })).toEqual([['fee', 'validation.feeUnderAmount']]);
    expect(issues({ fee: 19.99 })).toEqual([]);
  });

  it("the debtor account's BIC too", () => {
    const r = PayoutAccountForm.safeParse({
      name: 'Sonora',
      iban: 'ES7620770024003102575766',
      bic: 'COBADEFFXXX',
      conceptTemplate: 'Refund {refund}',
    });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['bic']);
  });
});
