import { HEADERS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/helper';
import { buildApp } from '../../../app';
import type { Database } from '../../../core/db/client';
import { users } from '../../../core/db/schema';
import { hashPassword } from '../../../core/lib/passwords';

/**
 * The event form on a database started without the demo (SEED=none): the first administrator (as
 * `npm run create-admin` makes one) creates an event and saves its payment-method letters, which
 * live in the ALLOWED_PAYMENT_METHODS parameter that only the demo used to create.
 */
const EMAIL = 'first.admin@example.test';
const PASSWORD = 'Empty-Start-2026!';

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let token: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(users).values({
    email: EMAIL,
    name: 'First Admin',
    passwordHash: await hashPassword(PASSWORD),
    isAdmin: true,
    isSuperAdmin: true,
    isMegaAdmin: true,
    isUsersAdmin: true,
    neverChangedPassword: false,
  });
  ({ app } = await buildApp({ database, logger: false, config: { seed: 'none' } }));
  await app.ready();
  const login = await call('POST', '/api/login', { email: EMAIL, password: PASSWORD });
  expect(login.status).toBe(200);
  token = login.body.result.token;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function call(method: 'GET' | 'POST', url: string, body?: unknown, eventToken?: string) {
  const headers: Record<string, string> = {};
  if (token) headers[HEADERS.session] = token;
  if (eventToken) headers[HEADERS.event] = eventToken;
  const res = await app.inject({
    method,
    url,
    headers,
    remoteAddress: '10.1.2.3',
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('an empty database (no demo data)', () => {
  it('saves the event form’s payment-method letters', async () => {
    // What the form needs: a promoter, a financial currency and a language, made through the console's calls.
    const promoter = await call('POST', '/api/global/promotors', { promotor: { name: 'First Promoter' } });
    expect(promoter.status).toBe(200);
    const eur = await call('POST', '/api/global/currencies', {
      currency: { name: 'Euro', iso: 'EUR', symbol: '€', isFinancial: true, fraction: 0.01 },
    });
    expect(eur.status).toBe(200);
    // Without en configured, a new event takes the first configured language.
    const spanish = await call('POST', '/api/global/languages', { language: { iso: 'es', name: 'Español' } });
    expect(spanish.status).toBe(200);

    const created = await call('POST', '/api/event', { event: { nombre: 'First Festival' } });
    expect(created.status).toBe(200);
    const id = created.body.result as number;
    const found = await call('GET', `/api/findEvent/${id}`);
    expect(found.status).toBe(200);
    const { event, params } = found.body.result;
    expect(event.idioma).toBe('es');
    const param = params.find((p: { nameUnique: string }) => p.nameUnique === 'ALLOWED_PAYMENT_METHODS');
    expect(param).toMatchObject({ defaultValue: 'CTL', value: null, exceptions: [] });
    expect(event.paymentMethods).toBe('CTL');

    // The form's save: the parameter first (the letters changed), then the event.
    const savedParam = await call(
      'POST',
      '/api/event/params',
      { appParam: { id: param.id, value: 'CP', exceptions: [] } },
      event.token,
    );
    expect(savedParam.status).toBe(200);
    const savedEvent = await call('POST', '/api/event', {
      event: {
        id,
        nombre: 'First Festival',
        id_promotor: promoter.body.result.id,
        f_inicio: event.f_inicio,
        f_fin: event.f_fin,
        offset: 0,
        zona_horaria: 'Europe/Madrid',
        moneda: eur.body.result.id,
        localCurrency: eur.body.result.id,
        localCurrencyRate: 1,
        idioma: event.idioma,
        businessTypeId: 'FE',
        update_time: event.update_time,
      },
    });
    expect(savedEvent.status).toBe(200);

    const after = (await call('GET', `/api/findEvent/${id}`)).body.result;
    expect(after.event.paymentMethods).toBe('CP');
    expect(after.event.id_promotor).toBe(promoter.body.result.id);
    expect(
      after.params.filter((p: { nameUnique: string }) => p.nameUnique === 'ALLOWED_PAYMENT_METHODS'),
    ).toEqual([
      expect.objectContaining({
        value: 'CP',
        exceptions: [{ idLocation: null, idDevice: null, value: 'CP' }],
      }),
    ]);
    // The parameters screen and the selected event read the same value; the parameter is made once.
    const screen = await call('GET', '/api/event/params', undefined, event.token);
    expect(screen.status).toBe(200);
    expect(
      screen.body.result.params.filter(
        (p: { nameUnique: string }) => p.nameUnique === 'ALLOWED_PAYMENT_METHODS',
      ),
    ).toHaveLength(1);
    expect((await call('GET', '/api/event', undefined, event.token)).body.result.paymentMethods).toBe('CP');
  });
});
