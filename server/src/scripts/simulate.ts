import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../core/config';
import { openDatabase } from '../core/db/client';
import { events } from '../core/db/schema';
import { appTarget, httpTarget, ledgerMismatches, signIn } from '../modules/terminals';
import { type SimulationOptions, simulateFestival } from '../seed/simulator';

const USAGE = `npm run simulate -- --event <id> [options]

Drives POST /api/device/sync like the terminals of a festival. The terminals name the event's own
locations, staff, menus (articles at their menu prices), zones and gates, read as a terminal loads
them (GET /api/device/config).

  --event <id>          the event (required)
  --wristbands <n>      people with a wristband (default 20000)
  --days <n>            festival days (default 3)
  --seed <n>            the same seed makes the same operations (default 2026)
  --start <date>        day 0, e.g. 2026-07-10 (default: the last nights up to now)
  --concurrency <n>     batches in flight at once (default 4)
  --sync-every <min>    device minutes between two syncs of a terminal (default 5)
  --fleet-incidents     a handheld with a gap and another gone silent on the last day
  --url <address>       go through a running server instead of this process
  --email, --password   the administrator who registers the terminals over --url
  --qr <code>           with --url: terminals redeem the event's configuration QR instead
  -h, --help            this text

Without --url it runs in this process on the database of the settings (DATABASE_URL or DATA_DIR):
stop a server using the same embedded database first.`;

let values: ReturnType<typeof parse>['values'];
const parse = () =>
  parseArgs({
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      event: { type: 'string' },
      wristbands: { type: 'string', default: '20000' },
      days: { type: 'string', default: '3' },
      seed: { type: 'string', default: '2026' },
      start: { type: 'string' },
      concurrency: { type: 'string', default: '4' },
      'sync-every': { type: 'string', default: '5' },
      /** Fleet health incidents on the last day: a handheld with a gap, another gone silent. */
      'fleet-incidents': { type: 'boolean', default: false },
      url: { type: 'string' },
      qr: { type: 'string' },
      email: { type: 'string', default: 'admin@demo.test' },
      password: { type: 'string', default: process.env.PULSERA_PASSWORD ?? 'Festival-2026!' },
    },
  });
try {
  values = parse().values;
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.event === undefined) {
  console.error(`--event is required\n\n${USAGE}`);
  process.exit(2);
}

const int = (name: string, v: string | undefined, min: number) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number >= ${min}`);
    process.exit(2);
  }
  return n;
};
const eventId = int('event', values.event, 1);
const options: SimulationOptions = {
  eventId,
  wristbands: int('wristbands', values.wristbands, 1),
  days: int('days', values.days, 1),
  seed: int('seed', values.seed, 0),
  concurrency: int('concurrency', values.concurrency, 1),
  syncEveryMinutes: int('sync-every', values['sync-every'], 1),
  ...(values.start ? { start: new Date(values.start) } : {}),
  fleetIncidents: values['fleet-incidents'] === true,
  log: (line) => console.log(line),
};
if (options.start && Number.isNaN(options.start.getTime())) {
  console.error('--start must be a date such as 2026-07-10');
  process.exit(2);
}

const print = (r: Awaited<ReturnType<typeof simulateFestival>>) =>
  console.log(
    `Done: ${r.operations} operations from ${r.devices} terminals in ${r.batches} batches (${r.resentBatches} re-sent) ` +
      `in ${r.seconds.toFixed(1)} s = ${r.operationsPerSecond} operations/s; accepted ${r.accepted}, ` +
      `duplicates ${r.duplicates}, refused ${r.refused}, below zero ${r.flagged}.`,
  );

if (values.qr && !values.url) {
  console.error('--qr needs --url: the code names the server the terminals redeem it at');
  process.exit(2);
}
if (values.url && values.qr) {
  print(await simulateFestival(httpTarget(values.url, { qr: values.qr }), options));
} else if (values.url) {
  const token = await signIn(values.url, values.email!, values.password!);
  print(await simulateFestival(httpTarget(values.url, token), options));
} else {
  const config = loadConfig({ logLevel: 'warn' });
  const database = await openDatabase(config);
  const { app } = await buildApp({ database, logger: false });
  try {
    const [event] = await database.db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
    if (!event) throw new Error(`There is no event ${eventId}`);
    print(await simulateFestival(appTarget(app, database.db), options));
    const mismatches = await ledgerMismatches(database.db, eventId);
    console.log(
      mismatches.length
        ? `LEDGER MISMATCH on ${mismatches.length} wristbands`
        : 'Every wristband balance equals the sum of its ledger entries.',
    );
    if (mismatches.length) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
  }
}
