import { ALL_PERMISSION_CODES, ERRORS, PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { bonusTypes } from '../../../core/db/schema';
import { fieldsOf, type Session, sessions } from '../fixtures.test-helper';

let t: TestApp;
let admin: Session;
let other: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, other } = await sessions(t));
});
afterAll(() => t.close());

const save = (bonus: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/bonusType', { ...s, body: { bonus } });
const list = async (s: Session = admin) => (await t.call('GET', '/api/bonusType', s)).body.result as any[];
const remove = (id: number, s: Session = admin) => t.call('DELETE', `/api/bonusType/${id}`, s);

const bonusBody = (idBonusType: number) => ({
  idBonusType,
  plus: 0,
  percent: 10,
  minRecharge: 0,
  maxRecharge: 10000,
  minNumTopUp: 1,
  maxNumTopUp: -1,
  dateStart: '2026-07-10',
  dateEnd: '2026-07-12',
  timeStart: '00:00:00',
  timeEnd: '23:59:59',
});

describe('bonus types (02-catalogue §3, §5, §7)', () => {
  it('creates gift (M) and cash (E) types, updates and deletes them', async () => {
    const gift = await save({ description: 'Welcome drink', type: 'M' });
    expect(gift.status).toBe(200);
    expect(gift.body.result).toEqual({
      id: expect.any(Number),
      description: 'Welcome drink',
      type: 'M',
      date_update: expect.any(String),
    });
    const cash = (await save({ description: 'Compensation', type: 'E' })).body.result;
    expect((await list()).map((b) => [b.description, b.type])).toEqual([
      ['Compensation', 'E'],
      ['Welcome drink', 'M'],
    ]);
    const updated = await save({ id: cash.id, description: 'Staff compensation', type: 'M' });
    expect(updated.body.result).toMatchObject({ id: cash.id, description: 'Staff compensation', type: 'M' });
    expect((await remove(cash.id)).body).toEqual({ error: 0, result: true });
    expect((await list()).some((b) => b.id === cash.id)).toBe(false);
    expect((await remove(cash.id)).status).toBe(404);
    expect((await save({ id: cash.id, description: 'Back', type: 'E' })).status).toBe(404);
  });

  it('refuses a missing description and any type but gift or cash (O included)', async () => {
    const before = await list();
    expect(fieldsOf(await save({ description: ' ', type: 'M' }))).toEqual([
      'bonus.description: validation.required',
    ]);
    expect(fieldsOf(await save({ description: 'Automatic', type: 'O' }))).toEqual([
      'bonus.type: validation.bonusType',
    ]);
    expect(fieldsOf(await save({ description: 'None' }))).toEqual(['bonus.type: validation.bonusType']);
    expect(await list()).toEqual(before);
  });

  it('never shows, changes or deletes the system type O', async () => {
    const ev = await t.activeEvent();
    const [auto] = await t.database.db
      .insert(bonusTypes)
      .values({ eventId: ev.id, description: 'Automatic gift', type: 'O' })
      .returning();
    expect((await list()).some((b) => b.id === auto!.id)).toBe(false);
    expect((await save({ id: auto!.id, description: 'Hijack', type: 'M' })).status).toBe(404);
    expect((await remove(auto!.id)).status).toBe(404);
    // Nor is it offered to the automatic bonuses.
    const choices = (await t.call('GET', '/api/bonus', admin)).body.result.bonusTypes as any[];
    expect(choices.some((c) => c.id === auto!.id)).toBe(false);
    expect(
      (await t.call('POST', '/api/bonus', { ...admin, body: { bonus: bonusBody(auto!.id) } })).status,
    ).toBe(400);
  });

  it('refuses to delete a type an automatic bonus grants', async () => {
    const type = (await save({ description: 'Top-up gift', type: 'M' })).body.result.id;
    const bonus = await t.call('POST', '/api/bonus', { ...admin, body: { bonus: bonusBody(type) } });
    expect(bonus.status, JSON.stringify(bonus.body)).toBe(200);
    const res = await remove(type);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERRORS.bonusTypeInUse.code);
    expect((await list()).some((b) => b.id === type)).toBe(true);
    expect((await t.call('DELETE', `/api/bonus/${bonus.body.result.id}`, admin)).status).toBe(200);
    expect((await remove(type)).status).toBe(200);
  });

  it('keeps each event to its own types: another event’s id is 404', async () => {
    const foreign = (await save({ description: 'Foreign', type: 'E' }, other)).body.result.id;
    expect((await list()).some((b) => b.id === foreign)).toBe(false);
    expect((await save({ id: foreign, description: 'Hijack', type: 'E' })).status).toBe(404);
    expect((await remove(foreign)).status).toBe(404);
    expect(
      (await t.call('POST', '/api/bonus', { ...admin, body: { bonus: bonusBody(foreign) } })).body.fields,
    ).toEqual([
      { path: 'bonus.idBonusType', message: 'validation.bonusTypeNotInEvent', text: expect.any(String) },
    ]);
    expect((await list(other)).find((b) => b.id === foreign)).toMatchObject({ description: 'Foreign' });
  });

  it('needs the bonificacionesManuales permission', async () => {
    const ev = await t.activeEvent();
    const id = (await save({ description: 'Guarded', type: 'M' })).body.result.id;
    await t.userWithPermissions(
      'no-bontype@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.bonificacionesManuales),
    );
    const s = await t.session('no-bontype@demo.test');
    expect((await t.call('GET', '/api/bonusType', s)).status).toBe(403);
    expect((await save({ description: 'Sneaky', type: 'M' }, s)).status).toBe(403);
    expect((await remove(id, s)).status).toBe(403);
    const names = (await list()).map((b) => b.description);
    expect(names).toContain('Guarded');
    expect(names).not.toContain('Sneaky');
  });
});
