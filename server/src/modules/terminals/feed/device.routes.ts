import {
  DeviceAuthRequest,
  DeviceAuthResult,
  DeviceConfig,
  DeviceOccupancy,
  DeviceRedeemRequest,
  DeviceRedeemResult,
  DeviceRegister,
  DeviceRegistered,
  DeviceTicket,
  DeviceTicketCode,
  DeviceTicketList,
  DeviceTicketListQuery,
  DeviceWristband,
  ok as okSchema,
  RfidSerial,
  SyncRequest,
  SyncResult,
} from '@pulsera/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { serverOrigin } from '../../../core/lib/public-origin';
import { syncTerminal } from '../registry/terminal-contact';
import * as service from './device.service';
import { liveOccupancy } from './device-access-rules';
import { type DeviceCaller, requireDevice } from './device-auth';
import { deviceConfig, deviceWristband } from './device-config.repo';
import { receiptsOf, withReceipts } from './device-receipts';
import { deviceTicket } from './device-ticket.repo';
import { deviceTicketList } from './device-ticket-list.repo';

/** A full batch of SYNC_MAX_OPERATIONS operations fits comfortably. */
const SYNC_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The device API of handhelds, kiosks and totems. Devices hold no console session: the auth, redeem
 * and sync routes are public to the guard (`auth: 'none'`); redeem verifies the configuration QR,
 * auth the serial and secret key, and sync the device token.
 */
export async function deviceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['device'];

  r.post(
    '/api/device/auth',
    {
      config: { access: { auth: 'none' } },
      schema: { tags, body: DeviceAuthRequest, response: { 200: okSchema(DeviceAuthResult) } },
    },
    async (req) => ok(req, await service.authenticate(ctx, req.body)),
  );

  r.post(
    '/api/device/redeem',
    {
      config: { access: { auth: 'none' } },
      schema: { tags, body: DeviceRedeemRequest, response: { 200: okSchema(DeviceRedeemResult) } },
    },
    async (req) => ok(req, await service.redeem(ctx, req.body, serverOrigin(ctx.config))),
  );

  // The device token is checked before the (up to 8 MB) body is read; each operation's text is
  // checked by the sync itself, so one bad operation is refused alone and the others are recorded.
  const callers = new WeakMap<object, DeviceCaller>();
  r.post(
    '/api/device/sync',
    {
      config: { access: { auth: 'none' }, ownTextCheck: true },
      bodyLimit: SYNC_BODY_LIMIT,
      onRequest: async (req) => {
        callers.set(req, await requireDevice(ctx, req));
      },
      schema: { tags, body: SyncRequest, response: { 200: okSchema(SyncResult) } },
    },
    async (req) => {
      const device = callers.get(req) ?? (await requireDevice(ctx, req));
      // The answer names the version the terminal's channel must run (terminal software, issue 18).
      return ok(req, await syncTerminal(ctx.db, device, req.body, req.lang));
    },
  );

  // What the terminal loads of its event (its menus, staff, zones, gates…), with its device token.
  // Versioned: the answer's ETag is the configuration's version, and a terminal that sends it back in
  // If-None-Match gets 304 with no body while nothing changed.
  r.get(
    '/api/device/config',
    {
      config: { access: { auth: 'none' } },
      schema: { tags, response: { 200: okSchema(DeviceConfig) } },
    },
    async (req, reply) => {
      const device = await requireDevice(ctx, req);
      const config = withReceipts(
        await deviceConfig(ctx.db, device.eventId, ctx.config.terminalOffline),
        await receiptsOf(ctx, device),
      );
      const etag = `"${config.version}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      const sent = req.headers['if-none-match'];
      if (sent?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        // 304 has no body, so no response schema: the untyped reply sends it.
        return (reply as FastifyReply).status(304).send();
      }
      return ok(req, config);
    },
  );

  // A wristband's balances and bans as the server recorded them (a web terminal reads the serial only).
  r.get(
    '/api/device/wristband/:serial',
    {
      config: { access: { auth: 'none' } },
      schema: {
        tags,
        params: z.object({ serial: RfidSerial }),
        response: { 200: okSchema(DeviceWristband) },
      },
    },
    async (req) => {
      const device = await requireDevice(ctx, req);
      return ok(req, await deviceWristband(ctx.db, device.eventId, req.params.serial));
    },
  );

  // A ticket typed or scanned at a gate: its role, holder and whether a wristband already holds it.
  r.get(
    '/api/device/ticket/:code',
    {
      config: { access: { auth: 'none' } },
      schema: {
        tags,
        params: z.object({ code: DeviceTicketCode }),
        response: { 200: okSchema(DeviceTicket) },
      },
    },
    async (req) => {
      const device = await requireDevice(ctx, req);
      return ok(req, await deviceTicket(ctx.db, device.eventId, req.params.code));
    },
  );

  // The event's tickets for offline validation: whole, or changed since the version the gate holds.
  // Its answer (100,000 tickets and more, typed by DeviceTicketList) is written as it is: checking it
  // against the schema again took longer than the query (the gate bench's first download, issue 30).
  r.get(
    '/api/device/tickets',
    {
      config: { access: { auth: 'none' } },
      schema: { tags, querystring: DeviceTicketListQuery, response: { 200: okSchema(DeviceTicketList) } },
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => {
      const device = await requireDevice(ctx, req);
      return ok(req, await deviceTicketList(ctx.db, device.eventId, req.query.since));
    },
  );

  // The live counts of the zones with capacity control (a gate online decides by them).
  r.get(
    '/api/device/occupancy',
    {
      config: { access: { auth: 'none' } },
      schema: { tags, response: { 200: okSchema(DeviceOccupancy) } },
    },
    async (req) => {
      const device = await requireDevice(ctx, req);
      return ok(req, await liveOccupancy(ctx.db, device.eventId));
    },
  );

  r.post(
    '/api/device/register',
    {
      config: { access: { route: 'configDevices' } },
      schema: { tags, body: DeviceRegister, response: { 200: okSchema(DeviceRegistered) } },
    },
    async (req) => ok(req, await service.registerDevice(ctx.db, req.body)),
  );
}
