/**
 * The terminal's calls to its server (the device API): redeem the configuration QR, sign in again
 * with serial and key when the token expires, load the configuration (versioned: 304 costs nothing),
 * look a wristband up and sync the outbox. Answers are checked with the shared schemas.
 */
// Subpaths of contracts, so the bundle carries only the device API's schemas.
import { ERRORS } from '@pulsera/contracts/api';
import { DEVICE_TOKEN_HEADER } from '@pulsera/contracts/terminals/feed';
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import type { z } from 'zod';
import type * as Schemas from './api-schemas';
import { upgradeConfig } from './store/config-upgrade';
import { type Credentials, db } from './store/db';

/** The name of an envelope's numeric error code (ERRORS; the device codes are each their own). */
const errorName = (code: unknown) =>
  Object.entries(ERRORS).find(([, e]) => e.code === code)?.[0] ?? 'unknown';

/** A call that reached the server and was answered with an error envelope; `code`: the ERRORS name. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

type SchemaName = keyof typeof Schemas;
type Answer<N extends SchemaName> = z.infer<(typeof Schemas)[N]>;

async function call<N extends SchemaName>(
  schema: N,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; result: Answer<N> | null; etag: string | null }> {
  const headers = new Headers(init.headers);
  if (init.body) headers.set('content-type', 'application/json');
  if (init.token) headers.set(DEVICE_TOKEN_HEADER, init.token);
  const language = document.documentElement.lang;
  if (language) headers.set('accept-language', language);
  const res = await fetch(`/api${path}`, { ...init, headers, cache: 'no-store' });
  if (res.status === 304) return { status: 304, result: null, etag: res.headers.get('etag') };
  const body = (await res.json().catch(() => null)) as {
    result?: unknown;
    error?: number;
    description?: string;
  } | null;
  if (!res.ok) throw new ApiError(res.status, errorName(body?.error), body?.description ?? res.statusText);
  const schemas = await import('./api-schemas');
  const result = schemas[schema].parse(body?.result) as Answer<N>;
  return { status: res.status, result, etag: res.headers.get('etag') };
}

/** Redeems the event's configuration QR text for this terminal (its serial: made once, kept). */
export async function redeem(qr: string, serial: string): Promise<Credentials> {
  const { result } = await call('DeviceRedeemResult', '/device/redeem', {
    method: 'POST',
    body: JSON.stringify({
      qr,
      serial,
      model: 'Pulsera web terminal',
      description: navigator.userAgent.slice(0, 200),
    }),
  });
  const r = result!;
  return {
    serial,
    secretKey: r.secretKey,
    token: r.token,
    tokenExpiresAt: Date.now() + r.expiresIn * 1000,
    deviceId: r.device.id,
    eventId: r.event.id,
    eventName: r.event.name,
  };
}

/** A valid device token: the stored one, or a fresh one signed in with the serial and key. */
async function token(renew = false): Promise<string> {
  const creds = await db.get('credentials');
  if (!creds) throw new ApiError(401, 'notProvisioned', 'Not provisioned');
  if (!renew && creds.tokenExpiresAt > Date.now() + 60_000) return creds.token;
  const { result } = await call('DeviceAuthResult', '/device/auth', {
    method: 'POST',
    body: JSON.stringify({ serial: creds.serial, secretKey: creds.secretKey }),
  });
  const fresh = { ...creds, token: result!.token, tokenExpiresAt: Date.now() + result!.expiresIn * 1000 };
  await db.put('credentials', fresh);
  return fresh.token;
}

/** A device call with the token, signing in again once when the server says it expired. */
async function deviceCall<N extends SchemaName>(schema: N, path: string, init: RequestInit = {}) {
  try {
    return await call(schema, path, { ...init, token: await token() });
  } catch (e) {
    if (e instanceof ApiError && e.code === 'deviceTokenInvalid') {
      return call(schema, path, { ...init, token: await token(true) });
    }
    throw e;
  }
}

/** Loads the configuration unless the stored one is current (then the server answers 304). */
export async function loadConfig(): Promise<{ config: DeviceConfig; changed: boolean }> {
  const stored = await db.get('config');
  const headers: Record<string, string> = stored ? { 'if-none-match': `"${stored.version}"` } : {};
  const { status, result } = await deviceCall('DeviceConfig', '/device/config', { headers });
  if (status === 304 && stored) return { config: upgradeConfig(stored), changed: false };
  await db.put('config', result!);
  return { config: result!, changed: true };
}

export const wristband = async (serial: string) =>
  (await deviceCall('DeviceWristband', `/device/wristband/${encodeURIComponent(serial)}`)).result!;

/** A wristband's latest lines of the event's extract, newest first (a kiosk shows them online). */
export const wristbandHistory = async (serial: string) =>
  (await deviceCall('DeviceWristbandHistory', `/device/wristband/${encodeURIComponent(serial)}/history`))
    .result!;

export const occupancy = async () => (await deviceCall('DeviceOccupancy', '/device/occupancy')).result!;

export const sync = async (body: Record<string, unknown>) =>
  (await deviceCall('SyncResult', '/device/sync', { method: 'POST', body: JSON.stringify(body) })).result!;

/** A ticket typed or scanned at a gate (ticketNotFound, ticketCancelled: an ApiError with the reason). */
export const ticket = async (code: string) =>
  (await deviceCall('DeviceTicket', `/device/ticket/${encodeURIComponent(code)}`)).result!;

/** The event's ticket list: whole (no version held), or what changed since the version held. */
export const ticketList = async (since?: string) =>
  (
    await deviceCall(
      'DeviceTicketList',
      `/device/tickets${since ? `?since=${encodeURIComponent(since)}` : ''}`,
    )
  ).result!;
