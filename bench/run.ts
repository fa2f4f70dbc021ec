import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchApiOverhead, OVERHEAD_TARGET, type OverheadRow, type ProcessesRow } from './api-overhead';
import { benchCustomerSearch, type SearchFigures } from './customer-search';
import { BENCH_DATABASE_URL, type BenchDb, postgresReachable } from './databases';
import { benchFirstLoad, benchGate, benchPortalFirstLoad, benchTerminal } from './first-load';
import { benchIngest, DEFAULT_INGEST, type IngestFigures } from './ingest';
import { benchPortalApi, type PortalApiFigures, portalApiOk, printPortalApi } from './portal-api';
import { benchReports, DEFAULT_REPORTS, printReportFigures, type ReportFigures } from './reports';
import { benchStockImport, STOCK_IMPORT_TARGET_MS, type StockImportFigures } from './stock-import';

/**
 * npm run bench [-- --only ingest|search|reports|overhead|stock|first-load|terminal|portal|gate] [--stock-rows 100000] [--overhead-seconds 10] [--overhead-connections 20] [--overhead-calls events/active,locations] [--db postgres|pglite] [--seconds 45] [--customers 100000]
 *   [--portal-seconds 4] [--portal-webhooks 500]
 *   [--report-operations 5000000] [--report-wristbands 100000] [--report-runs 20]
 *   [--report-keep] [--report-db <kept database name>] [--report-calls cashboxes,mainQuickDashboard]
 *   [--report-other-events 3] [--report-other-operations 2000000]
 *
 * Ingest through POST /api/device/sync and customer search, on PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, in a database of its own that is dropped afterwards) and
 * on the embedded database. Prints a table of figures against the targets: ≥ 3,000 operations per
 * second of ingest on PostgreSQL, p95 < 50 ms for customer search at 100,000 customers.
 *
 * Reports (bench/reports.ts, PostgreSQL only): a festival of 100,000 wristbands and 5,000,000
 * operations bulk-loaded with INSERT … SELECT generate_series (about six minutes), then every report
 * call (every GET under /api/reports, /api/capacity, /api/ticketing, /api/filters, /api/order-errors,
 * /api/addon/stats and /api/controlPresence) timed through the app: p95 < 100 ms per report, < 150 ms
 * for the quick dashboard; a call answering anything but 200 is FAILED. Exits with 1 when a figure
 * misses its target or a call failed. A smaller festival for a quick look: --report-operations 500000
 * --report-wristbands 10000. To work on a report's speed: --report-keep keeps the loaded database
 * (its name is printed), --report-db <name> reuses it without loading again (migrated to the current
 * code, vacuumed and analysed), --report-calls <text,…> times only the calls whose path contains one of the texts.
 * Beside other events (an organiser keeps many in one database): --report-other-events N
 * --report-other-operations M loads N other events of M operations each (a wristband per 50
 * operations) into the same database before the festival; the figures are the festival's calls, which
 * must not read the others' rows. The largest festival's size: --report-operations 20000000
 * --report-wristbands 400000 --report-other-events 3 --report-other-operations 2000000.
 *
 * In Chromium (e2e/bench/, the browser tests' demo server): first-load, terminal, and gate (issue 30:
 * 100,000 tickets imported into the demo event and deleted afterwards; the ticket list first
 * downloaded < 10 s, a delta of 100 changed tickets < 1 s, tap to answer offline at 4× CPU throttle
 * p95 < 150 ms), each beside the same work done bare.
 */
// The bench's apps run with SEED=none, which needs a secret (a random one serves a bench run) and a
// public address (its links are never followed).
process.env.SESSION_SECRET ||= randomBytes(32).toString('hex');
process.env.PUBLIC_URL ||= 'http://127.0.0.1';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    db: { type: 'string' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '45' },
    wristbands: { type: 'string', default: String(DEFAULT_INGEST.wristbands) },
    customers: { type: 'string', default: process.env.BENCH_CUSTOMERS ?? '100000' },
    concurrency: { type: 'string', default: String(DEFAULT_INGEST.concurrency) },
    'overhead-seconds': { type: 'string', default: process.env.BENCH_OVERHEAD_SECONDS ?? '10' },
    'overhead-connections': { type: 'string', default: '20' },
    'overhead-calls': { type: 'string' },
    'report-operations': {
      type: 'string',
      default: process.env.BENCH_REPORT_OPERATIONS ?? String(DEFAULT_REPORTS.operations),
    },
    'report-wristbands': {
      type: 'string',
      default: process.env.BENCH_REPORT_WRISTBANDS ?? String(DEFAULT_REPORTS.wristbands),
    },
    'report-runs': { type: 'string', default: String(DEFAULT_REPORTS.runs) },
    'report-keep': { type: 'boolean', default: false },
    'report-db': { type: 'string' },
    'report-calls': { type: 'string' },
    'report-other-events': { type: 'string', default: '0' },
    'report-other-operations': { type: 'string', default: '2000000' },
    'stock-rows': { type: 'string', default: '100000' },
    'sweep-seconds': { type: 'string', default: process.env.BENCH_SWEEP_SECONDS ?? '20' },
    'portal-seconds': { type: 'string', default: '4' },
    'portal-webhooks': { type: 'string', default: '500' },
  },
});

