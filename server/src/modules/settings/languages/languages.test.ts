import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const save = (language: Record<string, unknown>, token = admin) =>
  t.call('POST', '/api/global/languages', { token, body: { language } });
const list = async () =>
  (await t.call('GET', '/api/global/languages', { token: admin })).body.result as {
    id: number;
    iso: string;
    name: string;
  }[];

describe('languages (01-console §7)', () => {
  it('lists the languages by name', async () => {
    const res = await t.call('GET', '/api/global/languages', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.result.map((l: { iso: string }) => l.iso)).toEqual(['en', 'es', 'fr', 'it']);
    expect(res.body.result[0]).toEqual({ id: expect.any(Number), iso: 'en', name: 'English' });
  });

  it('creates without an id, updates with one and deletes', async () => {
    const created = await save({ iso: 'de', name: ' Deutsch ' });
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({ iso: 'de', name: 'Deutsch' });
    const id = created.body.result.id as number;
    const updated = await save({ id, iso: 'nl', name: 'Nederlands' });
    expect(updated.body.result).toEqual({ id, iso: 'nl', name: 'Nederlands' });
    expect((await list()).find((l) => l.id === id)?.iso).toBe('nl');
    expect((await t.call('DELETE', `/api/global/languages/${id}`, { token: admin })).body.result).toBe(true);
    expect((await list()).some((l) => l.id === id)).toBe(false);
    expect((await t.call('DELETE', `/api/global/languages/${id}`, { token: admin })).status).toBe(404);
    expect((await save({ id: 999_999, iso: 'pt', name: 'Português' })).status).toBe(404);
  });

  it('validates the iso (2 lower-case letters) and the name', async () => {
    const field = async (body: Record<string, unknown>) => {
      const res = await save(body);
      expect(res.status).toBe(400);
      return res.body.fields[0] as { path: string; message: string };
    };
    expect(await field({ iso: 'EN', name: 'English' })).toMatchObject({
      path: 'language.iso',
      message: 'validation.languageIso',
    });
    expect((await field({ iso: 'eng', name: 'English' })).message).toBe('validation.languageIso');
    expect(await field({ name: 'English' })).toMatchObject({ path: 'language.iso' });
    expect(await field({ iso: 'pt' })).toMatchObject({
      path: 'language.name',
      message: 'validation.required',
    });
    expect((await field({ iso: 'pt', name: 'p'.repeat(151) })).message).toBe(
      'validation.maxLength|{"maxLength":150}',
    );
    expect((await t.call('DELETE', '/api/global/languages/abc', { token: admin })).status).toBe(400);
  });

  it('refuses a repeated iso (409 duplicateName)', async () => {
    const dup = await save({ iso: 'en', name: 'English (UK)' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe(1009);
    const es = (await list()).find((l) => l.iso === 'es')!;
    expect((await save({ id: es.id, iso: 'fr', name: 'Español' })).status).toBe(409);
    expect((await save({ id: es.id, iso: 'es', name: 'Castellano' })).status).toBe(200);
  });

  it('refuses users without the admin role', async () => {
    const ops = await t.login('ops@demo.test');
    const en = (await list()).find((l) => l.iso === 'en')!;
    expect((await t.call('GET', '/api/global/languages', { token: ops })).status).toBe(403);
    expect((await save({ iso: 'ca', name: 'Català' }, ops)).status).toBe(403);
    expect((await t.call('DELETE', `/api/global/languages/${en.id}`, { token: ops })).status).toBe(403);
    expect((await list()).map((l) => l.iso)).not.toContain('ca');
    expect((await list()).map((l) => l.iso)).toContain('en');
  });
});
