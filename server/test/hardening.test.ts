import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { registerDevice } from '../src/modules/terminals/feed/device.service';
import { feedNames } from './feed-names';
import { createTestApp, openTestDatabase, type TestApp } from './helper';

/** Issue "Hardening": each case here answered 500, hung, or did the wrong thing before its fix. */
let t: TestApp;
let h: { token: string; event?: string; trusts?: string };
beforeAll(async () => {
  t = await createTestApp();
  h = await t.session('mega@demo.test');
});
afterAll(() => t.close());

const locations = async () =>
  (await t.call('GET', '/api/locations', h)).body.result.locations as { id: number }[];

describe('ids are decimal digits within their column', () => {
  it('refuses an id past the integer column in a path, a query and a body with 400, not 500', async () => {
    expect((await t.call('DELETE', '/api/locations/2147483648', h)).status).toBe(400);
    expect((await t.call('GET', '/api/findEvent/2147483648', h)).status).toBe(400);
    expect((await t.call('GET', '/api/infoCustomer?customerId=2147483648', h)).status).toBe(400);
    expect((await t.call('GET', '/api/reports/sales?idLocation=2147483648', h)).status).toBeLessThan(500);
    const put = await t.call('PUT', '/api/locations', {
      ...h,
      body: { location: { id: 2147483648, nombre: 'Bar' } },
    });
    expect(put.status).toBe(400);
    expect(put.body.error).toBe(400);
  });

  it('reads only decimal digits as an id: 0x3 does not delete location 3', async () => {
    const target = (
      await t.call('POST', '/api/locations', { ...h, body: { location: { nombre: 'Loose bar' } } })
    ).body.result.id as number;
    for (const loose of [`0x${target.toString(16)}`, `${target}.0`, `%20${target}`, `${target}e0`]) {
      const res = await t.call('DELETE', `/api/locations/${loose}`, h);
      expect(res.status, loose).toBe(400);
      expect(res.body.fields?.[0]?.path).toBe('params.id');
    }
    expect((await locations()).map((l) => l.id)).toContain(target);
  });
});

describe('text PostgreSQL cannot hold', () => {
  it('refuses a NUL byte or a lone surrogate anywhere in a request with a 400 naming the field', async () => {
    const nul = await t.call('POST', '/api/locations', {
      ...h,
      body: { name: 'Bar\u0000 North' },
      lang: 'es',
    });
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toEqual([
      expect.objectContaining({
        path: 'name',
        message: 'validation.unsafeText',
        text: expect.stringMatching(/NUL/),
      }),
    ]);
    const inQuery = await t.call('GET', '/api/infoCustomer/search?name=a%00b', h);
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.fields[0].path).toBe('query.name');
    const surrogate = await t.call('POST', '/api/device/auth', {
      body: { serial: 'AB\uD800', secretKey: 'x' },
    });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.fields[0].path).toBe('serial');
  });
});

describe('dates outside 2020-01-01 … 2099-12-31', () => {
  it('are a 400 in every date query', async () => {
    const zone = await t.call('GET', '/api/capacity/zone?date=0001-01-01T00:00:00.000Z', h);
    expect(zone.status).toBe(400);
    expect(zone.body.fields[0].message).toMatch(/^validation.dateRange/);
    const log = await t.call('GET', '/api/capacity/log?dateEnd=0001-01-01T00:00:00.000Z', h);
    expect(log.status).toBe(400);
    expect((await t.call('GET', '/api/capacity/zone?date=2026-07-10T18:00:00.000Z', h)).status).toBe(200);
  });
});

describe('the terminal feed keeps the good operations of a batch with a bad one', () => {
  it('refuses a NUL, a lone surrogate or an out-of-range id alone and records the others; a re-send changes nothing', async () => {
    const ev = await t.activeEvent();
    const serial = 'HARD-1';
    // The location and staff member the good operations name are the event's.
    await feedNames(t.database.db, ev.id, { locations: [31], staff: [4] });
    const { secretKey } = await registerDevice(t.database.db, {
      n_serie: serial,
      idEvent: ev.id,
      type: 'PDA',
    });
    const auth = await t.call('POST', '/api/device/auth', { body: { serial, secretKey } });
    const devicetoken = auth.body.result.token as string;
    const good = (n: number) => ({
      kind: 'topup',
      id: randomUUID(),
      deviceTime: `2026-07-10T18:0${n}:00.000Z`,
      rfid: `HARDRFID${n}`,
      type: 'N',
      paymentType: 'S',
      amount: 1000,
      money: 1000,
      locationId: 31,
      staffId: 4,
    });
    const ops = [
      good(1),
      { ...good(2), rfid: 'BAD\u0000RFID' },
      { ...good(3), notes: 'x\uDC00' },
      { ...good(4), staffId: 2147483648 },
      {
        kind: 'sale',
        id: randomUUID(),
        deviceTime: '2026-07-10T18:05:00.000Z',
        rfid: 'HARDRFID1',
        lines: [{ idArticle: 2147483648, quantity: 1, price: 100 }],
        payments: [{ type: 'S', amount: 100 }],
        locationId: 2147483648,
        staffId: 5,
      },
      { kind: 'nonsense\u0000', id: 'a\u0000' },
      good(6),
    ];
    const first = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken },
      body: { operations: ops },
    });
    expect(first.status).toBe(200);
    expect(first.body.result.accepted).toEqual([ops[0]!.id, ops[6]!.id]);
    expect(
      first.body.result.refused.map((r: { index: number; reason: string }) => [r.index, r.reason]),
    ).toEqual([
      [1, 'invalid'],
      [2, 'invalid'],
      [3, 'invalid'],
      [4, 'invalid'],
      [5, 'invalid'],
    ]);
    expect(first.body.result.refused[0].fields[0]).toMatchObject({
      path: 'rfid',
      message: 'validation.unsafeText',
    });
    const again = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken },
      body: { operations: ops },
    });
    expect(again.status).toBe(200);
    expect(again.body.result.accepted).toEqual([]);
    expect(again.body.result.duplicates).toEqual([ops[0]!.id, ops[6]!.id]);
  });

  it('checks the device token before reading a large body, and its 413 names its own limit', async () => {
    const { app } = t;
    const big = JSON.stringify({ operations: ['x'.repeat(9 * 1024 * 1024)] });
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/device/sync',
      payload: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(noToken.statusCode).toBe(401);
    const ev = await t.activeEvent();
    const { secretKey } = await registerDevice(t.database.db, {
      n_serie: 'HARD-2',
      idEvent: ev.id,
      type: 'PDA',
    });
    const token = (await t.call('POST', '/api/device/auth', { body: { serial: 'HARD-2', secretKey } })).body
      .result.token;
    const tooBig = await app.inject({
      method: 'POST',
      url: '/api/device/sync',
      payload: big,
      headers: { 'content-type': 'application/json', devicetoken: token },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().description).toContain('8192 KB');
  });
});