const INGEST_TARGET = 3000;
/**
 * Device ingest at ≥ 60 % of the raw ceiling (issue 31): the same rows written by bare pg clients, as
 * many at once as terminals (8 by default).
 */
const INGEST_RAW_TARGET = 0.6;
/** Concurrent terminals of the ingest sweep (PostgreSQL). */
const SWEEP = [1, 8, 32];
const SEARCH_TARGET_MS = 50;

const wanted: BenchDb[] =
  values.db === 'pglite' ? ['pglite'] : values.db === 'postgres' ? ['postgres'] : ['postgres', 'pglite'];
const databases: BenchDb[] = [];
for (const db of wanted) {
  if (db === 'postgres' && !(await postgresReachable())) {
    console.log(
      `PostgreSQL at ${BENCH_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')} is not reachable: skipped.`,
    );
    continue;
  }
  databases.push(db);
}

console.log(
  `Pulsera benchmarks on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);

const ingest: IngestFigures[] = [];
const search: SearchFigures[] = [];
const reports: ReportFigures[] = [];
const stock: StockImportFigures[] = [];
for (const db of databases) {
  if (!values.only || values.only === 'ingest') {
    console.log(`ingest on ${db}…`);
    ingest.push(
      await benchIngest(db, {
        ...DEFAULT_INGEST,
        wristbands: Number(values.wristbands),
        seconds: Number(values.seconds),
        concurrency: Number(values.concurrency),
        raw: db === 'postgres',
      }),
    );
  }
  if (!values.only || values.only === 'search') {
    console.log(`customer search on ${db}…`);
    search.push(await benchCustomerSearch(db, Number(values.customers)));
  }
  if (!values.only || values.only === 'stock') {
    console.log(`wristband stock import on ${db}…`);
    stock.push(await benchStockImport(db, Number(values['stock-rows'])));
  }
}
const sweepFigure = (sweep: IngestFigures[], terminals: number) =>
  sweep.find((f) => f.concurrency === terminals)?.operationsPerSecond ?? 0;
/**
 * More terminals uploading at once must not make ingest slower (issue 31: 32 against 8), within the
 * spread of a 20-second run: the 8-terminal figure read 7,367, 7,540 and 8,316 operations/s in three
 * runs of the same code on a quiet machine (±6 %), so 32 may be at most 5 % under 8.
 */
const SWEEP_SPREAD = 0.05;
const sweepHoldsUp = (sweep: IngestFigures[]) =>
  sweepFigure(sweep, 32) >= (1 - SWEEP_SPREAD) * sweepFigure(sweep, 8);
// Operations per second at 1, 8 and 32 terminals uploading at once (PostgreSQL, shorter runs).
const sweep: IngestFigures[] = [];
if ((!values.only || values.only === 'ingest') && databases.includes('postgres')) {
  for (const concurrency of SWEEP) {
    console.log(`ingest on postgres with ${concurrency} terminal(s) at once…`);
    sweep.push(
      await benchIngest('postgres', {
        ...DEFAULT_INGEST,
        wristbands: Number(values.wristbands),
        seconds: Number(values['sweep-seconds']),
        concurrency,
      }),
    );
  }
}

// Reports at festival size: PostgreSQL only (the embedded database is for a console's own small use).
if ((!values.only || values.only === 'reports') && databases.includes('postgres')) {
  console.log('reports on postgres…');
  reports.push(
    await benchReports('postgres', {
      wristbands: Number(values['report-wristbands']),
      operations: Number(values['report-operations']),
      days: DEFAULT_REPORTS.days,
      runs: Number(values['report-runs']),
      keep: values['report-keep'],
      reuse: values['report-db'],
      calls: values['report-calls']?.split(',').filter(Boolean),
      others: {
        events: Number(values['report-other-events']),
        operations: Number(values['report-other-operations']),
      },
      log: (line) => console.log(line),
    }),
  );
}

if (ingest.length) {
  console.log(
    '\nIngest through POST /api/device/sync (festival simulator over HTTP: on PostgreSQL the compiled server in a process of its own, on PGlite the app in this process); CPU in ms per 1,000 operations (terminals: the simulated terminals in this process, sharing the cores)',
  );
  console.table(
    ingest.map((f) => ({
      database: f.database,
      'operations/s': f.operationsPerSecond,
      target: f.database === 'postgres' ? `≥ ${INGEST_TARGET}` : '—',
      operations: f.operations,
      batches: f.batches,
      'ops/batch': f.operationsPerBatch,
      'seconds uploading': f.seconds,
      terminals: f.devices,
      duplicates: f.duplicates,
      'below zero': f.flagged,
      'server CPU': f.nodeCpuMsPerThousand,
      'database CPU': f.databaseCpuMsPerThousand,
      'terminals CPU': f.database === 'postgres' ? f.terminalsCpuMsPerThousand : '—',
      'ledger = balances': f.ledgerConsistent ? 'yes' : 'NO',
    })),
  );
  const withRaw = ingest.filter((f) => f.raw);
  if (withRaw.length) {
    console.log(
      '\nIngest against its raw ceiling: the same rows (feed tables and ledger) written by bare pg clients in transactions of the same batch size, as many at once as terminals (bench/ingest-raw.ts); CPU in ms per 1,000 operations',
    );
    console.table(
      withRaw.map((f) => ({
        database: f.database,
        'ours ops/s': f.operationsPerSecond,
        'bare ops/s': f.raw!.operationsPerSecond,
        ratio: `${Math.round((f.operationsPerSecond / f.raw!.operationsPerSecond) * 100)} %`,
        target: `≥ ${INGEST_RAW_TARGET * 100} %`,
        'ours database CPU': f.databaseCpuMsPerThousand,
        'bare database CPU': f.raw!.databaseCpuMsPerThousand,
        'rows written': f.raw!.rows,
        transactions: f.raw!.batches,
      })),
    );
  }
}
if (sweep.length) {
  console.log(`\nIngest on postgres by terminals uploading at once (${values['sweep-seconds']} s each)`);
  console.table(
    sweep.map((f) => ({
      terminals: f.concurrency,
      'operations/s': f.operationsPerSecond,
      operations: f.operations,
      'ops/batch': f.operationsPerBatch,
      'ledger = balances': f.ledgerConsistent ? 'yes' : 'NO',
    })),
  );
  console.log(
    `32 terminals at once no slower than 8 (within ${SWEEP_SPREAD * 100} %, a run's spread): ${sweepHoldsUp(sweep) ? 'yes' : 'NO'} (${sweepFigure(sweep, 32)} against ${sweepFigure(sweep, 8)} operations/s)`,
  );
}
if (search.length) {
  console.log(`\nCustomer search (searchCustomers, page 1 of 10 rows)`);
  console.table(
    search.flatMap((f) =>
      f.kinds.map((k) => ({
        database: f.database,
        customers: f.customers,
        search: k.kind,
        'p50 ms': k.p50,
        'p95 ms': k.p95,
        target: f.database === 'postgres' ? `< ${SEARCH_TARGET_MS}` : '—',
        'max ms': k.max,
        'rows found': k.avgRows,
      })),
    ),
  );
  for (const f of search)
    console.log(`${f.customers} customers seeded on ${f.database} in ${f.seedSeconds} s`);
}
if (stock.length) {
  console.log(
    '\nWristband stock: a lot file through POST /api/wristband-stock/import against a bare multi-row INSERT',
  );
  console.table(
    stock.map((f) => ({
      database: f.database,
      rows: f.rows,
      'ours ms': f.oursMs,
      'bare ms': f.bareMs,
      ratio: `${Math.round((f.bareMs / f.oursMs) * 100)} %`,
      target: `< ${STOCK_IMPORT_TARGET_MS} ms`,
      added: f.added,
      're-import ms': f.reimportMs,
      're-import added': f.readded,
    })),
  );
}
let overhead: {
  rows: OverheadRow[];
  processes: ProcessesRow[];
  startMs: number;
  buildMs: number;
  connections: number;
} | null = null;
if ((!values.only || values.only === 'overhead') && databases.includes('postgres')) {
  console.log('API overhead on postgres (ours vs bare Fastify + pg running the same SQL)…');
  overhead = await benchApiOverhead({
    seconds: Number(values['overhead-seconds']),
    connections: Number(values['overhead-connections']),
    only: values['overhead-calls']?.split(',').filter(Boolean),
    log: (line) => console.log(line),
  });
  console.log(
    `\nAPI overhead: requests per second at ${overhead.connections} connections, the production server (compiled, built in ${overhead.buildMs} ms, ready in ${overhead.startMs} ms) against a bare Fastify + pg route running the same statements`,
  );
  console.table(
    overhead.rows.map((r) => ({
      call: r.call,
      statements: r.statements,
      'ours req/s': r.ours,
      'bare req/s': r.bare,
      ratio: `${Math.round(r.ratio * 100)} %`,
      target: `≥ ${OVERHEAD_TARGET * 100} %`,
      'ours CPU ms/req': Math.round(r.oursCpuMs * 1000) / 1000,
      'bare CPU ms/req': Math.round(r.bareCpuMs * 1000) / 1000,
      errors: r.errors,
      met: r.ratio >= OVERHEAD_TARGET && r.errors === 0 ? 'yes' : 'NO',
    })),
  );
  console.log(
    `\nList calls with one server process and with two (WEB_CONCURRENCY=2) on ${os.cpus().length} cores`,
  );
  console.table(
    overhead.processes.map((p) => ({
      call: p.call,
      '1 process req/s': p.one,
      '2 processes req/s': p.two,
      gain: `${Math.round((p.two / Math.max(1, p.one)) * 100)} %`,
    })),
  );
}

