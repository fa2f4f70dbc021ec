import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const save = (province: Record<string, unknown>, token = admin) =>
  t.call('POST', '/api/provinces', { token, body: { province } });
const list = async () =>
  (await t.call('GET', '/api/provinces', { token: admin })).body.result as {
    id: number;
    name: string;
    country: string;
  }[];

describe('provinces (01-console §7)', () => {
  it('lists the provinces by name', async () => {
    const res = await t.call('GET', '/api/provinces', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([
      { id: expect.any(Number), name: 'Barcelona', country: 'Spain' },
      { id: expect.any(Number), name: 'Lisboa', country: 'Portugal' },
      { id: expect.any(Number), name: 'Valencia', country: 'Spain' },
    ]);
  });

  it('creates without an id, updates with one and deletes', async () => {
    const created = await save({ name: ' Porto ', country: ' Portugal ' });
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({ name: 'Porto', country: 'Portugal' });
    const id = created.body.result.id as number;
    const updated = await save({ id, name: 'Oporto', country: 'Portugal' });
    expect(updated.body.result).toEqual({ id, name: 'Oporto', country: 'Portugal' });
    expect((await list()).find((p) => p.id === id)?.name).toBe('Oporto');
    expect((await t.call('DELETE', `/api/provinces/${id}`, { token: admin })).body.result).toBe(true);
    expect((await list()).some((p) => p.id === id)).toBe(false);
    expect((await t.call('DELETE', `/api/provinces/${id}`, { token: admin })).status).toBe(404);
    expect((await save({ id: 999_999, name: 'Ghost', country: 'Nowhere' })).status).toBe(404);
  });

  it('validates the name and the country', async () => {
    const noName = await save({ country: 'Spain' });
    expect(noName.status).toBe(400);
    expect(noName.body.fields[0]).toMatchObject({ path: 'province.name', message: 'validation.required' });
    const noCountry = await save({ name: 'Madrid', country: ' ' });
    expect(noCountry.body.fields[0]).toMatchObject({
      path: 'province.country',
      message: 'validation.required',
    });
    const long = await save({ name: 'm'.repeat(151), country: 'Spain' });
    expect(long.body.fields[0].message).toBe('validation.maxLength|{"maxLength":150}');
  });

  it('refuses to delete a province that still has events (409 inUse)', async () => {
    const valencia = (await list()).find((p) => p.name === 'Valencia')!;
    const res = await t.call('DELETE', `/api/provinces/${valencia.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 1011, description: 'It is still in use and cannot be deleted' });
    expect((await list()).some((p) => p.id === valencia.id)).toBe(true);
  });

  it('finds at most 10 provinces whose name contains the text, whatever its case', async () => {
    for (let i = 1; i <= 12; i++) {
      expect(
        (await save({ name: `San Province ${String(i).padStart(2, '0')}`, country: 'Spain' })).status,
      ).toBe(200);
    }
    const many = await t.call('GET', '/api/provinces/find?name=san%20prov', { token: admin });
    expect(many.status).toBe(200);
    expect(many.body.result).toHaveLength(10);
    expect(many.body.result[0]).toMatchObject({ name: 'San Province 01', country: 'Spain' });
    const lisboa = await t.call('GET', '/api/provinces/find?name=ISBO', { token: admin });
    expect(lisboa.body.result.map((p: { name: string }) => p.name)).toEqual(['Lisboa']);
    const wildcard = await t.call('GET', '/api/provinces/find?name=%25', { token: admin });
    expect(wildcard.body.result).toEqual([]);
    const empty = await t.call('GET', '/api/provinces/find', { token: admin });
    expect(empty.body.result).toHaveLength(10);
  });

  it('refuses users without the admin role', async () => {
    const ops = await t.login('ops@demo.test');
    const lisboa = (await list()).find((p) => p.name === 'Lisboa')!;
    expect((await t.call('GET', '/api/provinces', { token: ops })).status).toBe(403);
    expect((await t.call('GET', '/api/provinces/find?name=a', { token: ops })).status).toBe(403);
    expect((await save({ name: 'Madrid', country: 'Spain' }, ops)).status).toBe(403);
    expect((await t.call('DELETE', `/api/provinces/${lisboa.id}`, { token: ops })).status).toBe(403);
    expect((await list()).some((p) => p.name === 'Madrid')).toBe(false);
  });
});
