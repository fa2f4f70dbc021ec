import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A sales platform on a local port, as the Sales API connector expects one (decisions/integrations.md "Sales
 * API"), for the API and browser tests: an OAuth 2 authorisation server (the authorisation page sends
 * the browser straight back with a code; the token endpoint takes `authorization_code` and
 * `refresh_token` grants with HTTP Basic client authentication, and answers `invalid_grant` to a
 * reused, unknown or expired code or refresh token) and the API: `GET /api/stores` and
 * `POST /api/sales`, which keeps one report per `Idempotency-Key` (a repeat replaces it, never adds).
 */
export interface SalesPlatform {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The stores the platform answers. */
  stores: { id: string; name: string }[];
  /** Reports by idempotency key. */
  reports: Map<string, { id: string; storeId: string; amount: number; orders: number; periodStart: string }>;
  /** Sum of the current reports of a store (what the platform shows). */
  total: (storeId: string) => number;
  /** Requests seen, by kind. */
  calls: { authorize: number; code: number; refresh: number; stores: number; sales: number };
  /** The next n sales calls answer 503. */
  failSales: (n: number) => void;
  /** Access tokens expire after this many seconds (default 3600). */
  accessTtl: number;
  /** The authorisation page sends the browser back with a code the token endpoint refuses. */
  issueInvalidCodes: boolean;
  /** Makes every access token issued so far invalid (as if revoked): the next call gets 401. */
  revokeAccessTokens: () => void;
  close: () => Promise<void>;
}

export async function startSalesPlatform(
  opts: { clientId?: string; clientSecret?: string; port?: number } = {},
): Promise<SalesPlatform> {
  const clientId = opts.clientId ?? 'pulsera-console';
  const clientSecret = opts.clientSecret ?? `secret-${randomBytes(8).toString('hex')}`;
  const codes = new Map<string, { redirectUri: string; used: boolean; expires: number }>();
  const access = new Map<string, number>();
  const refresh = new Set<string>();
  let failing = 0;
  const token = () => randomBytes(16).toString('hex');

  const platform: SalesPlatform = {
    url: '',
    clientId,
    clientSecret,
    stores: [
      { id: 'store-north', name: 'North bar' },
      { id: 'store-south', name: 'South bar' },
      { id: 'store-food', name: 'Food court' },
    ],
    reports: new Map(),
    total: (storeId) =>
      [...platform.reports.values()].filter((r) => r.storeId === storeId).reduce((n, r) => n + r.amount, 0),
    calls: { authorize: 0, code: 0, refresh: 0, stores: 0, sales: 0 },
    failSales: (n) => {
      failing = n;
    },
    accessTtl: 3600,
    issueInvalidCodes: false,
    revokeAccessTokens: () => access.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => {
        s += c;
      });
      req.on('end', () => resolve(s));
    });
  const bearer = (req: IncomingMessage) => {
    const t = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const exp = t ? access.get(t) : undefined;
    return exp !== undefined && exp > Date.now();
  };
  const issue = () => {
    const a = token();
    const r = token();
    access.set(a, Date.now() + platform.accessTtl * 1000);
    refresh.add(r);
    return { access_token: a, token_type: 'Bearer', expires_in: platform.accessTtl, refresh_token: r };
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://platform');
    if (req.method === 'GET' && url.pathname === '/authorize') {
      platform.calls.authorize++;
      const redirect = url.searchParams.get('redirect_uri');
      if (
        url.searchParams.get('client_id') !== clientId ||
        !redirect ||
        url.searchParams.get('response_type') !== 'code'
      )
        return send(res, 400, { error: 'invalid_request' });
      const code = platform.issueInvalidCodes ? `invalid-${token()}` : token();
      if (!platform.issueInvalidCodes)
        codes.set(code, { redirectUri: redirect, used: false, expires: Date.now() + 60_000 });
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const [id, secret] = basic
        ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
        : [];
      if (id !== clientId || secret !== clientSecret) return send(res, 401, { error: 'invalid_client' });
      const form = new URLSearchParams(await read(req));
      if (form.get('grant_type') === 'authorization_code') {
        platform.calls.code++;
        const c = codes.get(form.get('code') ?? '');
        if (!c || c.used || c.expires < Date.now() || c.redirectUri !== form.get('redirect_uri')) {
          if (c) c.used = true;
          return send(res, 400, { error: 'invalid_grant', error_description: 'code invalid or used' });
        }
        c.used = true;
        return send(res, 200, issue());
      }
      if (form.get('grant_type') === 'refresh_token') {
        platform.calls.refresh++;
        const r = form.get('refresh_token') ?? '';
        if (!refresh.has(r))
          return send(res, 400, { error: 'invalid_grant', error_description: 'refresh token invalid' });
        refresh.delete(r); // rotated: the old one is spent
        return send(res, 200, issue());
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'GET' && url.pathname === '/api/stores') {
      platform.calls.stores++;
      if (!bearer(req)) return send(res, 401, { error: 'invalid_token' });
      return send(res, 200, { stores: platform.stores });
    }
    if (req.method === 'POST' && url.pathname === '/api/sales') {
      platform.calls.sales++;
      if (!bearer(req)) return send(res, 401, { error: 'invalid_token' });
      if (failing > 0) {
        failing--;
        return send(res, 503, { error: 'unavailable', message: 'try again later' });
      }
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !key) return send(res, 400, { error: 'idempotency key required' });
      const body = JSON.parse(await read(req)) as {
        storeId: string;
        amount: number;
        orders: number;
        periodStart: string;
      };
      if (!platform.stores.some((s) => s.id === body.storeId))
        return send(res, 404, { error: 'unknown store' });
      const known = platform.reports.get(key);
      const report = { id: known?.id ?? `rep-${platform.reports.size + 1}`, ...body };
      platform.reports.set(key, report);
      return send(res, known ? 200 : 201, { id: report.id });
    }
    send(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  platform.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return platform;
}
