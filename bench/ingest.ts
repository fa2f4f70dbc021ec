import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import type { Database } from '../server/src/core/db/client';
import { events } from '../server/src/core/db/schema';
import { registerDevice } from '../server/src/modules/terminals/feed/device.service';
import { appTarget, type FeedTarget, httpTarget } from '../server/src/modules/terminals/feed/device-client';
import { deviceConfig } from '../server/src/modules/terminals/feed/device-config.repo';
import { ledgerMismatches } from '../server/src/modules/terminals/feed/ledger.repo';
import { seedDemo, seedDemoVenue } from '../server/src/seed/demo';
import { eventArticles, simulateFestival } from '../server/src/seed/simulator';
import { type BenchDb, openBenchDatabase } from './databases';
import { type RawCeiling, rawIngestCeiling } from './ingest-raw';
import {
  buildProductionServer,
  processCpuSeconds,
  productionServerEnv,
  startProductionServer,
} from './production-server';

/**
 * Ingest: the festival simulator's terminals upload through POST /api/device/sync (over HTTP to the
 * app listening on a local port, or with --inject through app.inject) for at most `seconds`, on a
 * fresh database. Operations per second count operations sent for the first time, over the time
 * spent uploading; re-sent batches add load but not operations. Ends by checking the ledger.
 */
export interface IngestOptions {
  wristbands: number;
  days: number;
  seconds: number;
  concurrency: number;
  transport: 'http' | 'inject';
  /** Also time the raw ceiling (PostgreSQL only). */
  raw?: boolean;
}

export interface IngestFigures {
  database: BenchDb;
  transport: 'http' | 'inject';
  devices: number;
  operations: number;
  batches: number;
  operationsPerBatch: number;
  seconds: number;
  operationsPerSecond: number;
  duplicates: number;
  refused: number;
  flagged: number;
  ledgerConsistent: boolean;
  /**
   * CPU milliseconds per 1,000 operations of the server: its own process over HTTP on PostgreSQL,
   * else this Node process (server and simulated terminals).
   */
  nodeCpuMsPerThousand: number;
  /** CPU milliseconds per 1,000 operations in the PostgreSQL backends (0 for PGlite, in-process). */
  databaseCpuMsPerThousand: number;
  /**
   * CPU milliseconds per 1,000 operations of the simulated terminals (this process: batches to JSON,
   * HTTP), when the server runs in a process of its own; they share the machine's cores with it.
   */
  terminalsCpuMsPerThousand: number;
  concurrency: number;
  /** PostgreSQL: the same rows written by bare pg clients (bench/ingest-raw.ts), when asked. */
  raw: RawCeiling | null;
}

/** CPU seconds used so far by the PostgreSQL backends serving this database (Linux /proc). */
async function backendCpuSeconds(database: Database) {
  if (database.kind !== 'postgres') return 0;
  const res = await database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  let total = 0;
  for (const { pid } of (res as unknown as { rows: { pid: number }[] }).rows) total += processCpuSeconds(pid);
  return total;
}

/**
 * A checkpoint before a timed phase (here, and before the raw ceiling's: bench/ingest-raw.ts), so that
 * each starts with the same write-ahead-log state: a checkpoint falling inside one phase alone (every
 * 5 minutes or 1 GB of log) would make that phase alone log its pages whole again. Needs a superuser
 * (or pg_checkpoint); without one, the phase starts as it is.
 */
async function startFromCheckpoint(database: Database) {
  if (database.kind !== 'postgres') return;
  await database.db.execute(sql`checkpoint`).catch(() => {});
}

