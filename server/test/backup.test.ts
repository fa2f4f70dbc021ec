/**
 * npm run backup / npm run restore (issue 26, item 13): a backup taken while terminals sync batches
 * through the real feed route, restored into a new data folder (embedded database) or a new database
 * (PostgreSQL server, DATABASE_URL: pg_dump / pg_restore), holds every batch acknowledged before the
 * backup began, no batch in part, and its ledger equals its balances.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { REPO_ROOT } from '../src/core/config';
import { type Database, openDatabase } from '../src/core/db/client';
import { startControlSocket } from '../src/core/db/control-socket';
import { events } from '../src/core/db/schema';
import { registerDevice } from '../src/modules/terminals/feed/device.service';
import { ledgerMismatches } from '../src/modules/terminals/feed/ledger.repo';
import { sale, topUp } from '../src/modules/terminals/feed/sync.test-helper';
import { seedDemo } from '../src/seed/demo';
import { feedNames, TEST_FEED_NAMES } from './feed-names';

const serverUrl = process.env.DATABASE_URL || null;
const work = mkdtempSync(path.join(os.tmpdir(), 'pulsera-backup-'));
const created: string[] = [];

/** A new database on the PostgreSQL server (dropped after the file). */
async function newPgDatabase() {
  const name = `pulsera_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl! });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const u = new URL(serverUrl!);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `npm run <script>` as an operator would (its tsx entry), without blocking this process. */
function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    const child = spawn(
      path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [path.join(REPO_ROOT, `server/src/scripts/${script}.ts`), ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env } },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let stopControl: () => Promise<void> = async () => undefined;
let eventId: number;
const dataDir = path.join(work, 'data');
let dbUrl = '';

beforeAll(async () => {
  if (serverUrl) dbUrl = await newPgDatabase();
  database = await openDatabase({ databaseUrl: serverUrl ? dbUrl : null, dataDir });
  await seedDemo(database.db);
  ({ app } = await buildApp({
    database,
    logger: false,
    config: { seed: 'none', dataDir, outboxDir: path.join(work, 'outbox'), smtpUrl: null },
  }));
  await app.ready();
  stopControl = await startControlSocket(database, dataDir, () => undefined);
  [{ id: eventId }] = (await database.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.name, 'Sonora Festival 2026'))) as [{ id: number }];
  // The locations, staff and articles the terminals' top-ups and sales name (sync.test-helper).
  await feedNames(database.db, eventId, TEST_FEED_NAMES);
});

afterAll(async () => {
  await stopControl();
  await app?.close();
  await database?.close();
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
});

async function terminalToken(serial: string) {
  const { secretKey } = await registerDevice(database.db, { n_serie: serial, idEvent: eventId, type: 'PDA' });
  const res = await app.inject({ method: 'POST', url: '/api/device/auth', payload: { serial, secretKey } });
  return res.json().result.token as string;
}

interface Batch {
  ids: string[];
  ackedAt: number;
}

/** The operation ids a database's ledger holds for the event. */
async function ledgerOperations(db: Database['db']) {
  const res = (await db.execute(
    sql`select distinct operation_id::text as id from ledger_entries where event_id = ${eventId}::int`,
  )) as unknown as { rows: { id: string }[] };
  return new Set(res.rows.map((r) => r.id));
}

describe(`npm run backup / restore (${serverUrl ? 'PostgreSQL server' : 'embedded database'})`, () => {
  it('backs up while terminals sync and restores every acknowledged batch, ledger = balances', async () => {
    const terminals = await Promise.all([1, 2, 3, 4].map((n) => terminalToken(`BACKUP-PDA-${n}`)));
    const acked: Batch[] = [];
    let stop = false;

    // Each terminal syncs batches (top-ups and sales on its own wristbands) until told to stop.
    const syncing = terminals.map(async (token, n) => {
      while (!stop) {
        const ops = [0, 1, 2].flatMap((w) => {
          const rfid = `0B${String(n).padStart(2, '0')}${String(w).padStart(10, '0')}`;
          return [topUp(rfid, 500), sale(rfid, 200)];
        });
        const res = await app.inject({
          method: 'POST',
          url: '/api/device/sync',
          headers: { devicetoken: token },
          payload: { operations: ops },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().result.accepted).toHaveLength(ops.length);
        acked.push({ ids: ops.map((o) => o.id), ackedAt: Date.now() });
      }
    });
    while (acked.length < 12) await new Promise((r) => setTimeout(r, 20));

    const file = path.join(work, serverUrl ? 'festival.dump' : 'festival.tar.gz');
    // Every batch acknowledged so far was acknowledged before the backup began (a time stamp would
    // miss one acknowledged in the same millisecond).
    const ackedBeforeBackup = acked.length;
    const backup = await runScript(
      'backup',
      [file],
      serverUrl ? { DATABASE_URL: dbUrl } : { DATA_DIR: dataDir },
    );
    const backupEnded = Date.now();
    expect(backup.code, backup.out).toBe(0);
    // The terminals go on syncing after the backup.
    const countAtEnd = acked.length;
    while (acked.length < countAtEnd + 8) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(syncing);
    const after = acked.filter((b) => b.ackedAt > backupEnded).length;

    // Restore into a new data folder / a new database, and open it as the server would.
    const restoredDir = path.join(work, 'restored');
    const restoredUrl = serverUrl ? await newPgDatabase() : '';
    const restore = await runScript(
      'restore',
      serverUrl ? [file] : [file, '--data-dir', restoredDir],
      serverUrl ? { DATABASE_URL: restoredUrl } : {},
    );
    expect(restore.code, restore.out).toBe(0);
    const restored = await openDatabase({
      databaseUrl: serverUrl ? restoredUrl : null,
      dataDir: restoredDir,
    });
    try {
      const kept = await ledgerOperations(restored.db);
      const before = acked.slice(0, ackedBeforeBackup);
      expect(before.length).toBeGreaterThanOrEqual(12);
      // Every batch acknowledged before the backup began is in it, whole.
      for (const b of before) for (const id of b.ids) expect(kept.has(id), `operation ${id}`).toBe(true);
      // No batch is in it in part.
      for (const b of acked) {
        const n = b.ids.filter((id) => kept.has(id)).length;
        expect([0, b.ids.length]).toContain(n);
      }
      // Batches synced after the backup are not: it is a copy of one moment.
      expect(after).toBeGreaterThan(0);
      const live = await ledgerOperations(database.db);
      expect(kept.size).toBeLessThan(live.size);
      expect(await ledgerMismatches(restored.db, eventId)).toEqual([]);
      expect(await ledgerMismatches(database.db, eventId)).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses to restore over data', async () => {
    if (serverUrl) {
      const res = await runScript('restore', [path.join(work, 'festival.dump')], { DATABASE_URL: dbUrl });
      expect(res.code).toBe(1);
      expect(res.out).toMatch(/not empty: restore into a new database/);
    } else {
      const res = await runScript('restore', [path.join(work, 'festival.tar.gz'), '--data-dir', dataDir], {});
      expect(res.code).toBe(1);
      expect(res.out).toMatch(/is not empty: restore into a new data folder/);
    }
  }, 60_000);
});
