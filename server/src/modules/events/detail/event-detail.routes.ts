import {
  CapacityEventResult,
  CapacityEventSave,
  DeviceQrConfig,
  DeviceQrVerifyRequest,
  DuplicateEventRequest,
  DuplicateEventResult,
  EventParam,
  EventParamSaveRequest,
  EventParamsResult,
  GenerateQrRequest,
  IdParam,
  KioskButton,
  KioskButtonSaveRequest,
  KioskConfig,
  MessageOriginatorSave,
  ok as okSchema,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { serverOrigin } from '../../../core/lib/public-origin';
import { logSlot } from '../../reports';
import { generateDeviceQr, verifyDeviceQr } from '../../terminals';
import * as params from '../params/event-params.service';
import * as capacity from './capacity.service';
import * as duplicate from './duplicate.service';
import * as kiosk from './kiosk.service';

/**
 * The event detail (01-console §2 admin/events/theevent, §7): event parameters, kiosk configuration,
 * the device-configuration QR, duplicating the event and the capacity toggle. POST /event itself
 * (create and update) is in events.routes.ts and calls event-save.service.ts.
 */
export async function eventDetailRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['event detail'];
  const theEvent = { access: { route: 'theEvent' as const } };

  // Event parameters: the event form (admins) and the parameters screen (edicionDeEventos).
  r.get(
    '/api/event/params',
    {
      config: { access: { route: 'params' } },
      schema: { tags, response: { 200: okSchema(EventParamsResult) } },
    },
    async (req) => ok(req, await params.eventParams(ctx, req.event!.id)),
  );
  r.post(
    '/api/event/params',
    {
      config: { access: { route: 'params' } },
      schema: { tags, body: EventParamSaveRequest, response: { 200: okSchema(EventParam) } },
    },
    async (req) => ok(req, await params.saveEventParam(ctx, req.event!.id, req.body.appParam)),
  );

  // Kiosk
  r.get(
    '/api/event/configKiosk',
    { config: theEvent, schema: { tags, response: { 200: okSchema(KioskConfig) } } },
    async (req) => ok(req, await kiosk.kioskConfig(ctx, req.event!.id)),
  );
  r.post(
    '/api/event/configKiosk',
    {
      config: theEvent,
      schema: { tags, body: KioskButtonSaveRequest, response: { 200: okSchema(KioskButton) } },
    },
    async (req) => ok(req, await kiosk.saveKioskButton(ctx, req.event!.id, req.body.button)),
  );
  r.delete(
    '/api/event/configKiosk/:id',
    { config: theEvent, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await kiosk.deleteKioskButton(ctx, req.event!.id, req.params.id)),
  );
  r.post(
    '/api/event/configKiosk/originator',
    {
      config: theEvent,
      schema: { tags, body: MessageOriginatorSave, response: { 200: okSchema(z.string()) } },
    },
    async (req) => ok(req, await kiosk.saveMessageOriginator(ctx, req.event!.id, req.body.messageOriginator)),
  );

  // Device-configuration QR
  r.post(
    '/api/event/generateQr',
    { config: theEvent, schema: { tags, body: GenerateQrRequest, response: { 200: okSchema(z.string()) } } },
    async (req) => ok(req, await generateDeviceQr(ctx, req.event!.id, serverOrigin(ctx.config), req.body)),
  );
  r.post(
    '/api/device/qr/verify',
    {
      config: { access: { auth: 'none' } },
      schema: { tags, body: DeviceQrVerifyRequest, response: { 200: okSchema(DeviceQrConfig) } },
    },
    async (req) => ok(req, await verifyDeviceQr(ctx, req.body.qr, serverOrigin(ctx.config))),
  );

  // Duplicate (the source is the selected event)
  r.post(
    '/api/duplicateEvent',
    {
      config: theEvent,
      schema: { tags, body: DuplicateEventRequest, response: { 200: okSchema(DuplicateEventResult) } },
    },
    async (req) => ok(req, await duplicate.duplicateEvent(ctx, req.event!.id, req.body)),
  );

  // Capacity toggle: read by the capacities report (its real-time tab), switched from the event form.
  const capacities = { access: { route: 'capacities' as const } };
  r.get(
    '/api/capacity/event',
    { config: capacities, schema: { tags, response: { 200: okSchema(CapacityEventResult) } } },
    async (req) => ok(req, await capacity.capacityToggle(ctx, req.event!.id)),
  );
  // Switching it is event configuration: the capacities screen's config tab, for edicionDeEventos
  // (docs/decisions/events.md, Capacities). Switched on, the current slot of the log is written at once.
  r.post(
    '/api/capacity/event',
    {
      config: { access: { perms: { must: ['edicionDeEventos' as const] } } },
      schema: { tags, body: CapacityEventSave, response: { 200: okSchema(CapacityEventResult) } },
    },
    async (req) => {
      const saved = await capacity.saveCapacityToggle(ctx, req.event!.id, req.body.featureToggle);
      if (saved.capacityLog === 1 && ctx.config.capacityLogMinutes > 0) {
        await logSlot(ctx.db, new Date(), ctx.config.capacityLogMinutes * 60_000, req.event!.id);
      }
      return ok(req, saved);
    },
  );
}
