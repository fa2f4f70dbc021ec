import { z } from 'zod';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db/client';
import { defineJobKind } from '../../core/jobs/job-queue';
import { storageFor } from './storage';
import { findByKey } from './uploads.repo';

const HOUR = 3_600_000;

/**
 * Deletes the stored images older than `before` that no resource holds (no `images` row): the
 * browser PUTs the bytes and then attaches them; an upload whose attach never came (a closed tab, a
 * refused attach whose object could not be removed, a cancelled form) would otherwise stay on disk or
 * in the bucket for ever. `before` lies far beyond the upload address's life (UPLOAD_SWEEP_HOURS,
 * default 24 h, against UPLOAD_URL_MINUTES), so an upload on its way to being attached is never
 * touched. Safe from several processes: removing an object twice is harmless. Answers the keys removed.
 */
export async function sweepUnattachedUploads(
  ctx: AppContext,
  before: Date,
  db: Executor = ctx.db,
): Promise<string[]> {
  const storage = storageFor(ctx);
  const removed: string[] = [];
  for await (const { key } of storage.listOlder(before)) {
    if (await findByKey(db, key)) continue;
    await storage.remove(key);
    removed.push(key);
  }
  return removed;
}

/**
 * The hourly sweep as a scheduled job (at minute 7 of every hour; not scheduled when
 * UPLOAD_SWEEP_HOURS is 0). It writes nothing in the database: what a failed run leaves is the files
 * it had already removed, which no resource held. A storage it cannot read (a broken uploads folder,
 * a bucket refusing the listing) fails the job; it is retried once after a few seconds, then stays
 * failed for an administrator to retry once the storage is repaired.
 */
export const uploadSweepJob = defineJobKind({
  name: 'upload-sweep',
  body: z.object({}).strict(),
  retry: { limit: 1, delaySeconds: 5, backoff: true },
  expireSeconds: 30 * 60,
  schedule: (config) => (config.uploadSweepHours ? { cron: '7 * * * *', slotSeconds: 3600 } : null),
  run: async (ctx, tx) => {
    const hours = ctx.config.uploadSweepHours || 24;
    const keys = await sweepUnattachedUploads(ctx, new Date(Date.now() - hours * HOUR), tx);
    return { removed: keys.length };
  },
});
