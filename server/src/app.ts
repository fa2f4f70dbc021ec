import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, loadConfig } from './core/config';
import { type AppContext, createContext } from './core/context';
import { type Database, openDatabase } from './core/db/client';
import type { Domain } from './core/domain';
import { Tokens } from './core/lib/tokens';
import { registerApiKeyRateLimit } from './core/plugins/api-key-rate-limit';
import { registerAudit } from './core/plugins/audit';
import { registerErrorHandler } from './core/plugins/errors';
import { guard } from './core/plugins/guard';
import { type InFlight, registerInFlight } from './core/plugins/in-flight';
import {
  clientErrorHandler,
  frameworkErrors,
  registerTextRule,
  serverWithTimeouts,
} from './core/plugins/input-safety';
import { registerOpenApi } from './core/plugins/openapi';
import { registerSecurityHeaders } from './core/plugins/security-headers';
import { registerStatic } from './core/plugins/static';
import * as access from './modules/access';
import * as catalogue from './modules/catalogue';
import * as customers from './modules/customers';
import * as events from './modules/events';
import * as health from './modules/health';
import * as integrations from './modules/integrations';
import * as reports from './modules/reports';
import * as settings from './modules/settings';
import * as terminals from './modules/terminals';
import * as uploads from './modules/uploads';
import * as venue from './modules/venue';
import { demoTerminalRoutes } from './seed/demo-terminals';

/**
 * The product's domains (server/src/modules/<domain>/index.ts): each registers its routes and names its
 * job kinds. Another domain reaches one only through that index (npm run check holds the rule).
 */
const DOMAINS: readonly Domain[] = [
  health,
  access,
  events,
  catalogue,
  venue,
  customers,
  terminals,
  reports,
  integrations,
  settings,
  uploads,
];

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** Requests whose handler still runs (plugins/in-flight.ts). */
  inFlight: InFlight;
}

/**
 * Installs the job queue's tables and creates every kind's queue, then stops: main.ts runs it once
 * before forking several processes, so none of them creates a queue (DDL) while another works.
 */
export async function prepareJobQueues(database: Database, config: Config) {
  const ctx = createContext(database.db, database.kind, config, new Tokens(config));
  for (const domain of DOMAINS) for (const kind of domain.jobKinds) ctx.jobs.register(kind);
  await ctx.jobs.start({ work: false, schedule: false });
  await ctx.jobs.stop();
}

/** Builds the Fastify app on an open database (used by main.ts and by the tests). */
export async function buildApp(
  opts: { config?: Partial<Config>; database?: Database; logger?: boolean } = {},
) {
  const config = loadConfig(opts.config);
  const database = opts.database ?? (await openDatabase(config));
  const tokens = new Tokens(config);
  const ctx = createContext(database.db, database.kind, config, tokens);
  for (const domain of DOMAINS) for (const kind of domain.jobKinds) ctx.jobs.register(kind);

  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    serverFactory: serverWithTimeouts(config),
    clientErrorHandler,
    frameworkErrors,
  });
  ctx.mailer.log = app.log;
  const inFlight = registerInFlight(app);
  app.addHook('onClose', async () => ctx.mailer.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerTextRule(app);
  await registerSecurityHeaders(app, config);
  await app.register(guard, { db: database.db, tokens, config });
  await registerApiKeyRateLimit(app, config);
  registerAudit(app, database.db);
  await registerOpenApi(app);

  for (const domain of DOMAINS) await domain.register(app, ctx);
  if (config.seed === 'demo') await demoTerminalRoutes(app, ctx);

  await registerStatic(app, config);
  // The job queue (core/jobs): its tables at start; workers and schedules where JOB_WORKERS is on.
  ctx.jobs.log = app.log;
  app.addHook('onReady', async () => {
    await ctx.jobs.start({ work: config.jobWorkers, schedule: config.jobWorkers });
  });
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    if (!opts.database) await database.close();
  });
  return { app, ctx, database, inFlight } satisfies BuiltApp;
}
