import { describe, expect, it } from 'vitest';
import { fillConcept, PayoutAccountForm, SEPA_CONCEPT_PATTERN, sepaClean } from './payouts';

describe('the SEPA character set (01-console §5)', () => {
  it("cleans text to letters, digits, spaces and / - ? : ( ) . , ' +", () => {
    expect(sepaClean('Jürgen Müller-Straße')).toBe('Jurgen Muller-Strasse');
    expect(sepaClean('Zoé  Lefèvre & Co. <VIP>')).toBe('Zoe Lefevre Co. VIP');
    expect(sepaClean('Søren Æbelø')).toBe('Soren AEbelo');
    expect(sepaClean('x'.repeat(200))).toHaveLength(140);
    expect(SEPA_CONCEPT_PATTERN.test(sepaClean('€ 10 — “refund” #12 ñ'))).toBe(true);
  });

  it('fills the concept template and cleans the result', () => {
    expect(
      fillConcept('Refund {refund} {event} - {customer} ({serial})', {
        event: 'Sonora Festival 2026',
        refund: 42,
        customer: 'Lucía Fernández',
        serial: '04AABB',
      }),
    ).toBe('Refund 42 Sonora Festival 2026 - Lucia Fernandez (04AABB)');
  });

  it('the debtor account refuses a concept outside the set or with an unknown placeholder', () => {
    const base = {
      name: 'Sonora SL',
      iban: 'ES91 2100 0418 4502 0005 1332',
      conceptTemplate: 'Refund {refund}',
    };
    expect(PayoutAccountForm.safeParse(base).success).toBe(true);
    const bad = (conceptTemplate: string) =>
      PayoutAccountForm.safeParse({ ...base, conceptTemplate }).error?.issues[0]?.message;
    expect(bad('Devolución {refund}')).toBe('validation.sepaCharset');
    expect(bad('Refund {ticket}')).toBe('validation.sepaPlaceholder');
    expect(bad('Refund #1')).toBe('validation.sepaCharset');
  });
});
