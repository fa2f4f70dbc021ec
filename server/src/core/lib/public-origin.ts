import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** This server's address as the caller reached it (honours X-Forwarded-* with TRUST_PROXY). */
export const requestOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * This server's public address: the PUBLIC_URL setting when given (behind proxies and load balancers
 * the Host header may name an internal address), else the address the request reached.
 */
export const serverOrigin = (config: Pick<Config, 'publicUrl'>, req: FastifyRequest) =>
  config.publicUrl ?? requestOrigin(req);
