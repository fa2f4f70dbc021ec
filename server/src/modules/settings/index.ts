import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import type { AnyJobKind } from '../../core/jobs/job-queue';
import { currencyRoutes } from './currencies/currencies.routes';
import { languageRoutes } from './languages/languages.routes';
import { promoterRoutes } from './promoters/promoters.routes';
import { provinceRoutes } from './provinces/provinces.routes';
import { teamRoutes } from './teams/teams.routes';

/**
 * Settings: the global lists (currencies, languages, promoters, provinces, teams). The domain's one
 * door: what other domains may use is exported below.
 */
export async function register(app: FastifyInstance, ctx: AppContext) {
  await currencyRoutes(app, ctx);
  await languageRoutes(app, ctx);
  await promoterRoutes(app, ctx);
  await provinceRoutes(app, ctx);
  await teamRoutes(app, ctx);
}

export const jobKinds: readonly AnyJobKind[] = [];

export { currencyLabels } from './currencies/currencies.repo';
