import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { addressProblem, isInternalAddress, type OutboundPolicy } from './outbound-address';
import { guardedLookup, OutboundError, outbound, retryAfterSeconds } from './outbound-http';

/**
 * Issue 26 item 4: integration addresses never point inside the network — not when saved (by a user
 * with the api permission, every notation of an internal address refused in the user's language), not
 * when connecting (a name resolving inside, a redirect inside), unless the deployment allows them for
 * a local test platform. And the one client's limits: bounded answers, Retry-After as seconds or a date.
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let apiUser: Session;

const INSIDE = [
  'https://169.254.169.254/latest/meta-data',
  'https://10.0.0.5',
  'https://172.16.3.4',
  'https://172.31.255.255',
  'https://192.168.1.10',
  'https://0.0.0.0',
  'https://127.0.0.1',
  'https://127.1',
  'https://2130706433',
  'https://0x7f000001',
  'https://0177.0.0.1',
  'https://100.64.0.1',
  'https://[::1]',
  'https://[::]',
  'https://[fc00::1]',
  'https://[fd12:3456::1]',
  'https://[fe80::1]',
  'https://[::ffff:127.0.0.1]',
  'https://[::ffff:a9fe:a9fe]',
  'https://[::127.0.0.1]',
  'https://[64:ff9b::a00:1]',
  'https://metadata.google.internal',
  'https://localhost',
  'https://intranet',
];

const ticketSchedule = (baseUrl: string, name = 'inside') => ({
  schedule: {
    name,
    platform: 'pretix',
    baseUrl,
    organizer: 'org',
    platformEvent: 'ev',
    token: 'tok',
    mappings: [],
    intervalMinutes: 15,
    enabled: 0,
    reportEmail: null,
  },
});
const salesSchedule = (url: string) => ({
  schedule: {
    name: 'inside',
    authorizeUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    apiBaseUrl: `${url}/api`,
    clientId: 'client',
    clientSecret: 'secret',
    scope: '',
    period: 'hour',
    enabled: false,
  },
});

beforeAll(async () => {
  // A deployment with none of the allowances.
  t = await createTestApp({ integrationsAllowHttp: false, integrationsAllowPrivateAddresses: false });
  const ev = await t.activeEvent();
  await t.userWithPermissions('api-only@demo.test', ev.id, [PERMISSIONS.api]);
  apiUser = await t.session('api-only@demo.test');
});
afterAll(() => t.close());

describe('saving an integration address', () => {
  it('refuses every notation of an internal address, on the ticket and the sales platform', async () => {
    const ticket: string[] = [];
    const sales: string[] = [];
    for (const url of INSIDE) {
      const a = await t.call('POST', '/api/api-ticket/schedules', { ...apiUser, body: ticketSchedule(url) });
      if (a.status !== 400 || a.body.fields?.[0]?.message !== 'validation.privateAddress') ticket.push(url);
      const b = await t.call('POST', '/api/api-server/sales-schedule', {
        ...apiUser,
        body: salesSchedule(url),
      });
      const msgs = (b.body.fields ?? []).map((f: { message: string }) => f.message);
      // Bracketed IPv6 and numeric hosts may also fail the form check first: never saved either way.
      if (b.status !== 400 || !msgs.length || msgs.some((m: string) => !/privateAddress|platformUrl/.test(m)))
        sales.push(url);
    }
    expect({ ticket, sales }).toEqual({ ticket: [], sales: [] });
  });

  it('says why in the user’s language', async () => {
    for (const [lang, words] of [
      ['es', 'red interna'],
      ['en', 'inside the network'],
      ['fr', 'réseau interne'],
      ['it', 'rete interna'],
    ] as const) {
      const res = await t.call('POST', '/api/api-ticket/schedules', {
        ...apiUser,
        lang,
        body: ticketSchedule('https://169.254.169.254'),
      });
      expect(res.body.fields[0]).toMatchObject({ path: 'schedule.baseUrl' });
      expect(res.body.fields[0].text).toContain(words);
    }
  });

  it('refuses plain http to this machine unless INTEGRATIONS_ALLOW_HTTP', async () => {
    const res = await t.call('POST', '/api/api-ticket/schedules', {
      ...apiUser,
      body: ticketSchedule('http://127.0.0.1:8080'),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields[0]).toMatchObject({
      path: 'schedule.baseUrl',
      message: 'validation.ticketBaseUrl',
    });
  });

  it('accepts public addresses, and internal ones only where the deployment allows them', async () => {
    const ok = await t.call('POST', '/api/api-ticket/schedules', {
      ...apiUser,
      body: ticketSchedule('https://pretix.eu'),
    });
    expect(ok.status).toBe(200);
    const sales = await t.call('POST', '/api/api-server/sales-schedule', {
      ...apiUser,
      body: salesSchedule('https://[2001:4860:4860::8888]'),
    });
    expect(sales.status).toBe(200);
    t.ctx.config.integrationsAllowHttp = true;
    t.ctx.config.integrationsAllowPrivateAddresses = true;
    try {
      const local = await t.call('POST', '/api/api-ticket/schedules', {
        ...apiUser,
        body: ticketSchedule('http://127.0.0.1:8080', 'local test platform'),
      });
      expect(local.status).toBe(200);
    } finally {
      t.ctx.config.integrationsAllowHttp = false;
      t.ctx.config.integrationsAllowPrivateAddresses = false;
    }
  });

  it('classifies addresses as the URL parser normalises them', () => {
    const none: OutboundPolicy = { allowHttp: false, allowPrivate: false };
    for (const url of INSIDE) expect([url, addressProblem(url, none)]).toEqual([url, 'private']);
    expect(addressProblem('https://pretix.eu/', none)).toBeNull();
    expect(addressProblem('https://8.8.8.8/', none)).toBeNull();
    expect(addressProblem('http://pretix.eu/', none)).toBe('http');
    expect(addressProblem('ftp://pretix.eu/', none)).toBe('format');
    expect(addressProblem('https://user:pw@pretix.eu/', none)).toBe('format');
    expect(
      addressProblem('https://10.1.2.3/', { allowHttp: false, allowPrivate: ['10.1.0.0/16'] }),
    ).toBeNull();
    expect(addressProblem('https://10.2.2.3/', { allowHttp: false, allowPrivate: ['10.1.0.0/16'] })).toBe(
      'private',
    );
    expect(isInternalAddress('8.8.8.8')).toBe(false);
    expect(isInternalAddress('2001:4860:4860::8888')).toBe(false);
  });
});

describe('connecting', () => {
  let inner: Server;
  let innerHits = 0;
  let front: Server;
  let innerPort: number;
  let frontUrl: string;
  const listen = (s: Server, host: string) =>
    new Promise<number>((resolve) => s.listen(0, host, () => resolve((s.address() as AddressInfo).port)));

  beforeAll(async () => {
    inner = createServer((_req, res) => {
      innerHits++;
      res.end('{"secret":"inside"}');
    });
    innerPort = await listen(inner, '127.0.0.1');
    // The "platform": on 127.0.0.2, the only address the policy below allows.
    let retried = false;
    front = createServer((req, res) => {
      if (req.url === '/to-inside') {
        res.writeHead(302, { location: `http://127.0.0.1:${innerPort}/` }).end();
      } else if (req.url === '/to-localhost') {
        res.writeHead(307, { location: `http://localhost:${innerPort}/` }).end();
      } else if (req.url === '/to-self') {
        res.writeHead(301, { location: '/ok' }).end();
      } else if (req.url === '/big') {
        res.end(Buffer.alloc(2 * 1_048_576, 0x61));
      } else if (req.url === '/busy') {
        if (!retried) {
          retried = true;
          res.writeHead(429, { 'retry-after': new Date(Date.now() + 1500).toUTCString() }).end();
        } else res.end('{"ok":2}');
      } else res.end('{"ok":1}');
    });
    frontUrl = `http://127.0.0.2:${await listen(front, '127.0.0.2')}`;
  });
  afterAll(async () => {
    await new Promise((r) => inner.close(r));
    await new Promise((r) => front.close(r));
  });
  const policy: OutboundPolicy = { allowHttp: true, allowPrivate: ['127.0.0.2'] };

  it('reaches an allowed address and follows a redirect on it', async () => {
    expect((await outbound(`${frontUrl}/to-self`, { policy })).text).toBe('{"ok":1}');
  });

  it('refuses a redirect inside the network, and a name that resolves inside, before connecting', async () => {
    for (const path of ['/to-inside', '/to-localhost']) {
      const err = await outbound(`${frontUrl}${path}`, { policy }).catch((e) => e);
      expect(err).toBeInstanceOf(OutboundError);
      expect((err as OutboundError).kind).toBe('refused');
    }
    const direct = await outbound(`http://localhost:${innerPort}/`, { policy }).catch((e) => e);
    expect((direct as OutboundError).kind).toBe('refused');
    expect(innerHits).toBe(0);
    // The connection's own lookup refuses a name whose address is inside.
    const looked = await new Promise<Error | null>((resolve) =>
      guardedLookup(policy)('localhost', {}, (e) => resolve(e)),
    );
    expect(looked).toBeInstanceOf(OutboundError);
    expect(looked?.message).toMatch(/inside the network/);
  });

  it('refuses everything inside when nothing is allowed', async () => {
    const err = await outbound(`${frontUrl}/`, { policy: { allowHttp: true, allowPrivate: false } }).catch(
      (e) => e,
    );
    expect((err as OutboundError).kind).toBe('refused');
  });

  it('bounds the answer and waits out a 429 whose Retry-After is an HTTP date', async () => {
    const big = await outbound(`${frontUrl}/big`, { policy, maxBytes: 1_048_576 }).catch((e) => e);
    expect((big as OutboundError).kind).toBe('tooLarge');
    const started = Date.now();
    const busy = await outbound(`${frontUrl}/busy`, { policy });
    expect(busy.text).toBe('{"ok":2}');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('2015-10-21T07:27:00Z'))).toBe(60);
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});
