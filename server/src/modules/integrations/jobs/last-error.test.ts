import { describe, expect, it } from 'vitest';
import { fail } from '../../../core/lib/errors';
import { lastErrorText } from './jobs.service';

/** What pg-boss keeps of a thrown error (serialize-error: message, name, stack and own fields). */
const kept = (e: Error) => JSON.parse(JSON.stringify({ ...e, message: e.message, name: e.name }));

describe("a failed job's last error (issue 27 item 24: no English left in es/fr/it)", () => {
  it('says a file error in the reader’s language, the system’s words after it', () => {
    const e = Object.assign(new Error('ENOTDIR: not a directory, scandir /data/uploads'), {
      code: 'ENOTDIR',
    });
    expect(lastErrorText(kept(e), 'es')).toBe(
      'El servidor no pudo leer ni escribir sus archivos: ENOTDIR: not a directory, scandir /data/uploads',
    );
    expect(lastErrorText(kept(e), 'fr')).toMatch(
      /^Le serveur n’a pas pu lire ou écrire ses fichiers : ENOTDIR/,
    );
  });

  it('says a network error and any other failure likewise', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });
    expect(lastErrorText(kept(refused), 'it')).toBe(
      'Il server non ha potuto raggiungere l’altro sistema: connect ECONNREFUSED 10.0.0.1:443',
    );
    expect(lastErrorText(kept(new Error('boom')), 'es')).toBe('La tarea falló: boom');
  });

  it('translates one of our own errors with its parameters', () => {
    const e = fail('salesPlatformError', { params: { reason: 'HTTP 502' } });
    expect(lastErrorText(kept(e), 'es')).toBe('La plataforma de ventas respondió: HTTP 502');
    expect(lastErrorText(kept(e), 'en')).toBe('The sales platform answered: HTTP 502');
  });
});
