import { LANGUAGES } from '@pulsera/contracts';
import { describe, expect, it } from 'vitest';
import { passwordEmail } from './emails';

const v = (minutes: number) => ({
  name: 'Paula',
  email: 'paula@promoter.test',
  link: 'https://x/l',
  minutes,
});

describe('password e-mails (issue 27 item 7)', () => {
  it('an administrator reset says the old password no longer works, never "ignore this e-mail"', () => {
    for (const lang of LANGUAGES) {
      const mail = passwordEmail('adminReset', lang, v(60));
      expect(mail.text).not.toMatch(/ignore|ignora|ignorez|stays|no cambia|resta la stessa|reste le même/i);
    }
    expect(passwordEmail('adminReset', 'en', v(60)).text).toContain('the old one no longer works');
    expect(passwordEmail('adminReset', 'es', v(60)).text).toContain('la anterior ya no funciona');
  });

  it('says "1 hour", "2 hours", "1 minute" with the plural of each language', () => {
    expect(passwordEmail('adminReset', 'en', v(60)).text).toContain('valid for 1 hour;');
    expect(passwordEmail('reset', 'en', v(120)).text).toContain('valid for 2 hours;');
    expect(passwordEmail('reset', 'en', v(1)).text).toContain('valid for 1 minute;');
    expect(passwordEmail('invitation', 'es', v(60)).text).toContain('válido 1 hora)');
    expect(passwordEmail('invitation', 'fr', v(60)).text).toContain('valable 1 heure)');
    expect(passwordEmail('invitation', 'it', v(48 * 60)).text).toContain('valido 48 ore)');
    for (const lang of LANGUAGES)
      for (const kind of ['invitation', 'reset', 'adminReset'] as const)
        expect(passwordEmail(kind, lang, v(60)).text).not.toMatch(/\{\{|\}\}/);
  });
});
