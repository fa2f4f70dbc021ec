import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const save = (promotor: Record<string, unknown>, token = admin) =>
  t.call('POST', '/api/global/promotors', { token, body: { promotor } });
const list = async () =>
  (await t.call('GET', '/api/global/promotors', { token: admin })).body.result as {
    id: number;
    name: string;
    externalAnalytics: boolean;
  }[];

describe('promoters (01-console §7)', () => {
  it('lists the promoters by name', async () => {
    const res = await t.call('GET', '/api/global/promotors', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([
      { id: expect.any(Number), name: 'Mar Azul Producciones', externalAnalytics: false },
      { id: expect.any(Number), name: 'Sonora Live', externalAnalytics: true },
    ]);
  });

  it('creates without an id (no external analytics by default), updates with one and deletes', async () => {
    const created = await save({ name: '  Night Owl Events ' });
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({ name: 'Night Owl Events', externalAnalytics: false });
    const id = created.body.result.id as number;
    const updated = await save({ id, name: 'Night Owl', externalAnalytics: true });
    expect(updated.body.result).toEqual({ id, name: 'Night Owl', externalAnalytics: true });
    expect((await list()).find((p) => p.id === id)).toEqual({
      id,
      name: 'Night Owl',
      externalAnalytics: true,
    });
    expect((await t.call('DELETE', `/api/global/promotors/${id}`, { token: admin })).body.result).toBe(true);
    expect((await list()).some((p) => p.id === id)).toBe(false);
    expect((await t.call('DELETE', `/api/global/promotors/${id}`, { token: admin })).status).toBe(404);
    expect((await save({ id: 999_999, name: 'Ghost' })).status).toBe(404);
  });

  it('validates the name and the external analytics flag', async () => {
    const missing = await save({ externalAnalytics: true });
    expect(missing.status).toBe(400);
    expect(missing.body.fields[0]).toMatchObject({ path: 'promotor.name', message: 'validation.required' });
    const blank = await save({ name: '  ' });
    expect(blank.body.fields[0].message).toBe('validation.required');
    const long = await save({ name: 'n'.repeat(151) });
    expect(long.body.fields[0].message).toBe('validation.maxLength|{"maxLength":150}');
    const flag = await save({ name: 'Flag', externalAnalytics: 1 });
    expect(flag.status).toBe(400);
    expect(flag.body.fields[0].path).toBe('promotor.externalAnalytics');
  });

  it('refuses a repeated name whatever its case (409 duplicateName)', async () => {
    const dup = await save({ name: 'SONORA live' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe(1009);
    const other = await save({ name: 'Sunset Crew' });
    expect((await save({ id: other.body.result.id, name: 'mar azul producciones' })).status).toBe(409);
    expect((await save({ id: other.body.result.id, name: 'SUNSET CREW' })).status).toBe(200);
  });

  it('refuses to delete a promoter that still has events (409 inUse)', async () => {
    const sonora = (await list()).find((p) => p.name === 'Sonora Live')!;
    const res = await t.call('DELETE', `/api/global/promotors/${sonora.id}`, { token: admin, lang: 'fr' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 1011,
      description: 'Il est encore utilisé et ne peut pas être supprimé',
    });
    expect((await list()).some((p) => p.id === sonora.id)).toBe(true);
  });

  it('refuses users without the admin role', async () => {
    const ops = await t.login('ops@demo.test');
    const mar = (await list()).find((p) => p.name === 'Mar Azul Producciones')!;
    expect((await t.call('GET', '/api/global/promotors', { token: ops })).status).toBe(403);
    expect((await save({ name: 'Intruder' }, ops)).status).toBe(403);
    expect((await t.call('DELETE', `/api/global/promotors/${mar.id}`, { token: ops })).status).toBe(403);
    expect((await list()).some((p) => p.name === 'Intruder')).toBe(false);
  });
});
