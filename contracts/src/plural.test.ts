import { describe, expect, it } from 'vitest';
import { formatDuration, formatText } from './plural';

describe('plural-aware texts', () => {
  it('picks the form of each language for the count', () => {
    const en = '{count, one {# wristband holds it} other {# wristbands hold it}}';
    expect(formatText('en', en, { count: 1 })).toBe('1 wristband holds it');
    expect(formatText('en', en, { count: 13 })).toBe('13 wristbands hold it');
    // French: 0 and 1 are singular.
    const fr = '{count, one {# bracelet} other {# bracelets}}';
    expect(formatText('fr', fr, { count: 0 })).toBe('0 bracelet');
    expect(formatText('fr', fr, { count: 1_500 })).toMatch(/^1\s500 bracelets$/);
    expect(formatText('en', '{n, =0 {none} one {one} other {#}}', { n: 0 })).toBe('none');
  });

  it('fills placeholders inside and outside the forms', () => {
    const text = 'Cannot delete: {count, one {{{users}} holds it} other {{{users}} hold it}}';
    expect(formatText('en', text, { count: 1, users: 'a@b.c' })).toBe('Cannot delete: a@b.c holds it');
    expect(formatText('en', text, { count: 2, users: 'a, b' })).toBe('Cannot delete: a, b hold it');
  });

  it('says durations with the right plural in every language', () => {
    expect(formatDuration('en', 60)).toBe('1 hour');
    expect(formatDuration('en', 48 * 60)).toBe('48 hours');
    expect(formatDuration('en', 1)).toBe('1 minute');
    expect(formatDuration('es', 60)).toBe('1 hora');
    expect(formatDuration('it', 120)).toBe('2 ore');
    expect(formatDuration('fr', 30)).toBe('30 minutes');
    expect(formatDuration('fr', 60)).toBe('1 heure');
  });
});
