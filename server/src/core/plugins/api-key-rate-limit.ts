import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/**
 * Requests made with an API key are limited per key (`API_KEY_RATE_LIMIT` per
 * `API_KEY_RATE_WINDOW_SECONDS`, counted in this process); people's sessions are not limited here.
 * Past the limit: 429 in the envelope (error 3104) with `Retry-After`.
 */
export async function registerApiKeyRateLimit(app: FastifyInstance, config: Config) {
  await app.register(rateLimit, {
    global: true,
    hook: 'preValidation',
    max: config.apiKeyRateLimit.max,
    timeWindow: config.apiKeyRateLimit.windowSeconds * 1000,
    keyGenerator: (req) => (req.integrator ? `api-key:${req.integrator.keyId}` : 'person'),
    allowList: (req) => !req.integrator,
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return new AppError('apiKeyRateLimited', { params: { seconds }, retryAfter: seconds });
    },
  });
}
