/**
 * The server's database role (issue 26, item 10): with MIGRATION_DATABASE_URL, the migrations run as
 * the owner role and the server (DATABASE_URL) as a role that owns nothing, which cannot change an
 * audit row by any means: UPDATE, DELETE, TRUNCATE, DISABLE TRIGGER, SET session_replication_role.
 * The roles are created on the shared server under names of this run and dropped afterwards.
 * On the embedded database (one user) the audit trail's triggers refuse UPDATE, DELETE and TRUNCATE.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/core/db/client';
import { seedDemo } from '../src/seed/demo';

const serverUrl = process.env.DATABASE_URL || null;
const tag = `${process.pid}_${randomBytes(4).toString('hex')}`;
const ownerRole = `pulsera_owner_${tag}`;
const appRole = `pulsera_app_${tag}`;
const dbName = `pulsera_role_${tag}`;

async function asAdmin(q: string) {
  const c = new pg.Client({ connectionString: serverUrl! });
  await c.connect();
  try {
    return await c.query(q);
  } finally {
    await c.end();
  }
}
const urlAs = (role: string) => {
  const u = new URL(serverUrl!);
  u.username = role;
  u.password = 'role-test-only';
  u.pathname = `/${dbName}`;
  return u.toString();
};

afterAll(async () => {
  if (!serverUrl) return;
  await asAdmin(`drop database if exists ${dbName} with (force)`);
  await asAdmin(`drop role if exists ${appRole}`);
  await asAdmin(`drop role if exists ${ownerRole}`);
});

/** The SQLSTATE an attempt ends with (null: it succeeded). */
async function attempt(c: pg.Client | { query: (q: string) => Promise<unknown> }, q: string) {
  try {
    await c.query(q);
    return null;
  } catch (e) {
    return (e as { code?: string }).code ?? 'error';
  }
}

const tampering = (table: string) => [
  `update ${table} set id = id`,
  `delete from ${table}`,
  `truncate ${table}`,
  `alter table ${table} disable trigger all`,
];

describe(`the server's database role (${serverUrl ? 'PostgreSQL server' : 'embedded database'})`, () => {
  if (serverUrl)
    it('runs as a role that owns nothing and cannot change an audit row', async () => {
      await asAdmin(`create role ${ownerRole} login password 'role-test-only'`);
      await asAdmin(`create role ${appRole} login password 'role-test-only'`);
      await asAdmin(`create database ${dbName} owner ${ownerRole}`);
      const database = await openDatabase({
        databaseUrl: urlAs(appRole),
        migrationDatabaseUrl: urlAs(ownerRole),
        dataDir: '',
      });
      try {
        // The server's role does its work: the demo festival.
        await seedDemo(database.db);
      } finally {
        await database.close();
      }
      const c = new pg.Client({ connectionString: urlAs(appRole) });
      await c.connect();
      try {
        const owned = await c.query(
          `select count(*)::int as n from pg_class where relowner = (select oid from pg_roles where rolname = current_user) and relnamespace = 'public'::regnamespace`,
        );
        expect(owned.rows[0].n).toBe(0);
        for (const table of ['audit_log', 'audit_changes'])
          for (const q of tampering(table)) expect(await attempt(c, q), q).toBe('42501');
        expect(await attempt(c, 'set session_replication_role = replica')).toBe('42501');
        // Appending and reading stay allowed: the trail is written by the server's own writes.
        expect(await attempt(c, 'select * from audit_changes limit 1')).toBeNull();
      } finally {
        await c.end();
      }
    }, 300_000);
  else
    it('embedded: one user; the audit trail refuses TRUNCATE (and UPDATE, DELETE of a row: its triggers)', async () => {
      const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
      try {
        const db = { query: (q: string) => database.db.execute(q as never) };
        for (const table of ['audit_log', 'audit_changes'])
          expect(await attempt(db, `truncate ${table}`), table).not.toBeNull();
      } finally {
        await database.close();
      }
    }, 120_000);
});
