import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it_ from './it.json';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const placeholders = (s: string) => [...s.matchAll(/{{(\w+)(?:, *\w+)?}}/g)].map((m) => m[1]).sort();
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

describe('counts', () => {
  it('are written as the language writes numbers', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { en: { translation: en }, es: { translation: es }, fr: { translation: fr } },
      lng: 'en',
      interpolation: { escapeValue: false },
    });
    expect(i18n.t('status.waiting', { count: 10_000 })).toBe('10,000 operations waiting');
    expect(i18n.t('status.waiting', { count: 1 })).toBe('1 operation waiting');
    expect(i18n.t('status.waiting', { count: 10_000, lng: 'es' })).toMatch(/^10\.000 /);
    expect(i18n.t('status.waiting', { count: 10_000, lng: 'fr' })).toMatch(/^10\u202f000 /);
  });
});
