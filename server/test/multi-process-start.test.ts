/**
 * Start-up of several server processes (issue 26, item 11): with WEB_CONCURRENCY=4 on a fresh
 * PostgreSQL database, the job queue's tables and queues are created once, before the workers fork,
 * so no worker meets another's DDL (a deadlock crashed one and the primary restarted it). Every process
 * answers, and the log holds no crash, restart or deadlock. Needs a PostgreSQL server (DATABASE_URL):
 * the embedded database is served by one process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/core/config';

const serverUrl = process.env.DATABASE_URL || null;
const name = `pulsera_start_${process.pid}_${randomBytes(4).toString('hex')}`;
let child: ChildProcess | null = null;

async function admin(q: string) {
  const c = new pg.Client({ connectionString: serverUrl! });
  await c.connect();
  try {
    return await c.query(q);
  } finally {
    await c.end();
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

afterAll(async () => {
  if (child && child.exitCode === null) {
    const ended = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
  }
  if (serverUrl) await admin(`drop database if exists ${name} with (force)`);
});

describe('WEB_CONCURRENCY=4 on PostgreSQL', () => {
  it('starts 4 processes on a fresh database with no crash, restart or deadlock', async () => {
    // Without a server this path cannot run: say so rather than pass quietly.
    expect(serverUrl, 'DATABASE_URL must name a PostgreSQL server for this test').toBeTruthy();
    await admin(`create database ${name}`);
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    const port = await freePort();
    let log = '';
    child = spawn(
      path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [path.join(REPO_ROOT, 'server/src/main.ts')],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          DATABASE_URL: u.toString(),
          WEB_CONCURRENCY: '4',
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED: 'none',
          JOB_WORKERS: '1',
          LOG_LEVEL: 'warn',
          SESSION_SECRET: randomBytes(32).toString('hex'),
        },
      },
    );
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    const deadline = Date.now() + 240_000;
    while (!/ready in \d+ ms/.test(log) && child.exitCode === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(log, log).toMatch(/4 processes\), ready in \d+ ms/);
    // Every worker started its job queue (schedules, workers) after listening: give them time to.
    await new Promise((r) => setTimeout(r, 8000));
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
    }
    expect(log, log).not.toMatch(/ended \(|starting another|deadlock|error/i);
    // Each queue was created once.
    const c = new pg.Client({ connectionString: u.toString() });
    await c.connect();
    const queues = await c.query('select name, count(*)::int as n from pgboss.queue group by name');
    await c.end();
    expect(queues.rows.length).toBeGreaterThan(0);
    for (const q of queues.rows) expect(q.n).toBe(1);
  }, 300_000);
});
