import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, HEADERS } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const API_DESCRIPTION = `Back-office console API.

## Integrators: calling with an API key

A system without a person (a ticketing partner, a data warehouse) calls the API with an **API key**
made in *Configuration → Integrators* (shown once). Send it in header \`x-api-key\` and name the
event in header \`x-event-id\` (its id; \`tokenevent\` works too). The key passes the same permission
table as a person: it reaches the event-scoped calls whose permission codes the integrator was granted
in that event, never the administrators' calls; anything else answers 403. A revoked or expired key
answers 401. Each key may make API_KEY_RATE_LIMIT requests per API_KEY_RATE_WINDOW_SECONDS (300 a
minute unless set otherwise); past it the answer is 429 with \`Retry-After\` in seconds. Every write
it makes is in the audit trail, naming the integrator.

\`\`\`sh
curl -s 'https://console.example.com/api/infoCustomer/search?name=ana' \\
  -H 'x-api-key: pk_abc123def4_…' \\
  -H 'x-event-id: 1'
\`\`\`

answers \`{ "error": 0, "result": … }\`, or \`{ "error": 3101, "description": "This API key has been revoked" }\`.`;

/**
 * The docs page's policy, one directive per name: Swagger UI sets element styles at run time, as the
 * console does (no inline script either way), and no site may frame it. Its own policy names
 * `frame-ancestors 'self'`; appending ours gave two directives, and a browser obeys the first.
 */
function docsPolicy(header: string): string {
  const own: Record<string, string> = {
    'style-src': "'self' 'unsafe-inline'",
    'frame-ancestors': "'none'",
  };
  const directives = header
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .filter((d) => !(d.split(/\s+/)[0]!.toLowerCase() in own));
  return [...directives, ...Object.entries(own).map(([name, value]) => `${name} ${value}`)].join('; ');
}

/** OpenAPI at /api/openapi.json and interactive docs at /api/docs, from the route schemas. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pulsera API', version: APP_VERSION, description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'header', name: 'token' },
          event: { type: 'apiKey', in: 'header', name: 'tokenevent' },
          trusts: { type: 'apiKey', in: 'header', name: 'tokentrusts' },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: HEADERS.apiKey,
            description:
              "An integrator's API key (Configuration → Integrators), with header `x-event-id` naming the event. See the example above.",
          },
          eventId: { type: 'apiKey', in: 'header', name: HEADERS.eventId },
        },
      },
      security: [
        { session: [], event: [], trusts: [] },
        { apiKey: [], eventId: [] },
      ],
    },
    transform: jsonSchemaTransform,
  });
  // staticCSP: the docs page's own inline script is allowed by its hash, nothing else inline.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    staticCSP: true,
    transformStaticCSP: docsPolicy,
  });
  app.get('/api/openapi.json', { config: { access: { auth: 'none' } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
