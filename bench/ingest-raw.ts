import pg from 'pg';
import { processCpuSeconds } from './production-server';

/**
 * The raw ceiling of device ingest (issue "Speed"): the very rows that POST /api/device/sync wrote
 * during the run (every feed table of the event and its ledger), written again by bare `pg` clients
 * into copies of those tables (same columns, checks and indexes; no triggers, no foreign keys), in
 * transactions of the same number of operations as the sync's batches, by as many clients at once as
 * there were terminals, with each batch's wristband balances updated from its ledger rows as the sync
 * does. No validation, no idempotency check, no HTTP, no JSON: what the database alone costs.
 */
const FEED_TABLES = [
  'customers',
  'wristbands',
  'tickets',
  'processed_operations',
  'sync_batches',
  'refused_operations',
  'top_ups',
  'sales',
  'sale_lines',
  'sale_payments',
  'access_records',
  'ticket_validations',
  'role_recordings',
  'wristband_changes',
  'presence_records',
  'order_errors',
  'ledger_entries',
] as const;

const SCHEMA = 'raw_ceiling';
/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMS = 60_000;

export interface RawCeiling {
  rows: number;
  batches: number;
  seconds: number;
  operationsPerSecond: number;
  /** CPU milliseconds per 1,000 operations in the PostgreSQL backends of the bare clients. */
  databaseCpuMsPerThousand: number;
}

type Row = Record<string, unknown>;

async function insertRows(client: pg.Client, table: string, columns: string[], rows: Row[]) {
  const per = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += per) {
    const chunk = rows.slice(start, start + per);
    const values: unknown[] = [];
    const tuples = chunk.map((row) => {
      const slots = columns.map((c) => {
        const v = row[c];
        values.push(
          v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)
            ? JSON.stringify(v)
            : v,
        );
        return `$${values.length}`;
      });
      return `(${slots.join(',')})`;
    });
    await client.query(
      `insert into ${SCHEMA}.${table} (${columns.map((c) => `"${c}"`).join(',')}) values ${tuples.join(',')}`,
      values,
    );
  }
}

export async function rawIngestCeiling(opts: {
  url: string;
  eventId: number;
  operations: number;
  operationsPerBatch: number;
  concurrency: number;
}): Promise<RawCeiling> {
  const admin = new pg.Client({ connectionString: opts.url });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${SCHEMA} cascade`);
    await admin.query(`create schema ${SCHEMA}`);
    const data = new Map<string, { columns: string[]; rows: Row[] }>();
    let total = 0;
    for (const table of FEED_TABLES) {
      await admin.query(
        `create table ${SCHEMA}.${table} (like public.${table} including defaults including constraints including indexes)`,
      );
      const res = await admin.query(`select * from public.${table} where event_id = $1 order by 1`, [
        opts.eventId,
      ]);
      const columns = res.fields.map((f) => f.name);
      const rows = res.rows as Row[];
      if (table === 'wristbands') for (const w of rows) Object.assign(w, { cash: 0, gift: 0 });
      data.set(table, { columns, rows });
      total += rows.length;
    }

    const batches = Math.max(1, Math.round(opts.operations / Math.max(1, opts.operationsPerBatch)));
    const slice = (rows: Row[], i: number) =>
      rows.slice(Math.floor((i * rows.length) / batches), Math.floor(((i + 1) * rows.length) / batches));

    let databaseCpu = 0;
    const clients = await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        const c = new pg.Client({ connectionString: opts.url });
        await c.connect();
        return c;
      }),
    );
    const pids = await Promise.all(
      clients.map(async (c) => Number((await c.query('select pg_backend_pid() as pid')).rows[0].pid)),
    );
    const backendCpu = () => pids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
    let next = 0;
    // The same starting point as the sync's run (bench/ingest.ts startFromCheckpoint).
    await admin.query('checkpoint').catch(() => {});
    const cpuAtStart = backendCpu();
    const started = performance.now();
    try {
      await Promise.all(
        clients.map(async (client) => {
          for (let i = next++; i < batches; i = next++) {
            await client.query('begin');
            for (const table of FEED_TABLES) {
              const { columns, rows } = data.get(table)!;
              const part = slice(rows, i);
              if (part.length) await insertRows(client, table, columns, part);
            }
            // The batch's balances, from its ledger rows, as the sync keeps them.
            const deltas = new Map<number, { cash: number; gift: number }>();
            for (const l of slice(data.get('ledger_entries')!.rows, i)) {
              const d = deltas.get(l.wristband_id as number) ?? { cash: 0, gift: 0 };
              d.cash += l.cash_delta as number;
              d.gift += l.gift_delta as number;
              deltas.set(l.wristband_id as number, d);
            }
            if (deltas.size) {
              const ids = [...deltas.keys()].sort((a, b) => a - b);
              await client.query(
                `update ${SCHEMA}.wristbands w set cash = w.cash + d.cash, gift = w.gift + d.gift, updated_at = now()
                 from unnest($1::int[], $2::int[], $3::int[]) as d(id, cash, gift) where w.id = d.id`,
                [ids, ids.map((id) => deltas.get(id)!.cash), ids.map((id) => deltas.get(id)!.gift)],
              );
            }
            await client.query('commit');
          }
        }),
      );
      databaseCpu = backendCpu() - cpuAtStart;
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      rows: total,
      batches,
      seconds: Math.round(seconds * 10) / 10,
      operationsPerSecond: Math.round(opts.operations / Math.max(seconds, 0.001)),
      databaseCpuMsPerThousand: Math.round((databaseCpu * 1000 * 1000) / Math.max(1, opts.operations)),
    };
  } finally {
    await admin.query(`drop schema if exists ${SCHEMA} cascade`).catch(() => {});
    await admin.end();
  }
}
