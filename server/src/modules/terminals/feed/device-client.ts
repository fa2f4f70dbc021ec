import http from 'node:http';
import https from 'node:https';
import {
  DEVICE_TOKEN_HEADER,
  type DeviceConfig,
  type DeviceRedeemResult,
  type DeviceRegister,
  HEADERS,
  type SyncHealth,
  type SyncOperationInput,
  type SyncResult,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db/client';
import { syncTerminal } from '../registry/terminal-contact';
import { findDeviceBySerial } from './device.repo';
import { registerDevice } from './device.service';
import { deviceConfig } from './device-config.repo';

/** Sends one batch for a device, with what it says of itself (fleet health); answers the sync result. */
export type SyncFn = (ops: SyncOperationInput[], health?: SyncHealth) => Promise<SyncResult>;

/**
 * Where terminals (the simulator, the benchmark) send their operations: the registration of a
 * device, then its authentication, which yields the function that syncs its batches.
 */
export interface FeedTarget {
  register(input: DeviceRegister): Promise<string>;
  connect(serial: string, secretKey: string): Promise<SyncFn>;
  /**
   * The event as its terminals load it (GET /api/device/config): over HTTP, a terminal of its own
   * (`SIM-CONFIG-<event>`) is configured, signs in and reads it.
   */
  eventConfig(eventId: number): Promise<DeviceConfig>;
}

/** The terminal that loads the event's configuration for the simulator over HTTP. */
const configTerminal = (eventId: number): DeviceRegister => ({
  n_serie: `SIM-CONFIG-${eventId}`,
  type: 'PDA',
  idEvent: eventId,
  description: 'Simulator: loads the event configuration',
});

async function expectOk(status: number, body: unknown, what: string) {
  if (status !== 200) throw new Error(`${what}: HTTP ${status} ${JSON.stringify(body).slice(0, 500)}`);
  return (body as { result: unknown }).result;
}

/**
 * Terminals configured like real ones: each redeems the event's configuration QR
 * (POST /api/device/redeem) with its serial, model and type. `host` is the server address the code
 * names when the server is reached in-process.
 */
export interface QrRegistration {
  qr: string;
  host?: string;
}

/** The body of POST /device/redeem for a terminal; checks the code configured it for its event. */
const redeemBody = (qr: string, input: DeviceRegister) => ({
  qr,
  serial: input.n_serie,
  ...(input.model ? { model: input.model } : {}),
  ...(input.description ? { description: input.description } : {}),
  ...(input.type ? { type: input.type } : {}),
});
function redeemedKey(result: DeviceRedeemResult, input: DeviceRegister) {
  if (result.event.id !== input.idEvent) {
    throw new Error(`the configuration code is for event ${result.event.id}, not ${input.idEvent}`);
  }
  return result.secretKey;
}

/**
 * Through the HTTP API of an app in this process (`app.inject`), registering devices in `db`, or
 * by redeeming a configuration QR when `byQr` is given.
 */
export function appTarget(app: FastifyInstance, db: Db, byQr?: QrRegistration): FeedTarget {
  return {
    async register(input) {
      if (!byQr) return (await registerDevice(db, input)).secretKey;
      const res = await app.inject({
        method: 'POST',
        url: '/api/device/redeem',
        headers: byQr.host ? { host: byQr.host } : {},
        payload: redeemBody(byQr.qr, input),
      });
      return redeemedKey((await expectOk(res.statusCode, res.json(), 'redeem')) as DeviceRedeemResult, input);
    },
    async connect(serial, secretKey) {
      const auth = await app.inject({
        method: 'POST',
        url: '/api/device/auth',
        payload: { serial, secretKey },
      });
      const { token } = (await expectOk(auth.statusCode, auth.json(), 'device auth')) as { token: string };
      return async (ops, health) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/device/sync',
          headers: { [DEVICE_TOKEN_HEADER]: token },
          payload: { ...health, operations: ops },
        });
        return (await expectOk(res.statusCode, res.json(), 'sync')) as SyncResult;
      };
    },
    eventConfig: (eventId) => deviceConfig(db, eventId),
  };
}

/**
 * Through a running server (`baseUrl`), registering devices with an admin session token, or by
 * redeeming a configuration QR of the event (`{ qr }`).
 */
export function httpTarget(baseUrl: string, adminToken: string | { qr: string }): FeedTarget {
  const send = requester(baseUrl);
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await send(path, body, headers);
    return expectOk(res.status, res.body, `POST ${path}`);
  };
  return {
    register: async (input) =>
      typeof adminToken === 'string'
        ? (
            (await post('/api/device/register', input, { [HEADERS.session]: adminToken })) as {
              secretKey: string;
            }
          ).secretKey
        : redeemedKey(
            (await post('/api/device/redeem', redeemBody(adminToken.qr, input))) as DeviceRedeemResult,
            input,
          ),
    async connect(serial, secretKey) {
      const { token } = (await post('/api/device/auth', { serial, secretKey })) as { token: string };
      return async (ops, health) =>
        (await post(
          '/api/device/sync',
          { ...health, operations: ops },
          { [DEVICE_TOKEN_HEADER]: token },
        )) as SyncResult;
    },
    async eventConfig(eventId) {
      const input = configTerminal(eventId);
      const secretKey = await this.register(input);
      const { token } = (await post('/api/device/auth', { serial: input.n_serie, secretKey })) as {
        token: string;
      };
      const res = await fetch(new URL('/api/device/config', baseUrl), {
        headers: { [DEVICE_TOKEN_HEADER]: token },
      });
      return (await expectOk(
        res.status,
        await res.json().catch(() => null),
        'GET /api/device/config',
      )) as DeviceConfig;
    },
  };
}

/**
 * POSTs JSON to a running server over connections kept open, as a terminal's app does, with
 * node:http(s) rather than `fetch`: the simulated terminals share the machine's cores with the server
 * in the bench, and `fetch` spent about twice the CPU per batch (docs/decisions/platform.md).
 */
function requester(baseUrl: string) {
  const secure = new URL(baseUrl).protocol === 'https:';
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const request = secure ? https.request : http.request;
  return (path: string, body: unknown, headers: Record<string, string>) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const payload = Buffer.from(JSON.stringify(body));
      const req = request(
        new URL(path, baseUrl),
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': payload.length, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            let parsed: unknown = null;
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              // Not JSON: the status alone tells (expectOk).
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}

/** Straight into the sync service (no HTTP, no token): the demo's first-start simulation. */
export function serviceTarget(db: Db): FeedTarget {
  return {
    register: async (input) => (await registerDevice(db, input)).secretKey,
    async connect(serial) {
      const device = await findDeviceBySerial(db, serial);
      if (!device?.assignedEventId) throw new Error(`device ${serial} is not registered`);
      const caller = { id: device.id, eventId: device.assignedEventId, version: device.tokenVersion };
      return (ops, health) => syncTerminal(db, caller, { ...health, operations: ops });
    },
    eventConfig: (eventId) => deviceConfig(db, eventId),
  };
}

/** Signs in to a running server (for httpTarget). */
export async function signIn(baseUrl: string, email: string, password: string) {
  const res = await fetch(new URL('/api/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json().catch(() => null)) as { result?: { token?: string } } | null;
  if (res.status !== 200 || !body?.result?.token) {
    throw new Error(`sign-in as ${email} failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  }
  return body.result.token;
}
