import { APP_VERSION, ok as okSchema } from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/lib/envelope';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: { auth: 'none' } },
      schema: {
        tags: ['system'],
        response: {
          200: okSchema(z.object({ status: z.literal('ok'), version: z.string(), database: z.string() })),
        },
      },
    },
    async (req) => {
      await ctx.db.execute(sql`select 1`);
      return ok(req, { status: 'ok' as const, version: APP_VERSION, database: ctx.databaseKind });
    },
  );
}