export async function benchIngest(kind: BenchDb, o: IngestOptions): Promise<IngestFigures> {
  const database = await openBenchDatabase(kind);
  try {
    await seedDemo(database.db);
    const [event] = await database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.name, 'Sonora Festival 2026'));
    // The terminals name the event's own bars, kiosks, gates, staff and menus (the feed refuses
    // operations naming others).
    await seedDemoVenue(database.db, event!.id);
    // Over HTTP on PostgreSQL, the terminals meet the production server (compiled, a process of its
    // own, as `npm start` runs it), so the load they generate never shares its event loop; PGlite
    // and --inject run the app in this process.
    const production =
      kind === 'postgres' && o.transport === 'http' && database.url
        ? await buildProductionServer().then(() =>
            startProductionServer(
              productionServerEnv(database.url!, 18_000 + Math.floor(Math.random() * 1000)),
            ),
          )
        : null;
    const inProcess = production
      ? null
      : (await buildApp({ database, logger: false, config: { seed: 'none', logLevel: 'warn' } })).app;
    try {
      let connect: FeedTarget['connect'];
      if (production) connect = httpTarget(production.base, '').connect;
      else if (o.transport === 'http') {
        const address = await inProcess!.listen({ port: 0, host: '127.0.0.1' });
        connect = httpTarget(address, '').connect;
      } else {
        await inProcess!.ready();
        connect = appTarget(inProcess!, database.db).connect;
      }
      const target: FeedTarget = {
        register: async (input) => (await registerDevice(database.db, input)).secretKey,
        connect,
        eventConfig: (eventId) => deviceConfig(database.db, eventId),
      };
      let nodeCpu = 0;
      let dbCpu = 0;
      let clientCpu = 0;
      // CPU seconds of this process (the simulated terminals, and the in-process app if any).
      const ownCpu = () => {
        const used = process.cpuUsage();
        return (used.user + used.system) / 1e6;
      };
      // CPU seconds of the server: its own process, or this one (server and simulated terminals).
      const serverCpu = () => (production ? processCpuSeconds(production.child.pid) : ownCpu());
      let mark = { node: serverCpu(), db: 0, client: ownCpu() };
      const report = await simulateFestival(target, {
        onUpload: async (phase) => {
          if (phase === 'start') {
            await startFromCheckpoint(database);
            mark = { node: serverCpu(), db: await backendCpuSeconds(database), client: ownCpu() };
            return;
          }
          nodeCpu += (serverCpu() - mark.node) * 1000;
          clientCpu += (ownCpu() - mark.client) * 1000;
          dbCpu += ((await backendCpuSeconds(database)) - mark.db) * 1000;
        },
        eventId: event!.id,
        wristbands: o.wristbands,
        days: o.days,
        seed: 7,
        concurrency: o.concurrency,
        maxSeconds: o.seconds,
        syncEveryMinutes: 5,
        articles: await eventArticles(database.db, event!.id),
      });
      const mismatches = await ledgerMismatches(database.db, event!.id);
      const operationsPerBatch = Math.round(
        report.operations / Math.max(1, report.batches - report.resentBatches),
      );
      const raw =
        o.raw && database.url
          ? await rawIngestCeiling({
              url: database.url,
              eventId: event!.id,
              operations: report.operations,
              operationsPerBatch,
              concurrency: o.concurrency,
            })
          : null;
      return {
        database: kind,
        transport: o.transport,
        devices: report.devices,
        operations: report.operations,
        batches: report.batches,
        operationsPerBatch,
        seconds: Math.round(report.sendSeconds * 10) / 10,
        operationsPerSecond: report.operationsPerSecond,
        duplicates: report.duplicates,
        refused: report.refused,
        flagged: report.flagged,
        ledgerConsistent: mismatches.length === 0,
        nodeCpuMsPerThousand: Math.round((nodeCpu / Math.max(1, report.operations)) * 1000),
        databaseCpuMsPerThousand: Math.round((dbCpu / Math.max(1, report.operations)) * 1000),
        terminalsCpuMsPerThousand: production
          ? Math.round((clientCpu / Math.max(1, report.operations)) * 1000)
          : 0,
        concurrency: o.concurrency,
        raw,
      };
    } finally {
      await production?.stop();
      await inProcess?.close();
    }
  } finally {
    await database.close();
  }
}

/** One festival day of 20,000 wristbands (about 280,000 operations), cut at 60 seconds. */
export const DEFAULT_INGEST: IngestOptions = {
  wristbands: 20_000,
  days: 1,
  seconds: 60,
  concurrency: 8,
  transport: 'http',
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'postgres' },
      wristbands: { type: 'string', default: String(DEFAULT_INGEST.wristbands) },
      days: { type: 'string', default: String(DEFAULT_INGEST.days) },
      seconds: { type: 'string', default: String(DEFAULT_INGEST.seconds) },
      concurrency: { type: 'string', default: String(DEFAULT_INGEST.concurrency) },
      inject: { type: 'boolean', default: false },
    },
  });
  const figures = await benchIngest(values.db === 'pglite' ? 'pglite' : 'postgres', {
    wristbands: Number(values.wristbands),
    days: Number(values.days),
    seconds: Number(values.seconds),
    concurrency: Number(values.concurrency),
    transport: values.inject ? 'inject' : 'http',
  });
  console.log(figures);
}
