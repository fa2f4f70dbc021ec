import { IdParam, ok as okSchema, Room, RoomSaveRequest } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './rooms.service';

/** 02-catalogue §7 Rooms (admin/events/rooms, permission locations). */
export async function roomRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rooms'];
  const config = { access: { route: 'rooms' as const } };

  r.get('/api/rooms', { config, schema: { tags, response: { 200: okSchema(z.array(Room)) } } }, async (req) =>
    ok(req, await service.listRooms(ctx, req.event!.id)),
  );
  r.post(
    '/api/rooms',
    { config, schema: { tags, body: RoomSaveRequest, response: { 200: okSchema(Room) } } },
    async (req) => ok(req, await service.createRoom(ctx, req.event!.id, req.body.room)),
  );
  r.patch(
    '/api/rooms/:id',
    { config, schema: { tags, params: IdParam, body: RoomSaveRequest, response: { 200: okSchema(Room) } } },
    async (req) => ok(req, await service.updateRoom(ctx, req.event!.id, req.params.id, req.body.room)),
  );
  r.delete(
    '/api/rooms/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteRoom(ctx, req.event!.id, req.params.id)),
  );
}
