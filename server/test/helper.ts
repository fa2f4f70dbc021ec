import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HEADERS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/core/config';
import { type Database, openDatabase } from '../src/core/db/client';
import { events, userEventPermissions, users } from '../src/core/db/schema';
import { DEMO_PASSWORD, seedDemo, seedIfEmpty } from '../src/seed/demo';

/** What server/test/global-setup.ts built for this run (nothing when a file runs without it). */
function built(key: 'pgliteDump' | 'pgTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** The migrated PGlite dump of this run, read once per worker process. */
let dump: Promise<Blob | undefined> | undefined;
function migratedDump() {
  dump ??= (async () => {
    const file = built('pgliteDump');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return dump;
}

/**
 * A fresh database for one test file, migrated and empty: in-memory PGlite, or — when DATABASE_URL
 * is set (CI) — a database of its own on that server, dropped afterwards. Never touches anyone
 * else's database. Both start from the copy global-setup.ts migrated once for the run, so the
 * migrations do not run again per file.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url)
    return openDatabase({ databaseUrl: null, dataDir: 'memory://', loadDataDir: await migratedDump() });
  const name = `pulsera_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = built('pgTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString(), dataDir: '' });
  return {
    ...db,
    close: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface CallOptions {
  token?: string;
  event?: string;
  trusts?: string;
  lang?: string;
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
}

/**
 * The app on the demo as `npm start` makes it the first time: the demo festival simulated up to now
 * (the README's wristbands and tickets), on a database of this test file's own.
 */
export async function createDemoFestivalApp() {
  const database = await openTestDatabase();
  await seedIfEmpty(database.db, { seed: 'demo' });
  const { app, ctx } = await buildApp({
    database,
    logger: false,
    config: {
      seed: 'none',
      outboxDir: mkdtempSync(path.join(os.tmpdir(), 'pulsera-outbox-')),
      smtpUrl: null,
    },
  });
  await app.ready();
  return {
    app,
    ctx,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export async function createTestApp(config: Partial<Config> = {}) {
  const database = await openTestDatabase();
  await seedDemo(database.db);
  const { app, ctx } = await buildApp({
    database,
    logger: false,
    config: {
      seed: 'none',
      // E-mail goes to a folder of this test file's own (never the repository's DATA_DIR).
      outboxDir: mkdtempSync(path.join(os.tmpdir(), 'pulsera-outbox-')),
      smtpUrl: null,
      ...config,
    },
  });
  await app.ready();

  const call = async (method: string, url: string, o: CallOptions = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers[HEADERS.session] = o.token;
    if (o.event) headers[HEADERS.event] = o.event;
    if (o.trusts) headers[HEADERS.trusts] = o.trusts;
    if (o.lang) headers[HEADERS.language] = o.lang;
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers,
      remoteAddress: o.ip ?? '127.0.0.1',
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    let json: any = null;
    try {
      json = res.json();
    } catch {
      json = null;
    }
    return { status: res.statusCode, body: json, raw: res };
  };

  const login = async (email: string, password = DEMO_PASSWORD) => {
    const res = await call('POST', '/api/login', { body: { email, password }, ip: '10.9.9.9' });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.result.token as string;
  };

  const eventByName = async (name: string) =>
    (await database.db.select().from(events).where(eq(events.name, name)))[0]!;
  const activeEvent = () => eventByName('Sonora Festival 2026');

  /** A non-admin user holding exactly these permission codes in an event. */
  const userWithPermissions = async (email: string, eventId: number, permissions: number[]) => {
    const [existing] = await database.db.select().from(users).where(eq(users.email, email));
    let id = existing?.id;
    if (!id) {
      const [ops] = await database.db.select().from(users).where(eq(users.email, 'ops@demo.test'));
      const [row] = await database.db
        .insert(users)
        .values({ email, name: 'Test User', passwordHash: ops!.passwordHash, neverChangedPassword: false })
        .returning();
      id = row!.id;
    }
    await database.db
      .insert(userEventPermissions)
      .values({ userId: id, eventId, permissions })
      .onConflictDoUpdate({
        target: [userEventPermissions.eventId, userEventPermissions.userId],
        set: { permissions },
      });
    return id;
  };

  /** Signs in, selects an event and fetches trusts as the console does; returns the headers. */
  const session = async (email: string, eventName = 'Sonora Festival 2026') => {
    const token = await login(email);
    const ev = await eventByName(eventName);
    const trusts = await call('GET', `/api/event/trusts/${ev.id}`, { token });
    return {
      token,
      event: ev.token,
      trusts: trusts.status === 200 ? (trusts.body.result.token as string) : undefined,
    };
  };

  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, ctx, database, call, login, session, activeEvent, eventByName, userWithPermissions, close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
