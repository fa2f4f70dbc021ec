import { issueToFieldError } from '@pulsera/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { translate } from '../lib/i18n';

/**
 * Errors in one place: every failure leaves as `{ error, description, fields? }` with the catalogue's
 * status, in the request's language. Never a stack trace.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang ?? 'en';
    const send = (e: AppError) => {
      const body: Record<string, unknown> = {
        error: e.code,
        description: translate(lang, e.extra.messageKey ?? `errors.${e.key}`, e.extra.params),
      };
      if (e.extra.fields) {
        body.fields = e.extra.fields.map((f) => ({
          path: f.path,
          message: f.message,
          text: translate(lang, f.message),
        }));
      }
      if (e.extra.answerParams && e.extra.params) body.params = e.extra.params;
      if (e.extra.token) body.token = e.extra.token;
      if (e.extra.retryAfter !== undefined) {
        body.retryAfter = e.extra.retryAfter;
        reply.header('retry-after', String(e.extra.retryAfter));
      }
      return reply.status(e.status).send(body);
    };

    if (err instanceof AppError) return send(err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => {
        // The provider flattens each zod issue into { keyword, instancePath, message, params }.
        const issue = {
          ...(v.params as object),
          code: v.keyword,
          message: v.message,
          path: v.instancePath.split('/').filter(Boolean),
        } as unknown as Parameters<typeof issueToFieldError>[0];
        const f = issueToFieldError(issue);
        const where = err.validationContext === 'body' ? '' : `${err.validationContext}.`;
        return { path: `${where}${f.path}`, message: f.message };
      });
      return send(new AppError('validation', { fields }));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response does not match its schema');
      return send(new AppError('internal'));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(new AppError('malformedJson'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        // The route's own limit (the terminal feed takes larger bodies than the console's calls).
        const limit = req.routeOptions?.bodyLimit ?? app.initialConfig.bodyLimit!;
        return send(new AppError('tooLarge', { params: { limit: `${Math.round(limit / 1024)} KB` } }));
      }
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(new AppError('unsupportedMedia'));
    }
    if (err instanceof SyntaxError) return send(new AppError('malformedJson'));
    // Unique violations reaching here are a service that forgot to check first: still a clean 409.
    const pgCode = (err as { code?: string }).code ?? (err.cause as { code?: string } | undefined)?.code;
    if (pgCode === '23505') return send(new AppError('conflict'));
    // Data exceptions (class 22: a number out of its column's range, a NUL byte, a date PostgreSQL
    // cannot hold, a value too long): the shared input schemas refuse these first; this is the net.
    if (typeof pgCode === 'string' && /^22[0-9A-Z]{3}$/.test(pgCode)) {
      req.log.warn({ err }, 'a value reached the database that the input schemas should have refused');
      return send(new AppError('valueOutOfRange'));
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      const key = err.statusCode === 404 ? 'notFound' : err.statusCode === 413 ? 'tooLarge' : 'validation';
      return send(new AppError(key, { params: { limit: '' } }));
    }
    req.log.error({ err }, 'unhandled error');
    return send(new AppError('internal'));
  });
}
