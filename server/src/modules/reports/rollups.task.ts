import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerRepeatingTask } from '../../lib/repeating-task';
import { compactRollups } from './rollups';

const MINUTE = 60_000;
/** How often the rollups are compacted. */
export const ROLLUP_COMPACT_EVERY_MS = 10 * MINUTE;
/** Hours younger than this are left alone (they still get many delta rows). */
export const ROLLUP_COMPACT_AGE_MS = 60 * MINUTE;

/**
 * The scheduled compaction of the reports' hourly rollups, inside the server process: every
 * ROLLUP_COMPACT_EVERY_MS it merges the delta rows of hours that ended more than an hour ago
 * (rollups.ts `compactRollups`; safe with several processes on one database). Figures are the same
 * before and after; only the number of rows a report adds up shrinks. A failed run is logged and the
 * next one tries again. main.ts calls this.
 */
export function registerRollupCompaction(
  app: FastifyInstance,
  ctx: AppContext,
  everyMs = ROLLUP_COMPACT_EVERY_MS,
) {
  registerRepeatingTask(app, {
    name: 'report rollups compaction',
    everyMs,
    firstMs: Math.min(everyMs, MINUTE),
    run: async () => {
      const removed = await compactRollups(ctx.db, new Date(Date.now() - ROLLUP_COMPACT_AGE_MS));
      if (removed) app.log.debug({ removed }, 'report rollups compacted');
    },
  });
}
