/**
 * The reports bench run: a bench database with the festival loaded (or a kept one reused), the app
 * on it, and every report call timed over the last full festival day.
 */
import { buildApp } from '../../server/src/app';
import { type BenchDb, openBenchDatabase } from '../databases';
import { REPORT_PREFIXES, reportRoutes, reportTargets } from './calls';
import { festivalOf } from './festival-database';
import type { CallFigure, ReportFigures } from './figures';
import { signIn, timeCall } from './measure';
import { HOUR } from './venue';

/** Runs the reports bench on a database of `kind` and answers its figures (printed by printReportFigures). */
export async function benchReports(
  kind: BenchDb,
  opts: {
    wristbands: number;
    operations: number;
    days: number;
    runs: number;
    /** Other events loaded into the same database beside the festival (--report-other-events). */
    others?: { events: number; operations: number };
    /** Keep the database after the run (its name is printed) instead of dropping it. */
    keep?: boolean;
    /** A database a run kept: reused as it is (migrated to now, analysed), not loaded again. */
    reuse?: string;
    /** Time only the calls whose label contains one of these texts. */
    calls?: string[];
    log?: (s: string) => void;
  },
): Promise<ReportFigures> {
  const log = opts.log ?? (() => {});
  const database = await openBenchDatabase(kind, { keep: opts.keep, reuse: opts.reuse });
  try {
    const db = database.db;
    const { loaded, shape } = await festivalOf(database, opts);
    const { app } = await buildApp({ database, logger: false, config: { seed: 'none' } });
    await app.ready();
    try {
      const call = await signIn(app, db, loaded.venue.eventId);

      // The last full festival day: from 12:00 UTC to 12:00 UTC the next day (one whole night).
      const dayStart = new Date(loaded.venue.start.getTime() + (shape.days - 1) * 24 * HOUR);
      const window = {
        start: dayStart.toISOString(),
        end: new Date(dayStart.getTime() + 24 * HOUR).toISOString(),
      };
      const routes = reportRoutes(app);
      log(
        `${routes.length} report calls found under ${REPORT_PREFIXES.join(', ')}; ${opts.runs} timed runs each`,
      );
      const calls: CallFigure[] = [];
      const v = loaded.venue;
      for (const target of reportTargets(routes, v)) {
        if (opts.calls?.length && !opts.calls.some((c) => target.label.includes(c))) continue;
        calls.push(await timeCall(call, target, window, v, opts.runs, log));
      }
      return {
        database: kind,
        wristbands: shape.wristbands,
        operations: loaded.operations,
        rows: loaded.rows,
        loadSeconds: loaded.loadSeconds,
        indexSeconds: loaded.indexSeconds,
        runs: opts.runs,
        calls,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
