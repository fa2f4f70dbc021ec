import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { findUnsafeText } from '@pulsera/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { requestLanguage, translate } from '../lib/i18n';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks the text of its body itself (the terminal feed refuses one operation, not
     * its batch); params and query are still checked here.
     */
    ownTextCheck?: boolean;
  }
}

/**
 * One text rule for every request (ARCHITECTURE "Safe by default"): a NUL byte or a lone surrogate
 * in any path parameter, query value or JSON body string (keys included) is a 400 naming the field,
 * before any schema or handler sees it, so no such text ever reaches PostgreSQL.
 */
export function registerTextRule(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const parts: [string, unknown][] = [
      ['params', req.params],
      ['query', req.query],
    ];
    if (!req.routeOptions.config?.ownTextCheck) parts.push(['', req.body]);
    for (const [where, value] of parts) {
      const path = findUnsafeText(value);
      if (path !== null) {
        throw new AppError('validation', {
          fields: [{ path: where ? `${where}.${path}` : path, message: 'validation.unsafeText' }],
        });
      }
    }
  });
}

/**
 * The HTTP server with its timeouts: a whole request (headers and body) must arrive within
 * `requestTimeoutMs`, headers within `headersTimeoutMs`; a client that trickles a body is cut off.
 * Node checks open connections every `connectionsCheckingInterval` ms.
 */
export function serverWithTimeouts(timeouts: { requestTimeoutMs: number; headersTimeoutMs: number }) {
  return (handler: (req: IncomingMessage, res: ServerResponse) => void): Server =>
    createServer(
      {
        requestTimeout: timeouts.requestTimeoutMs,
        headersTimeout: Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs),
        connectionsCheckingInterval: Math.max(
          250,
          Math.min(30_000, Math.floor(timeouts.requestTimeoutMs / 4)),
        ),
        keepAliveTimeout: 5_000,
      },
      handler,
    );
}

const CLIENT_ERRORS: Record<
  string,
  { status: number; key: 'tooLarge' | 'requestTimeout' | 'malformedRequest' }
> = {
  HPE_HEADER_OVERFLOW: { status: 431, key: 'tooLarge' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'requestTimeout' },
};

/**
 * Errors Node answers before Fastify sees a request (headers over 16 KB, a request that did not
 * arrive in time, a malformed request line) leave in the envelope too.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const known = CLIENT_ERRORS[err.code ?? ''] ?? { status: 400, key: 'malformedRequest' as const };
  const status = known.status;
  const description =
    known.key === 'tooLarge'
      ? translate('en', 'errors.headersTooLarge')
      : translate('en', `errors.${known.key}`);
  const body = JSON.stringify({ error: status, description });
  const reason =
    status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\n\r\n${body}`,
  );
}

/**
 * Errors of Fastify's router, before a route is chosen (a path that is not valid UTF-8 once decoded,
 * a path parameter over its length): the envelope, in the request's language when it says one.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status =
    typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
      ? err.statusCode
      : 400;
  const lang = requestLanguage(req.headers);
  const key = status === 414 ? 'errors.urlTooLong' : 'errors.malformedRequest';
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: status, description: translate(lang, key) });
}
