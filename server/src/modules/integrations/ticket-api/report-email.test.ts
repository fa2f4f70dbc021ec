import { describe, expect, it } from 'vitest';
import { verificationEmail } from './report-email';

describe('the report address verification e-mail (issue 27 item 7)', () => {
  it('says its validity with the plural of the language: "1 hour", "24 horas"', () => {
    const v = { to: 'a@b.c', schedule: 'S', event: 'E', link: 'https://x', hours: 1 };
    expect(verificationEmail('en', v).text).toContain('valid for 1 hour)');
    expect(verificationEmail('es', { ...v, hours: 24 }).text).toContain('válido 24 horas)');
  });
});
