/**
 * Start-up of several server processes (issue 26, item 11): with WEB_CONCURRENCY=4 on a fresh
 * PostgreSQL database (DATABASE_URL), the job queue's tables and queues are created once, before the
 * workers fork, so no worker meets another's DDL (a deadlock crashed one and the primary restarted
 * it). Every process answers, and the log holds no crash, restart or deadlock. On the embedded
 * database (no DATABASE_URL) one process serves, whatever WEB_CONCURRENCY says.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/core/config';

const serverUrl = process.env.DATABASE_URL || null;
const name = `pulsera_start_${process.pid}_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulsera-start-'));
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
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start`'s server (tsx) with WEB_CONCURRENCY=4; answers its port and its log so far. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const out = { log: '' };
  child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [path.join(REPO_ROOT, 'server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      WEB_CONCURRENCY: '4',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      JOB_WORKERS: '1',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ...env,
    },
  });
  child.stdout!.on('data', (d) => (out.log += d));
  child.stderr!.on('data', (d) => (out.log += d));
  // Several processes print "… processes), ready in N ms" once all listen; one process logs its
  // ready line at the info level, which LOG_LEVEL=warn hides, so it is ready once it answers.
  const deadline = Date.now() + 240_000;
  while (
    !/ready in \d+ ms/.test(out.log) &&
    !(env.DATABASE_URL === '' && (await answers(port))) &&
    child.exitCode === null &&
    Date.now() < deadline
  )
    await new Promise((r) => setTimeout(r, 200));
  return { port, out };
}

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: 'close' } }).then(
    (res) => res.ok,
    () => false,
  );

async function healthy(port: number) {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: 'close' } });
    expect(res.status).toBe(200);
  }
}

describe(`WEB_CONCURRENCY=4 (${serverUrl ? 'PostgreSQL server' : 'embedded database'})`, () => {
  if (serverUrl)
    it('starts 4 processes on a fresh database with no crash, restart or deadlock', async () => {
      await admin(`create database ${name}`);
      const u = new URL(serverUrl);
      u.pathname = `/${name}`;
      const { port, out } = await startServer({ DATABASE_URL: u.toString() });
      expect(out.log, out.log).toMatch(/4 processes\), ready in \d+ ms/);
      // Every worker starts its job queue (schedules, workers) once listening: give them time to.
      await new Promise((r) => setTimeout(r, 8000));
      await healthy(port);
      expect(out.log, out.log).not.toMatch(/ended \(|starting another|deadlock|error/i);
      // Each queue exists once.
      const c = new pg.Client({ connectionString: u.toString() });
      await c.connect();
      const queues = await c.query('select name, count(*)::int as n from pgboss.queue group by name');
      await c.end();
      expect(queues.rows.length).toBeGreaterThan(0);
      for (const q of queues.rows) expect(q.n).toBe(1);
    }, 300_000);
  else
    it('serves the embedded database with one process', async () => {
      const { port, out } = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(out.log, out.log).toMatch(/WEB_CONCURRENCY is ignored on the embedded database/);
      // The job queue starts once the server listens: give it time to, as above.
      await new Promise((r) => setTimeout(r, 8000));
      await healthy(port);
      expect(out.log, out.log).not.toMatch(/ended \(|starting another|deadlock|error/i);
    }, 300_000);
});
