import type { FastifyRequest } from 'fastify';

/** The success envelope; carries a refreshed session token when the guard made one. */
export function ok<T>(req: FastifyRequest, result: T) {
  return req.refreshedToken
    ? { error: 0 as const, result, token: req.refreshedToken }
    : { error: 0 as const, result };
}
