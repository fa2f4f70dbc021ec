import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp, prepareJobQueues } from './app';
import { type Config, loadConfig } from './core/config';
import { type Database, openDatabase } from './core/db/client';
import { startControlSocket } from './core/db/control-socket';
import { startStripeSimulator } from './modules/customers';
import { seedIfEmpty } from './seed/demo';

/** Connections one process's pool may hold (db/client.ts). */
const POOL_PER_PROCESS = 10;

/**
 * How many server processes serve the port: WEB_CONCURRENCY, else one per core; never more than the
 * PostgreSQL server's connections allow for our pools, and one on the embedded database (PGlite is
 * one process's database).
 */
async function processCount(database: Database, log: (m: string) => void) {
  const asked = process.env.WEB_CONCURRENCY ? Number(process.env.WEB_CONCURRENCY) : null;
  if (asked !== null && (!Number.isInteger(asked) || asked < 1))
    throw new Error('Setting WEB_CONCURRENCY must be a whole number >= 1');
  if (database.kind === 'pglite') {
    if (asked && asked > 1) log('WEB_CONCURRENCY is ignored on the embedded database: one process serves it');
    return 1;
  }
  const rows = (await database.db.execute(
    sql`select current_setting('max_connections')::int as max`,
  )) as unknown as { rows: { max: number }[] } | { max: number }[];
  const max = Array.isArray(rows) ? rows[0]!.max : rows.rows[0]!.max;
  const allowed = Math.max(1, Math.floor((max - 10) / POOL_PER_PROCESS));
  const wanted = asked ?? availableParallelism();
  if (wanted > allowed)
    log(`${wanted} processes would need more connections than the server's ${max}: running ${allowed}`);
  return Math.min(wanted, allowed);
}

async function serve(config: Config, database: Database, seeded: boolean) {
  // The app starts its job queue when ready (JOB_WORKERS): the scheduled work (capacity log, rollup
  // compaction, upload sweep) runs as queue jobs, once per slot however many processes run.
  const { app, inFlight } = await buildApp({ database });
  if (seeded) app.log.info('Loaded the demo festival (accounts in README.md)');

  // The embedded database's backups are written by this process (npm run backup asks through it).
  const stopControl = await startControlSocket(database, config.dataDir, (m) => app.log.info(m));
  // Requests still being answered when the process is told to stop finish before the database
  // closes (under several processes, a worker's server can report itself closed while its last
  // requests still run their queries; a client that hung up leaves its handler running): at most
  // 10 s. plugins/in-flight.ts counts them until their handler is done.
  const close = async () => {
    await stopControl();
    await app.close();
    await inFlight.idle(10_000);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);

  await app.listen({ port: config.port, host: config.host });
  return app;
}

/**
 * The demo pays by card against a local Stripe (modules/customers/portal/stripe-simulator.ts) unless
 * STRIPE_SECRET_KEY is given: its key, webhook secret and address go into this process's settings
 * (and so the workers'), its webhooks to this server.
 */
async function demoStripe(config: Config) {
  if (config.seed !== 'demo' || config.stripe.secretKey) return config;
  const sim = await startStripeSimulator({
    webhookUrl: `http://127.0.0.1:${config.port}/api/portal/stripe/webhook`,
  });
  process.env.STRIPE_SECRET_KEY = sim.secretKey;
  process.env.STRIPE_WEBHOOK_SECRET = sim.webhookSecret;
  process.env.STRIPE_API_URL = sim.url;
  console.log(`Card payments of the demo go to the local Stripe simulator on ${sim.url}`);
  return loadConfig();
}

const config = cluster.isPrimary ? await demoStripe(loadConfig()) : loadConfig();
if (cluster.isPrimary) {
  const started = Date.now();
  // Migrations and the demo run once, here, before any worker opens the database.
  const database = await openDatabase(config);
  const seeded = await seedIfEmpty(database.db, config);
  const count = await processCount(database, (m) => console.warn(m));
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  if (count === 1) {
    const app = await serve(config, database, seeded);
    app.log.info(
      `Pulsera console on http://localhost:${config.port} (${where}), ready in ${Date.now() - started} ms`,
    );
  } else {
    // The job queue's tables and queues, once, before the workers fork (core/jobs/job-queue.ts).
    await prepareJobQueues(database, config);
    await database.close();
    if (seeded) console.log('Loaded the demo festival (accounts in README.md)');
    let ready = 0;
    let stopping = false;
    const fork = () => cluster.fork();
    cluster.on('listening', () => {
      if (++ready === count)
        console.log(
          `Pulsera console on http://localhost:${config.port} (${where}, ${count} processes), ready in ${Date.now() - started} ms`,
        );
    });
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      console.error(`Server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
      setTimeout(fork, 1000);
    });
    for (let i = 0; i < count; i++) fork();
    for (const sig of ['SIGINT', 'SIGTERM'] as const)
      process.on(sig, () => {
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.kill(sig);
        setTimeout(() => process.exit(0), 5000).unref();
        cluster.on('exit', () => {
          if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        });
      });
  }
} else {
  // The primary ran the migrations before forking this worker.
  await serve(config, await openDatabase({ ...config, migrate: false }), false);
}