let firstLoad: { line: string; ok: boolean } | null = null;
if (!values.only || values.only === 'first-load') {
  console.log('\nfirst load in Chromium (e2e/bench/first-load.spec.ts)…');
  firstLoad = benchFirstLoad();
  console.log(`${firstLoad.line}${firstLoad.ok ? '' : '  ← over budget or not measured'}`);
}
let terminal: { line: string; ok: boolean } | null = null;
if (!values.only || values.only === 'terminal') {
  console.log('\nthe terminal in Chromium (e2e/bench/terminal.spec.ts)…');
  terminal = benchTerminal();
  console.log(`${terminal.line}${terminal.ok ? '' : '  ← a target missed or not measured'}`);
}
let portal: { line: string; ok: boolean } | null = null;
if (!values.only || values.only === 'portal') {
  console.log('\nthe attendee portal in Chromium (e2e/bench/portal.spec.ts)…');
  portal = benchPortalFirstLoad();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(`${portal.line}${portal.ok ? '' : '  ← over budget or not measured'} (load average ${load})`);
}
// The portal's API (bench/portal-api.ts): sign-in and card-payment notices against bare, PostgreSQL.
let portalApi: PortalApiFigures | null = null;
if ((!values.only || values.only === 'portal') && databases.includes('postgres')) {
  console.log(
    `\nthe attendee portal's API on postgres (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})…`,
  );
  portalApi = await benchPortalApi({
    seconds: Number(values['portal-seconds']),
    webhooks: Number(values['portal-webhooks']),
    connections: 10,
    balanceTopUps: 50,
    log: (line) => console.log(line),
  });
  printPortalApi(portalApi);
}
let gate: { line: string; ok: boolean } | null = null;
if (!values.only || values.only === 'gate') {
  console.log('\nthe gate in Chromium with 100,000 tickets (e2e/bench/gate.spec.ts)…');
  gate = benchGate();
  console.log(`${gate.line}${gate.ok ? '' : '  ← a target missed or not measured'}`);
}

