import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchCustomerSearch, type SearchFigures } from './customer-search';
import { BENCH_DATABASE_URL, type BenchDb, postgresReachable } from './databases';
import { benchIngest, DEFAULT_INGEST, type IngestFigures } from './ingest';

/**
 * npm run bench [-- --only ingest|search] [--db postgres|pglite] [--seconds 45] [--customers 100000]
 *
 * Ingest through POST /api/device/sync and customer search, on PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, in a database of its own that is dropped afterwards) and
 * on the embedded database. Prints a table of figures against the targets: ≥ 3,000 operations per
 * second of ingest on PostgreSQL, p95 < 50 ms for customer search at 100,000 customers.
 */
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    db: { type: 'string' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '45' },
    wristbands: { type: 'string', default: String(DEFAULT_INGEST.wristbands) },
    customers: { type: 'string', default: process.env.BENCH_CUSTOMERS ?? '100000' },
    concurrency: { type: 'string', default: String(DEFAULT_INGEST.concurrency) },
  },
});

const INGEST_TARGET = 3000;
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
for (const db of databases) {
  if (values.only !== 'search') {
    console.log(`ingest on ${db}…`);
    ingest.push(
      await benchIngest(db, {
        ...DEFAULT_INGEST,
        wristbands: Number(values.wristbands),
        seconds: Number(values.seconds),
        concurrency: Number(values.concurrency),
      }),
    );
  }
  if (values.only !== 'ingest') {
    console.log(`customer search on ${db}…`);
    search.push(await benchCustomerSearch(db, Number(values.customers)));
  }
}

if (ingest.length) {
  console.log('\nIngest through POST /api/device/sync (festival simulator, HTTP on a local port)');
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
      'ledger = balances': f.ledgerConsistent ? 'yes' : 'NO',
    })),
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
const failed =
  ingest.some((f) => !f.ledgerConsistent) ||
  ingest.some((f) => f.database === 'postgres' && f.operationsPerSecond < INGEST_TARGET) ||
  search.some((f) => f.database === 'postgres' && f.kinds.some((k) => k.p95 >= SEARCH_TARGET_MS));
console.log(failed ? '\nSome figures miss their target (see above).' : '\nAll figures meet their targets.');
