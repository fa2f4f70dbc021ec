import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import type { AnyJobKind } from '../../core/jobs/job-queue';
import { healthRoutes } from './health.routes';

/** Health: the liveness call. The domain's one door: what other domains may use is exported below. */
export async function register(app: FastifyInstance, ctx: AppContext) {
  await healthRoutes(app, ctx);
}

export const jobKinds: readonly AnyJobKind[] = [];
