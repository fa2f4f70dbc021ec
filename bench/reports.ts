/**
 * Reports: one festival of `wristbands` wristbands and `operations` terminal operations, written
 * straight into the feed tables with `INSERT … SELECT generate_series` (not through the device API:
 * 5,000,000 operations would take hours there) — the same tables and columns the sync writes, so the
 * rollup triggers fire as they do for the sync — then every report call timed through the app
 * (app.inject with a signed-in administrator): every GET under /api/reports, /api/capacity,
 * /api/ticketing, /api/filters, /api/order-errors, /api/addon/stats and /api/controlPresence, found in
 * the app's route table (not listed here), with a one-day window, and the quick dashboard over the
 * whole event. A call that does not answer 200 is FAILED (never skipped) and fails the run.
 *
 * This file is the bench's entry (bench/run.ts imports it) and its command line
 * (`tsx bench/reports.ts --db pglite --wristbands 200 --operations 10000 --days 2 --runs 2`); its
 * pieces are in bench/reports/: the venue and the bulk load (load-*.ts), the calls, their measuring
 * and the figures.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { benchReports } from './reports/bench-reports';
import { DEFAULT_REPORTS, printReportFigures } from './reports/figures';

export { benchReports } from './reports/bench-reports';
export { REPORT_PREFIXES } from './reports/calls';
export {
  type CallFigure,
  DASHBOARD_TARGET_MS,
  DASHBOARD_URL,
  DEFAULT_REPORTS,
  printReportFigures,
  REPORT_TARGET_MS,
  type ReportFigures,
} from './reports/figures';
export { loadFestival } from './reports/load-festival';
export { operationMix } from './reports/operation-mix';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'postgres' },
      wristbands: { type: 'string', default: String(DEFAULT_REPORTS.wristbands) },
      operations: { type: 'string', default: String(DEFAULT_REPORTS.operations) },
      days: { type: 'string', default: String(DEFAULT_REPORTS.days) },
      runs: { type: 'string', default: String(DEFAULT_REPORTS.runs) },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'string' },
      calls: { type: 'string' },
      'other-events': { type: 'string', default: '0' },
      'other-operations': { type: 'string', default: '2000000' },
    },
  });
  const figures = await benchReports(values.db === 'pglite' ? 'pglite' : 'postgres', {
    wristbands: Number(values.wristbands),
    operations: Number(values.operations),
    days: Number(values.days),
    runs: Number(values.runs),
    keep: values.keep,
    reuse: values.reuse,
    calls: values.calls?.split(',').filter(Boolean),
    others: { events: Number(values['other-events']), operations: Number(values['other-operations']) },
    log: (s) => console.log(s),
  });
  if (!printReportFigures(figures)) process.exitCode = 1;
}
