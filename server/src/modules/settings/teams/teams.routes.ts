import {
  IdParam,
  ok as okSchema,
  Team,
  TeamCreateRequest,
  TeamListQuery,
  TeamListResult,
  TeamSearchQuery,
  TeamUpdateRequest,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './teams.service';

/** 01-console §7 Teams (admin/configuration/teams, super admin) and the event form's typeahead. */
export async function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];
  const config = { access: { route: 'teams' as const } };

  r.get(
    '/api/backoffice/teams',
    { config, schema: { tags, querystring: TeamListQuery, response: { 200: okSchema(TeamListResult) } } },
    async (req) => ok(req, await service.listTeams(ctx, req.query)),
  );
  r.post(
    '/api/backoffice/teams',
    { config, schema: { tags, body: TeamCreateRequest, response: { 200: okSchema(Team) } } },
    async (req) => ok(req, await service.saveTeam(ctx, req.body.backofficeTeam)),
  );
  r.patch(
    '/api/backoffice/teams',
    { config, schema: { tags, body: TeamUpdateRequest, response: { 200: okSchema(Team) } } },
    async (req) => ok(req, await service.saveTeam(ctx, req.body.backofficeTeam)),
  );
  r.delete(
    '/api/backoffice/teams/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteTeam(ctx, req.params.id)),
  );
  r.get(
    '/api/search/teams',
    {
      config: { access: { role: 'admin' } },
      schema: { tags, querystring: TeamSearchQuery, response: { 200: okSchema(z.array(Team)) } },
    },
    async (req) => ok(req, await service.searchTeams(ctx, req.query.searchText)),
  );
}
