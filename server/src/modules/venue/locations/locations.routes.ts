import {
  IdParam,
  Location,
  LocationCreateRequest,
  LocationImageDeleteRequest,
  LocationImageRequest,
  LocationsResult,
  LocationUpdateRequest,
  ok as okSchema,
  UploadedImage,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { actingUserId } from '../../../core/plugins/guard';
import * as service from './locations.service';

/** 02-catalogue §7 Locations (admin/events/locations, permission locations). */
export async function locationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['locations'];
  const config = { access: { route: 'locations' as const } };

  r.get(
    '/api/locations',
    { config, schema: { tags, response: { 200: okSchema(LocationsResult) } } },
    async (req) => ok(req, await service.listLocations(ctx, req.event!.id)),
  );
  r.post(
    '/api/locations',
    { config, schema: { tags, body: LocationCreateRequest, response: { 200: okSchema(Location) } } },
    async (req) => ok(req, await service.createLocation(ctx, req.event!.id, req.body.location)),
  );
  r.put(
    '/api/locations',
    { config, schema: { tags, body: LocationUpdateRequest, response: { 200: okSchema(Location) } } },
    async (req) => ok(req, await service.updateLocation(ctx, req.event!.id, req.body.location)),
  );
  r.delete(
    '/api/locations/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteLocation(ctx, req.event!.id, req.params.id)),
  );
  r.put(
    '/api/locations/images',
    { config, schema: { tags, body: LocationImageRequest, response: { 200: okSchema(UploadedImage) } } },
    async (req) =>
      ok(
        req,
        await service.setLocationLogo(
          ctx,
          req.event!.id,
          actingUserId(req),
          req.body.locationId,
          req.body.key,
        ),
      ),
  );
  r.put(
    '/api/locations/images/delete',
    { config, schema: { tags, body: LocationImageDeleteRequest, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.clearLocationLogo(ctx, req.event!.id, req.body.locationId)),
  );
}
