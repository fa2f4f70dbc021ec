import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import type { AnyJobKind } from '../../core/jobs/job-queue';
import { appVersionRoutes } from './app-versions/app-versions.routes';
import { eventDeviceRoutes } from './devices/devices.routes';
import { deviceRoutes } from './feed/device.routes';
import { feedStatisticsJob } from './feed/feed-statistics.task';
import { paymentMethodRoutes } from './payment-methods/payment-methods.routes';
import { deviceRegistryRoutes } from './registry/registry.routes';
import { wristbandStockRoutes } from './wristband-stock/wristband-stock.routes';

/**
 * Terminals: the sync feed, the event's devices, the registry and fleet health, wristband stock, app
 * versions and payment methods. The domain's one door: what other domains may use is exported below.
 */
export async function register(app: FastifyInstance, ctx: AppContext) {
  await deviceRoutes(app, ctx);
  await eventDeviceRoutes(app, ctx);
  await deviceRegistryRoutes(app, ctx);
  await wristbandStockRoutes(app, ctx);
  await appVersionRoutes(app, ctx);
  await paymentMethodRoutes(app, ctx);
}

export const jobKinds: readonly AnyJobKind[] = [feedStatisticsJob];

export { generateDeviceQr, verifyDeviceQr } from './devices/device-qr.service';
export { registerDevice } from './feed/device.service';
export { requireDevice } from './feed/device-auth';
export {
  appTarget,
  type FeedTarget,
  httpTarget,
  type SyncFn,
  serviceTarget,
  signIn,
} from './feed/device-client';
export { eventTerminalParams } from './feed/device-payment-rules';
export { ledgerMismatches } from './feed/ledger.repo';
export { changeWristbandOnServer } from './feed/server-wristband-change';
export { assertPaymentLettersEnabled } from './payment-methods/payment-methods.service';
export { stockWristband } from './wristband-stock/wristband-stock.repo';
