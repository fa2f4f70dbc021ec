import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import type { AnyJobKind } from '../../core/jobs/job-queue';
import { eventImageRoutes } from './event-images.routes';
import { uploadSweepJob } from './upload-sweep.task';
import { uploadRoutes } from './uploads.routes';

/**
 * Uploads: files and event images, and the sweep of unused uploads. The domain's one door: what other
 * domains may use is exported below.
 */
export async function register(app: FastifyInstance, ctx: AppContext) {
  await uploadRoutes(app, ctx);
  await eventImageRoutes(app, ctx);
}

export const jobKinds: readonly AnyJobKind[] = [uploadSweepJob];

export { formatBytes } from './image-check';
export { storageConfig, storageFor } from './storage';
export { deleteImage } from './uploads.repo';
export { appUploadMaxBytes, attachImage, isZipArchive, removeQuietly } from './uploads.service';
