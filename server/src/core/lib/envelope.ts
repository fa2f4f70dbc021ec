import type { FastifyReply, FastifyRequest } from 'fastify';

/** The success envelope; carries a refreshed session token when the guard made one. */
export function ok<T>(req: FastifyRequest, result: T) {
  return req.refreshedToken
    ? { error: 0 as const, result, token: req.refreshedToken }
    : { error: 0 as const, result };
}

/**
 * Sends the success envelope around a result the database already wrote as JSON text
 * (`jsonArrayText`), as `ok` would write it, without parsing and writing it again in Node. The text
 * is sent as it is: the route's response schema documents it, nothing checks it.
 */
export function okJsonText(req: FastifyRequest, reply: FastifyReply, resultJson: string) {
  const token = req.refreshedToken ? `,"token":${JSON.stringify(req.refreshedToken)}` : '';
  return reply.type('application/json; charset=utf-8').send(`{"error":0,"result":${resultJson}${token}}`);
}
