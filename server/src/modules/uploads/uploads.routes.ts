import type { IncomingMessage } from 'node:http';
import {
  IMAGE_KEY_PATTERN,
  MIME_OF_EXTENSION,
  ok as okSchema,
  UploadImageRequest,
  UploadImageResult,
} from '@pulsera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/lib/envelope';
import { fail } from '../../core/lib/errors';
import { storageFor, type UploadClaims } from './storage';
import * as service from './uploads.service';

/** Served images may never run script in our origin (an SVG is a document that could). */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** Reads a raw body up to `limit` bytes; more is a 413 (the rest of the request is left unread). */
function readBody(
  payload: IncomingMessage,
  limit: number,
  declaredLength: number,
  tooLarge: Error = service.tooLarge(limit),
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (declaredLength > limit) return reject(tooLarge);
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        cleanup();
        payload.resume();
        reject(tooLarge);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}

export async function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['uploads'];

  r.post(
    '/api/upload-image',
    {
      // Any signed-in user: the address grants nothing by itself; attaching goes through the owning
      // resource's route, which applies that resource's permission and event scope.
      config: { access: {} },
      schema: { tags, body: UploadImageRequest, response: { 200: okSchema(UploadImageResult) } },
    },
    async (req) => ok(req, await service.createUpload(ctx, req.body)),
  );

  // The local upload address `/api/uploads/<token>`: the signed token is the credential (a wildcard,
  // as a token is longer than a route parameter may be). The raw body is parsed only here.
  await app.register(async (sub) => {
    const claimsOf = new WeakMap<FastifyRequest, UploadClaims>();
    sub.addContentTypeParser(
      /^(?:image\/[\w.+-]+|application\/octet-stream)$/,
      async (req: FastifyRequest, payload: IncomingMessage) => {
        const claims = claimsOf.get(req);
        if (!claims) throw fail('uploadAddressInvalid');
        return readBody(
          payload,
          service.uploadLimit(ctx, claims),
          Number(req.headers['content-length'] ?? 0),
          service.tooLargeFor(ctx, claims),
        );
      },
    );
    sub.withTypeProvider<ZodTypeProvider>().put(
      '/api/uploads/*',
      {
        config: { access: { auth: 'none' } },
        schema: {
          tags,
          params: z.object({ '*': z.string().max(4000) }),
          response: {
            200: okSchema(
              z.object({ key: z.string(), url: z.string(), width: z.number(), height: z.number() }),
            ),
          },
        },
        // Before the body is read: an expired or forged address is refused without taking the bytes.
        preParsing: async (req, _reply, payload) => {
          claimsOf.set(req, await service.verifyUploadToken(ctx, (req.params as { '*': string })['*']));
          return payload;
        },
      },
      async (req) => {
        const claims = claimsOf.get(req);
        if (!claims) throw fail('uploadAddressInvalid');
        return ok(req, await service.receiveUpload(ctx, claims, req.headers['content-type'], req.body));
      },
    );
  });

  r.get('/api/files/*', { config: { access: { auth: 'none' } }, schema: { tags } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const match = IMAGE_KEY_PATTERN.exec(key);
    if (!match) throw fail('notFound');
    const storage = storageFor(ctx);
    // Images of a bucket with a public address (a CDN) are shown from there: the console points to it.
    const publicUrl = storage.publicUrl(key);
    if (publicUrl !== `/api/files/${key}`) return reply.redirect(publicUrl, 302);
    const file = await storage.stream(key);
    if (!file) throw fail('notFound');
    const mime = MIME_OF_EXTENSION[match[1]!]!;
    return reply
      .header('content-type', mime)
      .header('content-length', String(file.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', mime === 'image/svg+xml' ? `${FILE_CSP}; sandbox` : FILE_CSP)
      .header('content-disposition', 'inline')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  });
}
