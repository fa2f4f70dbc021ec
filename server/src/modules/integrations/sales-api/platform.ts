import { z } from 'zod';
import type { OutboundPolicy } from '../outbound-address';
import { type OutboundAnswer, OutboundError, outbound } from '../outbound-http';

/**
 * The generic sales platform connector (decisions.md "Sales API"): an OAuth 2 authorisation server
 * (RFC 6749: authorisation code §4.1, refresh §6, client authentication by HTTP Basic §2.3.1) and a
 * small REST API under its base URL:
 *
 * - `GET  {api}/stores` (Bearer) → `{ stores: [{ id, name }] }` (a bare array or `{ data }` too);
 * - `POST {api}/sales` (Bearer, `Idempotency-Key`) `{ storeId, periodStart, periodEnd, currency,
 *   amount, orders, devolutions, reference }` → `{ id }`. A report is the store's figures for that
 *   period from this source: the same key again is the same report (answered again, never added).
 *
 * Every call goes through the integrations' client (outbound-http.ts: the address policy checked on
 * every connection, a timeout, a bounded answer, 429 waited out as its Retry-After says); a failure is a `PlatformError` with a short reason
 * that the history shows (never a secret, never the whole answer).
 */

const TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 1_048_576;

export class PlatformError extends Error {
  constructor(
    message: string,
    /** The platform refused the grant (invalid_grant …): the authorisation must be made again. */
    readonly grantRefused = false,
    /** The HTTP status, when the platform answered. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

export interface PlatformConnection {
  tokenUrl: string;
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Which addresses may be reached (INTEGRATIONS_ALLOW_HTTP, INTEGRATIONS_ALLOW_PRIVATE_ADDRESSES). */
  policy: OutboundPolicy;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

const TokenAnswer = z.object({
  access_token: z.string().min(1).max(8000),
  token_type: z.string().max(50).optional(),
  expires_in: z.coerce
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400)
    .optional(),
  refresh_token: z.string().min(1).max(8000).optional(),
});

const Store = z.object({
  id: z.union([z.string().min(1).max(100), z.number().int()]).transform(String),
  name: z.string().max(200).optional().default(''),
});
const StoresAnswer = z.union([
  z.array(Store),
  z.object({ stores: z.array(Store) }).transform((a) => a.stores),
  z.object({ data: z.array(Store) }).transform((a) => a.data),
]);

const SaleAnswer = z.object({ id: z.union([z.string().max(200), z.number()]).transform(String) }).partial();

async function request(
  c: PlatformConnection,
  url: string,
  init: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
): Promise<{ status: number; json: unknown }> {
  let res: OutboundAnswer;
  try {
    res = await outbound(url, {
      ...init,
      policy: c.policy,
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
  } catch (e) {
    if (e instanceof OutboundError && e.kind === 'timeout')
      throw new PlatformError(`${new URL(url).host} unreachable: no answer in 15 s`);
    if (e instanceof OutboundError && e.kind === 'tooLarge')
      throw new PlatformError('the answer is larger than 1 MB');
    throw new PlatformError(`${new URL(url).host} unreachable: ${(e as Error).message}`);
  }
  let json: unknown = null;
  try {
    json = res.text ? JSON.parse(res.text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

/** The platform's own error words (`error`, `error_description`, `message`), shortened. */
function reasonOf(status: number, json: unknown) {
  const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const words = [o.error, o.error_description, o.message]
    .filter((v) => typeof v === 'string' && v)
    .join(': ')
    .slice(0, 300);
  return words ? `HTTP ${status} ${words}` : `HTTP ${status}`;
}

async function tokenRequest(c: PlatformConnection, form: Record<string, string>): Promise<TokenSet> {
  const basic = Buffer.from(
    `${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`,
  ).toString('base64');
  const { status, json } = await request(c, c.tokenUrl, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
  });
  if (status !== 200) {
    const code = (json as { error?: unknown } | null)?.error;
    const refused = code === 'invalid_grant' || code === 'invalid_client' || code === 'unauthorized_client';
    throw new PlatformError(`token: ${reasonOf(status, json)}`, refused, status);
  }
  const parsed = TokenAnswer.safeParse(json);
  if (!parsed.success) throw new PlatformError('token: the answer holds no access_token', false, status);
  if (parsed.data.token_type && parsed.data.token_type.toLowerCase() !== 'bearer')
    throw new PlatformError(`token: unsupported token type ${parsed.data.token_type.slice(0, 30)}`);
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token ?? null,
    expiresAt: parsed.data.expires_in ? new Date(Date.now() + parsed.data.expires_in * 1000) : null,
  };
}

/** RFC 6749 §4.1.3: the authorisation code for tokens. */
export const exchangeCode = (c: PlatformConnection, code: string, redirectUri: string) =>
  tokenRequest(c, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });

/** RFC 6749 §6: a new access token (and perhaps a new refresh token) from the refresh token. */
export const refreshTokens = async (c: PlatformConnection, refreshToken: string) => {
  const set = await tokenRequest(c, { grant_type: 'refresh_token', refresh_token: refreshToken });
  // A platform that does not rotate refresh tokens answers none: the old one stays valid.
  return { ...set, refreshToken: set.refreshToken ?? refreshToken };
};

const apiUrl = (c: PlatformConnection, path: string) => `${c.apiBaseUrl.replace(/\/+$/, '')}${path}`;

export async function listStores(c: PlatformConnection, accessToken: string) {
  const { status, json } = await request(c, apiUrl(c, '/stores'), {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  if (status !== 200) throw new PlatformError(`stores: ${reasonOf(status, json)}`, status === 401, status);
  const parsed = StoresAnswer.safeParse(json);
  if (!parsed.success) throw new PlatformError('stores: the answer is not a list of stores', false, status);
  return parsed.data.slice(0, 5000);
}

export interface SalesReport {
  storeId: string;
  periodStart: string;
  periodEnd: string;
  currency: string;
  /** Minor units (cents), net of devolutions. */
  amount: number;
  orders: number;
  devolutions: number;
  /** Our reference of the report: the idempotency key. */
  reference: string;
}

export async function sendSales(c: PlatformConnection, accessToken: string, report: SalesReport) {
  const { status, json } = await request(c, apiUrl(c, '/sales'), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'idempotency-key': report.reference,
    },
    body: JSON.stringify(report),
  });
  if (status !== 200 && status !== 201)
    throw new PlatformError(`sales: ${reasonOf(status, json)}`, status === 401, status);
  const parsed = SaleAnswer.safeParse(json);
  return { remoteId: parsed.success ? (parsed.data.id ?? null) : null };
}
