import { LANGUAGES, MESSAGES } from '@pulsera/contracts';
import { describe, expect, it } from 'vitest';
import { SCREENS, SHELL, TEXTS } from './locales/catalogues';

const files = TEXTS as Record<string, unknown>;

function keys(node: unknown, prefix = ''): string[] {
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}
function values(node: unknown): string[] {
  if (node && typeof node === 'object') return Object.values(node).flatMap(values);
  return [String(node)];
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
function lookup(node: unknown, key: string) {
  return key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], node);
}

describe('every text exists in all four languages', () => {
  const reference = keys(files.en).sort();

  for (const lang of LANGUAGES) {
    it(`screens: ${lang} has exactly the keys of en, none empty, same placeholders`, () => {
      expect(keys(files[lang]).sort()).toEqual(reference);
      for (const v of values(files[lang])) expect(v.trim()).not.toBe('');
      for (const k of reference) {
        expect(placeholders(String(lookup(files[lang], k))), `${lang} ${k}`).toEqual(
          placeholders(String(lookup(files.en, k))),
        );
      }
    });

    it(`server messages: ${lang} has every error and validation message`, () => {
      expect(keys(MESSAGES[lang]).sort()).toEqual(keys(MESSAGES.en).sort());
      for (const v of values(MESSAGES[lang])) expect(v.trim()).not.toBe('');
    });
  }

  it('each area of the texts lives in one part: the shell or the screens, the same in every language', () => {
    const areas = (o: object) => Object.keys(o).sort();
    for (const lang of LANGUAGES) {
      expect(areas(SHELL[lang]), lang).toEqual(areas(SHELL.en));
      expect(areas(SCREENS[lang]), lang).toEqual(areas(SCREENS.en));
      expect(areas(SHELL[lang]).filter((a) => Object.hasOwn(SCREENS[lang], a))).toEqual([]);
    }
    // The server's catalogues come with the shell: no file of the console names their areas.
    expect(areas(TEXTS.en).filter((a) => a === 'errors' || a === 'validation')).toEqual([]);
  });

  it('translations are translations (Spanish differs from English)', () => {
    expect(lookup(files.es, 'auth.signIn')).not.toBe(lookup(files.en, 'auth.signIn'));
    expect(lookup(files.fr, 'dialogs.deleteConfirm')).not.toBe(lookup(files.en, 'dialogs.deleteConfirm'));
  });

  it('names every console route in the navigation', async () => {
    const { ROUTE_IDS } = await import('@pulsera/contracts');
    for (const id of ROUTE_IDS) expect(lookup(files.en, `nav.routes.${id}`), id).toBeTypeOf('string');
  });
});
