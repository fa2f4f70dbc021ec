import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The portal's four languages say everything English says, and every text the screens use exists. */
const dir = path.dirname(fileURLToPath(import.meta.url));
const load = (l: string) => JSON.parse(readFileSync(path.join(dir, 'locales', `${l}.json`), 'utf8'));
const keys = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('the portal’s texts', () => {
  const en = keys(load('en')).sort();
  it.each(['es', 'it', 'fr'])('%s has every English text, and no other', (l) => {
    expect(keys(load(l)).sort()).toEqual(en);
  });

  it('has a text for every key the screens ask for', () => {
    const sources = ['app.tsx', 'sign-in.tsx', 'account.tsx', 'top-up.tsx', 'receipt.tsx']
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    const used = [...sources.matchAll(/\bt\('([\w.]+)'/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(20);
    for (const k of used) expect(en, k).toContain(k);
    // Keys built at run time: an operation and an online top-up's state.
    for (const op of ['topUp', 'sale', 'devolution', 'bankRefund', 'bankRefundReversal'])
      expect(en).toContain(`op.${op}`);
    for (const s of ['pending', 'paid', 'rejected', 'refunded']) expect(en).toContain(`state.${s}`);
    for (const k of [
      'sale',
      'devolution',
      'topUp',
      'pay.S',
      'pay.B',
      'pay.T',
      'pay.O',
      'paidBy.S',
      'paidBy.T',
    ])
      expect(en).toContain(`receipt.${k}`);
  });
});
