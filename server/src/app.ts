import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, loadConfig } from './config';
import { type AppContext, createContext } from './context';
import { type Database, openDatabase } from './db/client';
import { Tokens } from './lib/tokens';
import { authRoutes } from './modules/auth/auth.routes';
import { eventRoutes } from './modules/events/events.routes';
import { currencyRoutes } from './modules/globals/currencies.routes';
import { languageRoutes } from './modules/globals/languages.routes';
import { promoterRoutes } from './modules/globals/promoters.routes';
import { provinceRoutes } from './modules/globals/provinces.routes';
import { teamRoutes } from './modules/globals/teams.routes';
import { healthRoutes } from './modules/health/health.routes';
import { bannedRoutes } from './modules/wristbands/banned.routes';
import { registerErrorHandler } from './plugins/errors';
import { guard } from './plugins/guard';
import { registerOpenApi } from './plugins/openapi';
import { registerWeb } from './plugins/web';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
}

/** Builds the Fastify app on an open database (used by main.ts and by the tests). */
export async function buildApp(
  opts: { config?: Partial<Config>; database?: Database; logger?: boolean } = {},
) {
  const config = loadConfig(opts.config);
  const database = opts.database ?? (await openDatabase(config));
  const tokens = new Tokens(config);
  const ctx = createContext(database.db, config, tokens);

  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(guard, { db: database.db, tokens, config });
  await registerOpenApi(app);

  await healthRoutes(app, ctx, database.kind);
  await authRoutes(app, ctx);
  await eventRoutes(app, ctx);
  await bannedRoutes(app, ctx);
  await currencyRoutes(app, ctx);
  await languageRoutes(app, ctx);
  await promoterRoutes(app, ctx);
  await provinceRoutes(app, ctx);
  await teamRoutes(app, ctx);

  await registerWeb(app, config);
  app.addHook('onClose', async () => {
    if (!opts.database) await database.close();
  });
  return { app, ctx, database } satisfies BuiltApp;
}
