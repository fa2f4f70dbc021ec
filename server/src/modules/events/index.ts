import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import type { AnyJobKind } from '../../core/jobs/job-queue';
import { adRoutes } from './ads/ads.routes';
import { eventDetailRoutes } from './detail/event-detail.routes';
import { eventRoutes } from './events/events.routes';
import { onlineServicesRoutes } from './online-services/online-services.routes';
import { sealClearRecaptchaSecrets } from './online-services/recaptcha-secret';
import { appParamRoutes } from './params/app-params.routes';

/**
 * Events: the event list, the event detail (its tabs, duplication, kiosk), parameters, ads and online
 * services. The domain's one door: what other domains may use is exported below.
 */
export async function register(app: FastifyInstance, ctx: AppContext) {
  // Secrets at rest: reCAPTCHA secrets still in clear are sealed (a data migration that needs the key).
  await sealClearRecaptchaSecrets(ctx);
  await eventRoutes(app, ctx);
  await eventDetailRoutes(app, ctx);
  await appParamRoutes(app, ctx);
  await adRoutes(app, ctx);
  await onlineServicesRoutes(app, ctx);
}

export const jobKinds: readonly AnyJobKind[] = [];

export { seedDemoAds } from './ads/demo';
export { getOnlineServices } from './online-services/online-services.service';
export { recaptchaSecretOf } from './online-services/recaptcha-secret';
