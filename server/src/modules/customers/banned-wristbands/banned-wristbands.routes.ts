import { BannedWristband, BanRequest, ok as okSchema } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './banned-wristbands.service';

export async function bannedRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['banned wristbands'];
  r.get(
    '/api/rfids/banned',
    {
      config: { access: { route: 'banRfids' } },
      schema: { tags, response: { 200: okSchema(z.array(BannedWristband)) } },
    },
    async (req) => ok(req, await service.listBanned(ctx)),
  );
  r.post(
    '/api/rfids/ban',
    {
      config: { access: { route: 'banRfids' } },
      schema: { tags, body: BanRequest, response: { 200: okSchema(BannedWristband) } },
    },
    async (req) => ok(req, await service.ban(ctx, req.user!.id, req.body)),
  );
}
