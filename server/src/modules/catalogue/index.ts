import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import type { AnyJobKind } from '../../core/jobs/job-queue';
import { addonRoutes } from './addons/addons.routes';
import { articleRoutes } from './articles/articles.routes';
import { bonusTypeRoutes } from './bonus-types/bonus-types.routes';
import { bonusRoutes } from './bonuses/bonuses.routes';
import { feeRoutes } from './fees/fees.routes';
import { flagRoutes } from './flags/flags.routes';
import { locationArticleRoutes } from './location-articles/location-articles.routes';
import { packRoutes } from './packs/packs.routes';
import { refundRuleRoutes } from './refund-rules/refund-rules.routes';
import { rolRoutes } from './rols/rols.routes';

/**
 * Catalogue: articles, packs, location menus, rols, add-ons, bonuses, bonus types, fees, flags and
 * refund rules. The domain's one door: what other domains may use is exported below.
 */
export async function register(app: FastifyInstance, ctx: AppContext) {
  await articleRoutes(app, ctx);
  await locationArticleRoutes(app, ctx);
  await packRoutes(app, ctx);
  await rolRoutes(app, ctx);
  await flagRoutes(app, ctx);
  await addonRoutes(app, ctx);
  await bonusTypeRoutes(app, ctx);
  await bonusRoutes(app, ctx);
  await feeRoutes(app, ctx);
  await refundRuleRoutes(app, ctx);
}

export const jobKinds: readonly AnyJobKind[] = [];

export { seedDemoMenusAndPacks } from './articles/demo';
export { listBonuses } from './bonuses/bonuses.service';
export { seedDemoCatalogue, seedDemoTopUpRules } from './demo';
export { listFees } from './fees/fees.service';
