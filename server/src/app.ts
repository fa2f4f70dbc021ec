import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, loadConfig } from './core/config';
import { type AppContext, createContext } from './core/context';
import { type Database, openDatabase } from './core/db/client';
import { Tokens } from './core/lib/tokens';
import { adRoutes } from './modules/events/ads/ads.routes';
import { appVersionRoutes } from './modules/terminals/app-versions/app-versions.routes';
import { articleRoutes } from './modules/catalogue/articles/articles.routes';
import { locationArticleRoutes } from './modules/catalogue/location-articles/location-articles.routes';
import { packRoutes } from './modules/catalogue/packs/packs.routes';
import { auditRoutes } from './modules/access/audit/audit.routes';
import { authRoutes } from './modules/access/auth/auth.routes';
import { addonRoutes } from './modules/catalogue/addons/addons.routes';
import { bonusTypeRoutes } from './modules/catalogue/bonus-types/bonus-types.routes';
import { bonusRoutes } from './modules/catalogue/bonuses/bonuses.routes';
import { feeRoutes } from './modules/catalogue/fees/fees.routes';
import { flagRoutes } from './modules/catalogue/flags/flags.routes';
import { refundRuleRoutes } from './modules/catalogue/refund-rules/refund-rules.routes';
import { consoleUserRoutes } from './modules/access/users/console-users.routes';
import { permissionRoleRoutes } from './modules/access/roles/permission-roles.routes';
import { customerRoutes } from './modules/customers/customers/customers.routes';
import { deviceRoutes } from './modules/terminals/feed/device.routes';
import { deviceRegistryRoutes } from './modules/terminals/registry/registry.routes';
import { eventDetailRoutes } from './modules/events/detail/event-detail.routes';
import { eventDeviceRoutes } from './modules/terminals/devices/devices.routes';
import { eventRoutes } from './modules/events/events/events.routes';
import { currencyRoutes } from './modules/settings/currencies/currencies.routes';
import { languageRoutes } from './modules/settings/languages/languages.routes';
import { promoterRoutes } from './modules/settings/promoters/promoters.routes';
import { provinceRoutes } from './modules/settings/provinces/provinces.routes';
import { teamRoutes } from './modules/settings/teams/teams.routes';
import { healthRoutes } from './modules/health/health.routes';
import { integratorRoutes } from './modules/access/integrators/integrators.routes';
import { jobRoutes } from './modules/integrations/jobs/jobs.routes';
import { onlineServicesRoutes } from './modules/events/online-services/online-services.routes';
import { appParamRoutes } from './modules/events/params/app-params.routes';
import { paymentMethodRoutes } from './modules/terminals/payment-methods/payment-methods.routes';
import { payoutRoutes } from './modules/customers/payouts/payouts.routes';
import { presenceRoutes } from './modules/venue/presence/presence.routes';
import { bonusReportRoutes } from './modules/reports/bonuses/bonuses.routes';
import { capacityRoutes } from './modules/reports/capacity/capacity.routes';
import { dashboardReportRoutes } from './modules/reports/dashboard/dashboard.routes';
import { filterRoutes } from './modules/reports/filters/filters.routes';
import { salesReportRoutes } from './modules/reports/sales/sales.routes';
import { ticketingRoutes } from './modules/reports/ticketing/ticketing.routes';
import { topUpReportRoutes } from './modules/reports/top-ups/topups.routes';
import { wristbandReportRoutes } from './modules/reports/wristbands/wristbands.routes';
import { rolRoutes } from './modules/catalogue/rols/rols.routes';
import { salesApiRoutes } from './modules/integrations/sales-api/sales-api.routes';
import { staffRoutes } from './modules/venue/staff/staff.routes';
import { ticketImportRoutes } from './modules/integrations/ticket-api/ticket-import.routes';
import { ticketListRoutes } from './modules/integrations/ticket-api/ticket-lists.routes';
import { topUpSearchRoutes } from './modules/customers/top-up-search/top-up-search.routes';
import { eventImageRoutes } from './modules/uploads/event-images.routes';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { gateRoutes } from './modules/venue/gates/gates.routes';
import { kitchenRoutes } from './modules/venue/kitchens/kitchens.routes';
import { locationRoutes } from './modules/venue/locations/locations.routes';
import { roomRoutes } from './modules/venue/rooms/rooms.routes';
import { timeRangeRoutes } from './modules/venue/time-ranges/time-ranges.routes';
import { zoneRoutes } from './modules/venue/zones/zones.routes';
import { wristbandStockRoutes } from './modules/terminals/wristband-stock/wristband-stock.routes';
import { bannedRoutes } from './modules/customers/banned-wristbands/banned.routes';
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
import { registerWeb } from './core/plugins/static';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** Requests whose handler still runs (plugins/in-flight.ts). */
  inFlight: InFlight;
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

  await healthRoutes(app, ctx, database.kind);
  await authRoutes(app, ctx);
  await consoleUserRoutes(app, ctx);
  await permissionRoleRoutes(app, ctx);
  await eventRoutes(app, ctx);
  await eventDetailRoutes(app, ctx);
  await bannedRoutes(app, ctx);
  await wristbandStockRoutes(app, ctx);
  await appVersionRoutes(app, ctx);
  await paymentMethodRoutes(app, ctx);
  await deviceRoutes(app, ctx);
  await deviceRegistryRoutes(app, ctx);
  await customerRoutes(app, ctx);
  await payoutRoutes(app, ctx);
  await onlineServicesRoutes(app, ctx);
  await ticketImportRoutes(app, ctx);
  await ticketListRoutes(app, ctx);
  await eventDeviceRoutes(app, ctx);
  await currencyRoutes(app, ctx);
  await languageRoutes(app, ctx);
  await promoterRoutes(app, ctx);
  await provinceRoutes(app, ctx);
  await teamRoutes(app, ctx);
  await locationRoutes(app, ctx);
  await gateRoutes(app, ctx);
  await zoneRoutes(app, ctx);
  await kitchenRoutes(app, ctx);
  await roomRoutes(app, ctx);
  await timeRangeRoutes(app, ctx);
  await uploadRoutes(app, ctx);
  await eventImageRoutes(app, ctx);

  await staffRoutes(app, ctx);
  await adRoutes(app, ctx);
  await articleRoutes(app, ctx);
  await locationArticleRoutes(app, ctx);
  await packRoutes(app, ctx);
  await flagRoutes(app, ctx);
  await addonRoutes(app, ctx);
  await bonusTypeRoutes(app, ctx);
  await bonusRoutes(app, ctx);
  await feeRoutes(app, ctx);
  await refundRuleRoutes(app, ctx);
  await rolRoutes(app, ctx);
  await filterRoutes(app, ctx);
  await dashboardReportRoutes(app, ctx);
  await capacityRoutes(app, ctx);
  await ticketingRoutes(app, ctx);
  await topUpReportRoutes(app, ctx);
  await bonusReportRoutes(app, ctx);
  await salesReportRoutes(app, ctx);
  await wristbandReportRoutes(app, ctx);

  await appParamRoutes(app, ctx);
  await presenceRoutes(app, ctx);
  await integratorRoutes(app, ctx);
  await auditRoutes(app, ctx);
  await jobRoutes(app, ctx);
  await topUpSearchRoutes(app, ctx);
  await salesApiRoutes(app, ctx);

  await registerWeb(app, config);
  // The job queue (modules/jobs): its tables at start; workers and schedules where JOB_WORKERS is on.
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
