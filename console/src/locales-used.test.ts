import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, MESSAGES } from '@pulsera/contracts';
import { describe, expect, it } from 'vitest';
import { TEXTS } from './locales/catalogues';

/**
 * A raw key on a screen or in an export (issue 27 item 6: `dialogs.yes`): every key the console's
 * sources name literally — `t('a.b')`, `i18n.t('a.b')`, `` t(`a.b`) `` and the `${P}.x` /
 * `${prefix}.x` forms of a page whose P is a literal — exists in every language's catalogue.
 */
const files = TEXTS as Record<string, unknown>;
const lookup = (node: unknown, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], node);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** The literal keys of one file (template keys only when wholly literal after the page's prefix). */
export function usedKeys(code: string): string[] {
  const prefix = /\bconst P = '([a-zA-Z.]+)'/.exec(code)?.[1];
  const keys: string[] = [];
  for (const m of code.matchAll(/\bt\(\s*'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g)) keys.push(m[1]!);
  for (const m of code.matchAll(/\bt\(\s*`([^`$]*(?:\$\{P\}[^`$]*)?)`/g)) {
    const raw = m[1]!;
    if (raw.includes('${P}') && !prefix) continue;
    const key = raw.replace('${P}', prefix ?? '');
    if (/^[a-zA-Z]\w*(\.\w+)+$/.test(key)) keys.push(key);
  }
  return keys;
}

const root = path.join(__dirname);
const all = sources(root).flatMap((file) =>
  usedKeys(readFileSync(file, 'utf8')).map((key) => ({ file: path.relative(root, file), key })),
);

describe('every key the screens name exists', () => {
  it('finds the keys (the scan reads the sources)', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(all.some((k) => k.key === 'dialogs.deleteTitle')).toBe(true);
  });
  for (const lang of LANGUAGES) {
    it(`${lang}: no literal key is missing from the catalogue`, () => {
      const bundle = { ...(files[lang] as object), ...MESSAGES[lang] };
      // i18next plurals stand as key_one / key_other.
      const found = (key: string) =>
        typeof lookup(bundle, key) === 'string' || typeof lookup(bundle, `${key}_other`) === 'string';
      const missing = all.filter(({ key }) => !found(key));
      expect(missing.map((m) => `${m.file}: ${m.key}`)).toEqual([]);
    });
  }
});