const reportsOk = reports.map(printReportFigures).every(Boolean);
const failed =
  !reportsOk ||
  (firstLoad !== null && !firstLoad.ok) ||
  (terminal !== null && !terminal.ok) ||
  (portal !== null && !portal.ok) ||
  (portalApi !== null && !portalApiOk(portalApi)) ||
  (gate !== null && !gate.ok) ||
  [...ingest, ...sweep].some((f) => !f.ledgerConsistent) ||
  ingest.some((f) => f.raw && f.operationsPerSecond < INGEST_RAW_TARGET * f.raw.operationsPerSecond) ||
  (sweep.length > 0 && !sweepHoldsUp(sweep)) ||
  ingest.some((f) => f.database === 'postgres' && f.operationsPerSecond < INGEST_TARGET) ||
  search.some((f) => f.database === 'postgres' && f.kinds.some((k) => k.p95 >= SEARCH_TARGET_MS)) ||
  stock.some((f) => f.oursMs >= STOCK_IMPORT_TARGET_MS || f.added !== f.rows || f.readded !== 0) ||
  (overhead?.rows.some((r) => r.ratio < OVERHEAD_TARGET || r.errors > 0) ?? false);
console.log(failed ? '\nSome figures miss their target (see above).' : '\nAll figures meet their targets.');
// A call that failed or missed its target fails the run (CI and scripts see it).
if (failed) process.exitCode = 1;
