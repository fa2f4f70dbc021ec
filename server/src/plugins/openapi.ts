import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI at /api/openapi.json and interactive docs at /api/docs, from the route schemas. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pulsera API', version: APP_VERSION, description: 'Back-office console API' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'header', name: 'token' },
          event: { type: 'apiKey', in: 'header', name: 'tokenevent' },
          trusts: { type: 'apiKey', in: 'header', name: 'tokentrusts' },
        },
      },
      security: [{ session: [], event: [], trusts: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // staticCSP: the docs page's own inline script is allowed by its hash, nothing else inline.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    staticCSP: true,
    // Swagger UI sets element styles at run time, as the console does; no inline script either way.
    transformStaticCSP: (header) =>
      `${header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")}; frame-ancestors 'none'`,
  });
  app.get('/api/openapi.json', { config: { access: { auth: 'none' } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
