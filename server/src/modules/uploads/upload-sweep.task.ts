import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerRepeatingTask } from '../../lib/repeating-task';
import { storageFor } from './storage';
import { findByKey } from './uploads.repo';

const HOUR = 3_600_000;
/** How often a process looks for uploads that were never attached. */
export const UPLOAD_SWEEP_EVERY_MS = HOUR;

/**
 * Deletes the stored images older than `before` that no resource holds (no `images` row): the
 * browser PUTs the bytes and then attaches them; an upload whose attach never came (a closed tab, a
 * refused attach whose object could not be removed, a cancelled form) would otherwise stay on disk or
 * in the bucket for ever. `before` lies far beyond the upload address's life (UPLOAD_SWEEP_HOURS,
 * default 24 h, against UPLOAD_URL_MINUTES), so an upload on its way to being attached is never
 * touched. Safe from several processes: removing an object twice is harmless. Answers the keys removed.
 */
export async function sweepUnattachedUploads(ctx: AppContext, before: Date): Promise<string[]> {
  const storage = storageFor(ctx);
  const removed: string[] = [];
  for await (const { key } of storage.listOlder(before)) {
    if (await findByKey(ctx.db, key)) continue;
    await storage.remove(key);
    removed.push(key);
  }
  return removed;
}

/** The hourly sweep inside the server process (main.ts); off when UPLOAD_SWEEP_HOURS is 0. */
export function registerUploadSweep(app: FastifyInstance, ctx: AppContext, everyMs = UPLOAD_SWEEP_EVERY_MS) {
  const hours = ctx.config.uploadSweepHours;
  if (!hours) return;
  registerRepeatingTask(app, {
    name: 'upload sweep',
    everyMs,
    firstMs: Math.min(everyMs, 60_000),
    run: async () => {
      const keys = await sweepUnattachedUploads(ctx, new Date(Date.now() - hours * HOUR));
      if (keys.length) app.log.info({ removed: keys.length }, 'uploads never attached were deleted');
    },
  });
}