describe('browser and HTTP hardening', () => {
  it('sends a strict CSP, no framing, nosniff and a referrer policy on the API and the console', async () => {
    for (const url of ['/api/health', '/admin/events']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("lets only the terminal's pages compile WebAssembly (its camera's barcode reader), and nothing evaluate text", async () => {
    for (const url of ['/terminal/', '/terminal/assets/zxing_reader-AAAAAAAA.wasm']) {
      const csp = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp, url).not.toMatch(/'unsafe-eval'|unsafe-inline'[^;]*script/);
    }
    for (const url of ['/admin/events', '/api/health', '/portal/demo', '/terminally']) {
      const csp = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp, url).not.toContain('wasm-unsafe-eval');
    }
  });

  it('sends one Content-Security-Policy with one frame-ancestors directive on every answer, the API docs included', async () => {
    const urls = [
      '/api/health',
      '/admin/events',
      '/api/docs',
      '/api/docs/',
      '/api/docs/static/index.html',
      '/api/docs/static/swagger-ui.css',
      '/api/docs/json',
      '/api/openapi.json',
      '/api/no-such-route',
      '/api/locations',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      const raw = res.headers['content-security-policy'];
      const policies = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== undefined).map(String);
      expect(policies, url).toHaveLength(1);
      expect(policies[0]!.split(',').length, `${url}: one policy, not a list`).toBe(1);
      const ancestors = policies[0]!.split(';').filter((d) => d.trim().startsWith('frame-ancestors'));
      expect(
        ancestors.map((d) => d.trim()),
        url,
      ).toEqual(["frame-ancestors 'none'"]);
    }
  });

  it('sends HSTS when the public address is https', async () => {
    const database = await openTestDatabase();
    const { app } = await buildApp({
      database,
      logger: false,
      config: { seed: 'none', publicUrl: 'https://console.example.com' },
    });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    await app.close();
    await database.close();
  }, 180_000);

  describe('over a real socket', () => {
    let base: { port: number };
    let close: () => Promise<void>;
    beforeAll(async () => {
      const database = await openTestDatabase();
      const { app } = await buildApp({
        database,
        logger: false,
        config: { seed: 'none', requestTimeoutMs: 1500, headersTimeoutMs: 1500 },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      base = app.server.address() as AddressInfo;
      close = async () => {
        await app.close();
        await database.close();
      };
    });
    afterAll(() => close());

    it('answers headers over 16 KB with the envelope (431)', async () => {
      const res = await new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: base.port,
            path: '/api/health',
            headers: { 'x-big': 'a'.repeat(20_000) },
          },
          (r) => {
            let body = '';
            r.on('data', (c) => {
              body += c;
            });
            r.on('end', () =>
              resolve({ status: r.statusCode!, body, type: String(r.headers['content-type']) }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(res.status).toBe(431);
      expect(res.type).toContain('application/json');
      expect(JSON.parse(res.body)).toEqual({ error: 431, description: 'The request headers are too large' });
    });

    it('cuts off a body trickled one byte at a time once the request timeout passes', async () => {
      const started = Date.now();
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect(base.port, '127.0.0.1', () => {
          socket.write(
            'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
          );
          const drip = setInterval(() => socket.writable && socket.write(' '), 300);
          let answer = '';
          socket.on('data', (d) => {
            answer += d;
          });
          socket.on('close', () => {
            clearInterval(drip);
            resolve(answer);
          });
          setTimeout(() => {
            clearInterval(drip);
            socket.destroy();
            resolve('still open');
          }, 10_000);
        });
      });
      expect(outcome).not.toBe('still open');
      expect(outcome).toMatch(/^HTTP\/1.1 408/);
      expect(Date.now() - started).toBeLessThan(8_000);
    });
  });
});
