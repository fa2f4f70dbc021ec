import { en as enMessages } from '@pulsera/contracts/messages/en';
import { describe, expect, it } from 'vitest';
import { formatBytes } from './components/image-upload';
import { TEXTS } from './locales/catalogues';

const { en, es, fr } = TEXTS;

/** Issue 27 item 14: wording a reader of each language notices. */
describe('wording', () => {
  it('sizes are in the language of the text beside them ("au plus 1 Mo", not "1 MB")', () => {
    expect(formatBytes(1_048_576, 'fr')).toMatch(/^1\s?Mo$/u);
    expect(formatBytes(1_048_576, 'en')).toBe('1 MB');
    expect(JSON.stringify(fr)).not.toContain('moins de 1 Mo');
    expect(JSON.stringify(fr)).toContain('Fond (au plus 1 Mo)');
  });

  it('the Spanish menu says Banderas, not the English Flags', () => {
    expect(es.nav.routes.flag).toBe('Banderas');
    expect(es.nav.routes.flag).not.toBe(en.nav.routes.flag);
  });

  it('a user’s effective permissions read "Permissions : 2 (Zones, Portes)", one colon', () => {
    const text = fr.config.users.effectiveList.replace('{{count}}', '2').replace('{{list}}', 'Zones, Portes');
    expect(text).toBe('Permissions : 2 (Zones, Portes)');
  });

  it('English spells synchronization one way, as the named message "Error activating synchronization"', () => {
    const texts = JSON.stringify(en) + JSON.stringify(enMessages);
    expect(texts).toContain('Error activating synchronization');
    expect(texts).not.toMatch(/synchronis/i);
  });
});
