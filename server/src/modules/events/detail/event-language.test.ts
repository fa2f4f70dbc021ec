import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, closeEventSave, formOf, newEvent, openEventSave, read, save, t } from './event-save.fixture';

/**
 * The event's language (01-console §3 idioma): any configured language is saved and kept, others
 * refused, and a language events use cannot be deleted or recoded. On the set-up of
 * event-save.fixture.ts.
 */

beforeAll(openEventSave);
afterAll(closeEventSave);

describe('the event’s language (01-console §3 idioma: any configured language)', () => {
  const addLanguage = async (iso: string, name: string) => {
    const res = await t.call('POST', '/api/global/languages', {
      token: admin,
      body: { language: { iso, name } },
    });
    expect(res.status).toBe(200);
    return res.body.result as { id: number; iso: string; name: string };
  };

  it('saves a configured language beyond the console’s own four; the lists, the selected event and a copy keep it', async () => {
    await addLanguage('pt', 'Português');
    const e = await newEvent('Lisboa Fest');
    const res = await save({ ...formOf(e), idioma: 'pt' });
    expect(res.status).toBe(200);
    expect((await read(e.id)).idioma).toBe('pt');
    const selected = await t.call('GET', '/api/event', { token: admin, event: e.token });
    expect(selected.status).toBe(200);
    expect(selected.body.result.idioma).toBe('pt');
    const all = await t.call('GET', '/api/events/all', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.result.events.map((x: { id: number }) => x.id)).toContain(e.id);

    const copy = await t.call('POST', '/api/duplicateEvent', {
      token: admin,
      event: e.token,
      body: {
        newEventName: 'Lisboa Fest copy',
        f_inicio: e.f_inicio,
        f_fin: e.f_fin,
        moneda: e.moneda,
        localCurrency: e.localCurrency,
        localCurrencyRate: e.localCurrencyRate,
      },
    });
    expect(copy.status).toBe(200);
    expect((await read(copy.body.result.id)).idioma).toBe('pt');
  });

  it('refuses a language that is not configured (400 on idioma, in the caller’s language)', async () => {
    const e = await newEvent('Unknown Language Fest');
    const texts = {
      en: 'Not one of the configured languages (Configuration › Languages)',
      es: 'No es uno de los idiomas configurados (Configuración › Idiomas)',
      it: 'Non è una delle lingue configurate (Configurazione › Lingue)',
      fr: 'Ce n’est pas une des langues configurées (Configuration › Langues)',
    };
    for (const [lang, text] of Object.entries(texts)) {
      const res = await t.call('POST', '/api/event', {
        token: admin,
        lang,
        body: { event: { ...formOf(e), idioma: 'sv' } },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([
        { path: 'event.idioma', message: 'validation.unknownLanguage', text },
      ]);
    }
    // Not even an iso: the same message, from the schema.
    for (const idioma of ['EN', 'english']) {
      const res = await save({ ...formOf(e), idioma });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([
        expect.objectContaining({ path: 'event.idioma', message: 'validation.unknownLanguage' }),
      ]);
    }
    const empty = await save({ ...formOf(e), idioma: '' });
    expect(empty.body.fields).toEqual([
      expect.objectContaining({ path: 'event.idioma', message: 'validation.required' }),
    ]);
    expect(await read(e.id)).toEqual(e);
  });

  it('refuses to delete a language events use (409 naming them) or to change its code; frees it once unused', async () => {
    const nl = await addLanguage('nl', 'Nederlands');
    const zandvoort = await newEvent('Zandvoort Fest');
    const amsterdam = await newEvent('Amsterdam Fest');
    for (const e of [zandvoort, amsterdam])
      expect((await save({ ...formOf(e), idioma: 'nl' })).status).toBe(200);

    const texts = {
      en: 'This language cannot be deleted: the events Amsterdam Fest, Zandvoort Fest use it',
      es: 'No se puede eliminar este idioma: lo usan los eventos Amsterdam Fest, Zandvoort Fest',
      it: 'Impossibile eliminare questa lingua: la usano gli eventi Amsterdam Fest, Zandvoort Fest',
      fr: 'Impossible de supprimer cette langue : les événements Amsterdam Fest, Zandvoort Fest l’utilisent',
    };
    for (const [lang, description] of Object.entries(texts)) {
      const res = await t.call('DELETE', `/api/global/languages/${nl.id}`, { token: admin, lang });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 1011, description });
    }
    const languages = async () =>
      ((await t.call('GET', '/api/global/languages', { token: admin })).body.result as { iso: string }[]).map(
        (l) => l.iso,
      );
    expect(await languages()).toContain('nl');

    // Its code cannot change under the events either; its name can.
    const recoded = await t.call('POST', '/api/global/languages', {
      token: admin,
      lang: 'es',
      body: { language: { id: nl.id, iso: 'fy', name: 'Nederlands' } },
    });
    expect(recoded.status).toBe(409);
    expect(recoded.body.description).toBe(
      'No se puede cambiar el código de este idioma: lo usan los eventos Amsterdam Fest, Zandvoort Fest',
    );
    const renamed = await t.call('POST', '/api/global/languages', {
      token: admin,
      body: { language: { id: nl.id, iso: 'nl', name: 'Nederlands (NL)' } },
    });
    expect(renamed.status).toBe(200);

    // One event left: named alone; none left: deleted.
    expect((await save({ ...formOf(await read(amsterdam.id)), idioma: 'en' })).status).toBe(200);
    const one = await t.call('DELETE', `/api/global/languages/${nl.id}`, { token: admin });
    expect(one.body.description).toBe('This language cannot be deleted: the events Zandvoort Fest use it');
    expect((await save({ ...formOf(await read(zandvoort.id)), idioma: 'es' })).status).toBe(200);
    const gone = await t.call('DELETE', `/api/global/languages/${nl.id}`, { token: admin });
    expect(gone.status).toBe(200);
    expect(await languages()).not.toContain('nl');
    // The events kept the languages they were moved to.
    expect((await read(zandvoort.id)).idioma).toBe('es');
  });

  it('gives a chooser’s new event en while en is configured', async () => {
    expect((await newEvent('Chooser Fest')).idioma).toBe('en');
  });
});
