import {
  CloseEventRequest,
  Event,
  EventListQuery,
  EventListResult,
  EventSaveRequest,
  EventTypeOption,
  FindEventResult,
  IdParam,
  ok as okSchema,
  TrustsResult,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { saveEvent } from '../detail/event-save.service';
import * as service from './events.service';

export async function eventRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];

  // 01-console §7: the status defaults to active (no status, or one the chooser does not know).
  r.get(
    '/api/events',
    {
      config: { access: { route: 'chooseEvent' } },
      schema: { tags, querystring: EventListQuery, response: { 200: okSchema(EventListResult) } },
    },
    async (req) => ok(req, await service.listEvents(ctx, req.user!, undefined, req.query)),
  );
  r.get(
    '/api/events/:status',
    {
      config: { access: { route: 'chooseEvent' } },
      schema: {
        tags,
        params: z.object({ status: z.string().max(20) }),
        querystring: EventListQuery,
        response: { 200: okSchema(EventListResult) },
      },
    },
    async (req) => ok(req, await service.listEvents(ctx, req.user!, req.params.status, req.query)),
  );

  r.get(
    '/api/search/events',
    {
      config: { access: { route: 'chooseEvent' } },
      schema: {
        tags,
        querystring: z.object({ search: z.string().trim().max(200).default('') }),
        // isClosed (1: closed) lets a picker leave out events that take nothing more (a lot, 409 eventClosed).
        response: {
          200: okSchema(
            z.array(z.object({ id: z.number(), nombre: z.string(), isClosed: z.number().int() })),
          ),
        },
      },
    },
    async (req) => ok(req, await service.searchEvents(ctx, req.user!, req.query.search)),
  );

  r.post(
    '/api/event',
    {
      config: { access: { role: 'admin' } },
      schema: { tags, body: EventSaveRequest, response: { 200: okSchema(z.number().int()) } },
    },
    async (req) => ok(req, await saveEvent(ctx, req.user!, req.body.event)),
  );

  r.get(
    '/api/event/types',
    {
      config: { access: {} },
      schema: { tags, response: { 200: okSchema(z.array(EventTypeOption)) } },
    },
    async (req) => ok(req, service.eventTypes(req.lang)),
  );

  r.get(
    '/api/event',
    { config: { access: { event: true } }, schema: { tags, response: { 200: okSchema(Event) } } },
    async (req) => ok(req, await service.currentEvent(ctx, req.event!.id)),
  );

  r.get(
    '/api/findEvent/:id',
    {
      config: { access: { route: 'chooseEvent' } },
      schema: { tags, params: IdParam, response: { 200: okSchema(FindEventResult) } },
    },
    async (req) => ok(req, await service.findEvent(ctx, req.user!, req.params.id)),
  );

  r.post(
    '/api/closeEvent',
    {
      config: { access: { role: 'superAdmin' }, audit: { action: 'closeEvent' } },
      schema: { tags, body: CloseEventRequest, response: { 200: okSchema(z.boolean()) } },
    },
    async (req) => ok(req, await service.closeEvent(ctx, req.body.idEvent)),
  );

  r.get(
    '/api/event/trusts/:id',
    {
      config: { access: { route: 'chooseEvent' } },
      schema: { tags, params: IdParam, response: { 200: okSchema(TrustsResult) } },
    },
    async (req) => ok(req, await service.eventTrusts(ctx, req.user!, req.params.id)),
  );
}
