import {
  ApkRecord,
  AppChannel,
  AppEnableRequest,
  AppPreviewQuery,
  AppUploadResult,
  DownloadApkQuery,
  LastApks,
  ok as okSchema,
  UploadedApkInfo,
} from '@pulsera/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { fail } from '../../../core/lib/errors';
import { requireDevice } from '../feed/device-auth';
import * as service from './app-versions.service';

/** Sends an app file as binary: no envelope, so no refreshed token in the body (01-console §7). */
function sendFile(reply: FastifyReply, file: Awaited<ReturnType<typeof service.latestFile>>) {
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('x-app-sha256', file.sha256)
    .send(file.stream);
}

/** Terminal software (admin/configuration/upload-versions; 01-console §7, 02-catalogue §7). */
export async function appVersionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['terminal software'];
  const config = { access: { route: 'uploadVersions' as const } };

  r.post(
    '/api/global/upload-version/apk',
    {
      config,
      schema: { tags, body: z.object({}).strict().nullish(), response: { 200: okSchema(AppUploadResult) } },
    },
    async (req) => ok(req, await service.createAppUpload(ctx)),
  );
  r.get(
    '/api/global/upload-version/preview',
    { config, schema: { tags, querystring: AppPreviewQuery, response: { 200: okSchema(UploadedApkInfo) } } },
    async (req) => ok(req, await service.previewAppFile(ctx, req.user!.id, req.query.fileName)),
  );
  r.post(
    '/api/global/upload-version/enable',
    { config, schema: { tags, body: AppEnableRequest, response: { 200: okSchema(ApkRecord) } } },
    async (req) => ok(req, await service.enableVersion(ctx, req.user!.id, req.body.id)),
  );
  r.get(
    '/api/global/upload-version/lastApks',
    { config, schema: { tags, response: { 200: okSchema(LastApks) } } },
    async (req) => ok(req, await service.lastApks(ctx)),
  );
  r.get(
    '/api/global/upload-version/downloadApk',
    { config, schema: { tags, querystring: DownloadApkQuery } },
    async (req, reply) => sendFile(reply, await service.latestFile(ctx, req.query.type)),
  );

  // A terminal downloads the version its channel must run (named in its sync answer) with its token.
  r.get(
    service.DEVICE_APP_PATH,
    {
      config: { access: { auth: 'none' } },
      onRequest: async (req) => {
        const device = await requireDevice(ctx, req);
        if (!(await service.deviceMayDownload(ctx, device.id, device.version)))
          throw fail('deviceTokenInvalid');
      },
      schema: { tags: ['device'], querystring: z.object({ channel: AppChannel.default('production') }) },
    },
    async (req, reply) => sendFile(reply, await service.latestFile(ctx, req.query.channel)),
  );
}
