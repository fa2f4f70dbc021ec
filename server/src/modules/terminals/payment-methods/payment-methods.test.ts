import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { appParams } from '../../../core/db/schema';

/** The payment method catalogue (admin/configuration/paymentMethod) and its rule on ALLOWED_PAYMENT_METHODS. */
let t: TestApp;
let sup: Awaited<ReturnType<TestApp['session']>>;
let admin: Awaited<ReturnType<TestApp['session']>>;
let paymentId: number;
beforeAll(async () => {
  t = await createTestApp();
  sup = await t.session('super@demo.test');
  admin = await t.session('admin@demo.test');
  const [p] = await t.database.db
    .select()
    .from(appParams)
    .where(eq(appParams.nameUnique, 'ALLOWED_PAYMENT_METHODS'));
  paymentId = p!.id;
}, 300_000);
afterAll(() => t.close());

const labels = { en: 'External TPV', es: 'TPV externo', it: 'POS esterno', fr: 'TPE externe' };

describe('payment methods', { timeout: 120_000 }, () => {
  it('lists the five letters with their labels, all enabled at first', async () => {
    const res = await t.call('GET', '/api/global/payment-methods', admin);
    expect(res.status).toBe(200);
    expect(res.body.result.map((m: { letter: string }) => m.letter)).toEqual(['C', 'T', 'L', 'P', 'I']);
    expect(res.body.result[0]).toEqual({
      letter: 'C',
      labels: { en: 'Cash', es: 'Efectivo', it: 'Contanti', fr: 'Espèces' },
      enabled: 1,
    });
  });

  it('is edited by a super admin only, with a label in every language', async () => {
    const denied = await t.call('POST', '/api/global/payment-methods', {
      ...admin,
      body: { letter: 'T', labels, enabled: 0 },
    });
    expect(denied.status).toBe(403);
    const blank = await t.call('POST', '/api/global/payment-methods', {
      ...sup,
      body: { letter: 'T', labels: { ...labels, fr: ' ' }, enabled: 0 },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.fields[0]).toMatchObject({ path: 'labels.fr', message: 'validation.required' });
    const unknown = await t.call('POST', '/api/global/payment-methods', {
      ...sup,
      body: { letter: 'X', labels, enabled: 1 },
    });
    expect(unknown.status).toBe(400);
    const saved = await t.call('POST', '/api/global/payment-methods', {
      ...sup,
      body: { letter: 'T', labels: { ...labels, en: 'Card terminal (external)' }, enabled: 0 },
    });
    expect(saved.body.result).toEqual({
      letter: 'T',
      labels: { ...labels, en: 'Card terminal (external)' },
      enabled: 0,
    });
  });

  it('refuses a disabled letter in an event’s ALLOWED_PAYMENT_METHODS and in the default', async () => {
    const refused = await t.call('POST', '/api/event/params', {
      ...admin,
      body: { appParam: { id: paymentId, value: 'CTL', exceptions: [] } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe('The payment method T is disabled in the configuration');
    const fine = await t.call('POST', '/api/event/params', {
      ...admin,
      body: { appParam: { id: paymentId, value: 'CLP', exceptions: [] } },
    });
    expect(fine.status).toBe(200);
    expect(fine.body.result.value).toBe('CLP');

    const list = await t.call('GET', '/api/global/appParams', sup);
    const param = list.body.result.appParams.find(
      (p: { nameUnique: string }) => p.nameUnique === 'ALLOWED_PAYMENT_METHODS',
    );
    const { system: _s, date_update: _d, ...rest } = param;
    const defaultRefused = await t.call('POST', '/api/global/appParams', {
      ...sup,
      body: { appParam: { ...rest, defaultValue: 'CTLP' } },
    });
    expect(defaultRefused.status).toBe(400);
    expect(defaultRefused.body.error).toBe(3320);
  });
});
