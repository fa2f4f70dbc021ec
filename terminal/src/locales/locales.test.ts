import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it_ from './it.json';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
const at = (o: object, key: string) => key.split('.').reduce((v: any, k) => v?.[k], o) as string;

describe('the terminal speaks en, es, it and fr', () => {
  it('has every text in every language, with the same placeholders', () => {
    const english = keys(en).sort();
    for (const [name, lang] of Object.entries({ es, it: it_, fr })) {
      expect(keys(lang).sort(), name).toEqual(english);
      for (const k of english)
        expect(placeholders(at(lang, k)), `${name} ${k}`).toEqual(placeholders(at(en, k)));
    }
  });
});
