import { describe, expect, it } from 'vitest';
import { relativeAge } from './relative-age';

/** The text as read (ICU puts a no-break space between a number and its unit in some languages). */
const read = (ms: number, lang: string) => relativeAge(ms, lang).replace(/\s/g, ' ');

describe('the age of the oldest waiting operation', () => {
  it('is written in words in every language, never as a negative number', () => {
    expect(read(5 * 60_000, 'fr')).toBe('il y a 5 min');
    expect(read(0, 'fr')).toBe('il y a 0 s');
    expect(read(2 * 3_600_000, 'es')).toBe('hace 2 h');
    expect(read(5 * 60_000, 'it')).toBe('5 min fa');
    expect(read(30_000, 'en')).toBe('30s ago');
  });
});
