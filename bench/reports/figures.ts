/**
 * The reports bench's figures: what a run measures per call, the targets the calls are held to, and
 * the table and verdict printed at the end.
 */
import type { BenchDb } from '../databases';

/** The figures of a reports bench run: the festival loaded, and each report call timed. */
export interface ReportFigures {
  database: BenchDb;
  wristbands: number;
  operations: number;
  rows: Record<string, number>;
  loadSeconds: number;
  indexSeconds: number;
  runs: number;
  calls: CallFigure[];
}

export interface CallFigure {
  url: string;
  /** What the call was timed with (the query string). */
  query: string;
  status: number;
  p50: number;
  p95: number;
  max: number;
  target: number;
  /** Size of the answer (bytes of JSON): a report timed against empty data would show here. */
  bytes: number;
  /** Why the call failed (it answered something else than 200): the run fails. */
  failed?: string;
}

export const DEFAULT_REPORTS = { wristbands: 100_000, operations: 5_000_000, days: 4, runs: 20 };

/** Report calls must answer in p95 < 100 ms; the quick dashboard < 150 ms. */
export const REPORT_TARGET_MS = 100;
export const DASHBOARD_TARGET_MS = 150;
export const DASHBOARD_URL = '/api/reports/mainQuickDashboard';

/** Rounded to a tenth (of a millisecond, of a second). */
export const round = (ms: number) => Math.round(ms * 10) / 10;
/** The p-th percentile of sorted times. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const resultOf = (c: CallFigure) => (c.failed ? 'FAILED' : c.p95 < c.target ? 'ok' : 'SLOW');

/** Prints the figures and a one-line verdict; answers whether every call answered and met its target. */
export function printReportFigures(f: ReportFigures) {
  console.log(
    `\nReports on ${f.database}: ${f.operations.toLocaleString('en')} operations, ${f.wristbands.toLocaleString('en')} wristbands ` +
      `(bulk-loaded with INSERT … SELECT generate_series, not through the device API, in ${f.loadSeconds} s + ${f.indexSeconds} s for indexes and ANALYZE)`,
  );
  console.log(
    `rows: ${Object.entries(f.rows)
      .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
      .join(', ')}`,
  );
  console.log(
    `Each call ${f.runs} times through app.inject as an administrator; a one-day window, the dashboard over the whole event. ` +
      `Target: p95 < ${REPORT_TARGET_MS} ms per report call, < ${DASHBOARD_TARGET_MS} ms for ${DASHBOARD_URL}.`,
  );
  const width = Math.max(4, ...f.calls.map((c) => c.url.length));
  const num = (n: number, c: CallFigure) => (c.failed && !n ? '—' : n.toFixed(1)).padStart(8);
  console.log(
    `${'call'.padEnd(width)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}  ${'max ms'.padStart(8)}  ${'target'.padStart(9)}  ${'answer'.padStart(9)}  result`,
  );
  for (const c of f.calls) {
    console.log(
      `${c.url.padEnd(width)}  ${num(c.p50, c)}  ${num(c.p95, c)}  ${num(c.max, c)}  ${`< ${c.target} ms`.padStart(9)}  ${`${(c.bytes / 1024).toFixed(1)} kB`.padStart(9)}  ${resultOf(c)}${c.failed ? ` — ${c.failed}` : ''}`,
    );
  }
  const failed = f.calls.filter((c) => c.failed);
  const slow = f.calls.filter((c) => resultOf(c) === 'SLOW');
  const timed = f.calls.filter((c) => !c.failed);
  const worst = timed.reduce<CallFigure | null>(
    (w, c) => (!w || c.p95 / c.target > w.p95 / w.target ? c : w),
    null,
  );
  const ok = failed.length === 0 && slow.length === 0;
  console.log(
    ok
      ? `Verdict: PASS — all ${f.calls.length} report calls answered and met their target` +
          (worst ? ` (closest: ${worst.url} p95 ${worst.p95} ms of ${worst.target} ms).` : '.')
      : `Verdict: FAIL — ${failed.length} FAILED${failed.length ? ` (${failed.map((c) => c.url).join(', ')})` : ''}, ` +
          `${slow.length} SLOW${slow.length ? ` (${slow.map((c) => `${c.url} p95 ${c.p95} ms`).join(', ')})` : ''} ` +
          `of ${f.calls.length} report calls.`,
  );
  return ok;
}
