import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';

let t: TestApp;
let sup: string;
beforeAll(async () => {
  t = await createTestApp();
  sup = await t.login('super@demo.test');
});
afterAll(() => t.close());

describe('banned wristbands (super admin)', () => {
  it('bans a wristband, lists it, and edits it by id', async () => {
    const body = {
      nSerie: '04A1B2C3D4E5F6',
      codeCheck: 'AB12',
      notes: 'Stolen at gate 3',
      banAndroid: 1,
      banTopUps: 0,
    };
    const first = await t.call('POST', '/api/rfids/ban', { token: sup, body });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ nSerie: '04A1B2C3D4E5F6', enabled: 1, enabledTopUps: 0 });
    const id = first.body.result.id;
    const edit = await t.call('POST', '/api/rfids/ban', {
      token: sup,
      body: { ...body, id, banTopUps: 1 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.result.id).toBe(id);
    const list = await t.call('GET', '/api/rfids/banned', { token: sup });
    expect(list.body.result).toHaveLength(1);
    expect(list.body.result[0]).toMatchObject({
      codeCheck: 'AB12',
      notes: 'Stolen at gate 3',
      enabled: 1,
      enabledTopUps: 1,
    });
    const unknown = await t.call('POST', '/api/rfids/ban', { token: sup, body: { ...body, id: 999999 } });
    expect(unknown.status).toBe(404);
  });

  it('refuses a second ban of a banned serial and leaves the first untouched (issue 16)', async () => {
    const body = { nSerie: '0511AABBCCDD', codeCheck: 'ZZ9', notes: 'Fraud', banAndroid: 1, banTopUps: 1 };
    const first = await t.call('POST', '/api/rfids/ban', { token: sup, body });
    expect(first.status).toBe(200);
    const again = await t.call('POST', '/api/rfids/ban', {
      token: sup,
      body: { nSerie: '0511AABBCCDD', banAndroid: 0, banTopUps: 0 },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(3400);
    expect(again.body.description).toMatch(/already banned/i);
    expect(again.body.fields).toEqual([
      expect.objectContaining({ path: 'nSerie', message: 'validation.alreadyBanned' }),
    ]);
    // Concurrent double create: exactly one ban, the other refused.
    const twin = { nSerie: '0622EEFF0011', banAndroid: 1, banTopUps: 0 };
    const both = await Promise.all([
      t.call('POST', '/api/rfids/ban', { token: sup, body: twin }),
      t.call('POST', '/api/rfids/ban', { token: sup, body: { ...twin, notes: 'second' } }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    // An edit cannot take the serial of another ban.
    const other = await t.call('POST', '/api/rfids/ban', {
      token: sup,
      body: { ...body, id: both.find((r) => r.status === 200)!.body.result.id },
    });
    expect(other.status).toBe(409);
    const list = (await t.call('GET', '/api/rfids/banned', { token: sup })).body.result;
    expect(list.filter((r: { nSerie: string }) => r.nSerie === '0622EEFF0011')).toHaveLength(1);
    expect(list.find((r: { nSerie: string }) => r.nSerie === '0511AABBCCDD')).toMatchObject({
      codeCheck: 'ZZ9',
      notes: 'Fraud',
      enabled: 1,
      enabledTopUps: 1,
    });
  });

  it('applies the form rules: serial 8 to 18 upper case, check code at most 8 upper case', async () => {
    const base = { banAndroid: 0, banTopUps: 0 };
    const short = await t.call('POST', '/api/rfids/ban', { token: sup, body: { ...base, nSerie: 'ABC123' } });
    expect(short.status).toBe(400);
    expect(short.body.fields[0]).toMatchObject({
      path: 'nSerie',
      message: 'validation.minLength|{"minLength":8}',
    });
    const long = await t.call('POST', '/api/rfids/ban', {
      token: sup,
      body: { ...base, nSerie: 'A'.repeat(19) },
    });
    expect(long.body.fields[0].message).toBe('validation.maxLength|{"maxLength":18}');
    const lower = await t.call('POST', '/api/rfids/ban', {
      token: sup,
      body: { ...base, nSerie: '04a1b2c3d4' },
    });
    expect(lower.body.fields[0].message).toBe('validation.upperCase');
    const code = await t.call('POST', '/api/rfids/ban', {
      token: sup,
      body: { ...base, nSerie: '04A1B2C3D4', codeCheck: 'ABCDEFGHI' },
    });
    expect(code.body.fields[0].path).toBe('codeCheck');
    const toggle = await t.call('POST', '/api/rfids/ban', {
      token: sup,
      body: { nSerie: '04A1B2C3D4', banAndroid: 2, banTopUps: 0 },
    });
    expect(toggle.status).toBe(400);
    const missing = await t.call('POST', '/api/rfids/ban', {
      token: sup,
      body: { banAndroid: 0, banTopUps: 0 },
    });
    expect(missing.body.fields[0]).toMatchObject({ path: 'nSerie', message: 'validation.required' });
  });

  it('refuses admins who are not super admins', async () => {
    const admin = await t.login('admin@demo.test');
    expect((await t.call('GET', '/api/rfids/banned', { token: admin })).status).toBe(403);
    const res = await t.call('POST', '/api/rfids/ban', {
      token: admin,
      body: { nSerie: '04A1B2C3D4', banAndroid: 1, banTopUps: 1 },
    });
    expect(res.status).toBe(403);
  });
});
