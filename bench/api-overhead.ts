import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { REPO_ROOT } from '../server/src/core/config';
import { events } from '../server/src/core/db/schema';
import { ACTIVE_DEMO_EVENT, DEMO_PASSWORD, seedIfEmpty } from '../server/src/seed/demo';
import { BENCH_DATABASE_URL, openBenchDatabase } from './databases';
import {
  buildProductionServer,
  type ProductionServer,
  processCpuSeconds,
  productionServerEnv,
  startProductionServer,
} from './production-server';

/**
 * API overhead (issue "Speed"): each list, detail and report call of the console, through the
 * production server (compiled, `node server/dist/main.js`, one process, PostgreSQL), against a bare
 * Fastify + pg route that runs the very SQL statements the call issued (captured from one real call,
 * so the comparison stays honest as queries change). Both are loaded alike (autocannon, keep-alive,
 * `connections` at once, about `seconds` each, in turns: `inTurns`) and the ratio of requests per
 * second is printed with its target: ≥ 75 % of bare (issue 31). Beside it, the CPU milliseconds each
 * server process spent per request, ours and bare: the figure a busy machine moves least.
 */
export const OVERHEAD_TARGET = 0.75;

export interface OverheadRow {
  call: string;
  statements: number;
  ours: number;
  bare: number;
  ratio: number;
  errors: number;
  /** CPU milliseconds per request of the server process, ours and bare (a figure the machine's load moves less than requests per second). */
  oursCpuMs: number;
  bareCpuMs: number;
}

/** Requests per second of a list call served by one process, then by two. */
export interface ProcessesRow {
  call: string;
  one: number;
  two: number;
}

export interface Captured {
  text: string;
  values?: unknown[];
  rowMode?: string;
}

/**
 * Requests per second of `url` under autocannon (keep-alive, `connections` at once, `seconds` long);
 * `more` sends a method and body, or a set number of requests (`amount`, then `seconds` is ignored).
 */
export async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  more: Partial<autocannon.Options> = {},
) {
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1, ...more });
  const errors = result.non2xx + result.errors + result.timeouts;
  if (errors && process.env.BENCH_DEBUG)
    console.log(url, result.statusCodeStats, result.errors, result.timeouts);
  // A set number of requests: their count over the time they took (the per-second samples would
  // count a partly filled last second).
  const rps = more.amount
    ? result.requests.total / Math.max(result.duration, 0.001)
    : result.requests.average;
  return { rps, errors, total: result.requests.total, seconds: result.duration };
}

/** Slices of each side's time in an overhead measurement (see `inTurns`). */
const TURNS = 4;

/**
 * Ours and bare loaded in turns, `TURNS` slices of `seconds / TURNS` each in the order ours, bare,
 * bare, ours, ours, bare…, so that a shared machine slowing down or speeding up during the run weighs
 * on both sides alike (a run of ours, then one of bare, put any drift into the ratio). Each side's
 * requests per second are its requests over its seconds; its CPU per request, its process's CPU over
 * its own requests.
 */
async function inTurns(
  sides: Record<'ours' | 'bare', { url: string; headers: Record<string, string>; pid: number | undefined }>,
  seconds: number,
  connections: number,
) {
  const slice = Math.max(1, Math.round(seconds / TURNS));
  const sum = () => ({ requests: 0, seconds: 0, errors: 0, cpu: 0 });
  const got = { ours: sum(), bare: sum() };
  for (let turn = 0; turn < TURNS; turn++) {
    for (const side of turn % 2 ? (['bare', 'ours'] as const) : (['ours', 'bare'] as const)) {
      const { url, headers, pid } = sides[side];
      const cpu = processCpuSeconds(pid);
      const r = await load(url, headers, slice, connections);
      got[side].cpu += processCpuSeconds(pid) - cpu;
      got[side].requests += r.total;
      got[side].seconds += r.seconds;
      got[side].errors += r.errors;
    }
  }
  const figures = (g: ReturnType<typeof sum>) => ({
    rps: g.requests / Math.max(g.seconds, 0.001),
    errors: g.errors,
    cpuMs: (g.cpu * 1000) / Math.max(g.requests, 1),
  });
  return { ours: figures(got.ours), bare: figures(got.bare) };
}

export async function benchApiOverhead(opts: {
  seconds: number;
  connections: number;
  log: (l: string) => void;
  /** Only the calls whose name holds one of these texts (all when absent). */
  only?: string[];
}) {
  const buildMs = await buildProductionServer();
  const database = await openBenchDatabase('postgres');
  const dbUrl = new URL(BENCH_DATABASE_URL);
  const dbName = await (async () => {
    const r = (await database.db.execute('select current_database() as name' as never)) as unknown as {
      rows: { name: string }[];
    };
    return r.rows[0]!.name;
  })();
  dbUrl.pathname = `/${dbName}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'pulsera-overhead-'));
  const children: ChildProcess[] = [];
  const servers: ProductionServer[] = [];
  try {
    opts.log('  seeding the demo festival…');
    await seedIfEmpty(database.db, { seed: 'demo' });
    const [ev] = await database.db.select().from(events).where(eq(events.name, ACTIVE_DEMO_EVENT));
    const from = new Date(ev!.dateStart).toISOString();
    const to = new Date(ev!.dateEnd).toISOString();
    const window = `dateStart=${encodeURIComponent(from)}&dateEnd=${encodeURIComponent(to)}`;
    const allCalls: Record<string, string> = {
      'events/active': '/api/events/active',
      locations: '/api/locations',
      articles: '/api/articles',
      'customer search': '/api/infoCustomer/search?name=an',
      'quick dashboard': `/api/reports/mainQuickDashboard?${window}`,
      'top-ups report': `/api/reports/mainRecharges?${window}`,
      'wristbands report': `/api/reports/wristbands?${window}`,
    };
    const calls = Object.fromEntries(
      Object.entries(allCalls).filter(
        ([name]) => !opts.only?.length || opts.only.some((t) => name.includes(t)),
      ),
    );

    // Ours: the production server, compiled, one process.
    const port = 18_000 + Math.floor(Math.random() * 1000);
    const env = productionServerEnv(dbUrl.toString(), port);
    const ours = await startProductionServer(env);
    servers.push(ours);
    const { base, startMs } = ours;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'mega@demo.test', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const headers = { token, tokenevent: ev!.token };

    // The statements each call issues, captured from one call of the same app in this process.
    const captured: Record<string, Captured[]> = {};
    const { app: probe } = await buildApp({
      database,
      logger: false,
      // No job workers: their statements would be captured with the first call's.
      config: {
        seed: 'none',
        sessionSecret: env.SESSION_SECRET,
        tokenRefreshMinutes: 100_000,
        jobWorkers: false,
      },
    });
    await probe.ready();
    for (const [name, url] of Object.entries(calls)) {
      captured[name] = await captureStatements(probe, url, headers);
      const check = await fetch(`${base}${url}`, { headers });
      if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
    }

    const file = path.join(tmp, 'statements.json');
    writeFileSync(
      file,
      JSON.stringify(Object.fromEntries(Object.entries(captured).map(([k, v]) => [slug(k), v]))),
    );
    const barePort = port + 1;
    const bare = fork(
      path.join(REPO_ROOT, 'bench/bare-server.mjs'),
      [file, String(barePort), dbUrl.toString()],
      {
        stdio: 'inherit',
      },
    );
    children.push(bare);
    await new Promise<void>((resolve) => bare.once('message', () => resolve()));

    const rows: OverheadRow[] = [];
    for (const [name, url] of Object.entries(calls)) {
      // Warm both, then load them in turns (never at the same time).
      const bareUrl = `http://127.0.0.1:${barePort}/bare/${slug(name)}`;
      await load(`${base}${url}`, headers, 1, opts.connections);
      await load(bareUrl, {}, 1, opts.connections);
      const { ours: o, bare: b } = await inTurns(
        {
          ours: { url: `${base}${url}`, headers, pid: ours.child.pid },
          bare: { url: bareUrl, headers: {}, pid: bare.pid },
        },
        opts.seconds,
        opts.connections,
      );
      const oursCpuMs = o.cpuMs;
      const bareCpuMs = b.cpuMs;
      rows.push({
        call: name,
        statements: captured[name]!.length,
        ours: Math.round(o.rps),
        bare: Math.round(b.rps),
        ratio: b.rps ? o.rps / b.rps : 0,
        errors: o.errors + b.errors,
        oursCpuMs,
        bareCpuMs,
      });
      opts.log(
        `  ${name}: ${Math.round(o.rps)} req/s, bare ${Math.round(b.rps)} req/s; server CPU ${oursCpuMs.toFixed(3)} ms a request, bare ${bareCpuMs.toFixed(3)} ms`,
      );
    }

    // The list calls with one server process, then two on the same port (WEB_CONCURRENCY=2).
    const listCalls = ['events/active', 'locations', 'articles'].filter((c) => c in calls);
    const processes: ProcessesRow[] = listCalls.map((call) => ({
      call,
      one: rows.find((r) => r.call === call)!.ours,
      two: 0,
    }));
    await ours.stop();
    const two = await startProductionServer({ ...env, PORT: String(port + 2), WEB_CONCURRENCY: '2' });
    servers.push(two);
    const twoBase = two.base;
    for (const row of processes) {
      const url = `${twoBase}${calls[row.call]}`;
      await load(url, headers, 1, opts.connections);
      const r = await load(url, headers, opts.seconds, opts.connections);
      row.two = Math.round(r.rps);
      opts.log(`  ${row.call} with 2 processes: ${row.two} req/s`);
    }
    return { rows, processes, startMs, buildMs, connections: opts.connections, seconds: opts.seconds };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.stop()));
    await new Promise((r) => setTimeout(r, 500));
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

export const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-');

/**
 * The SQL statements one call issues, observed at the pg client (text, values and row mode) while
 * the same app, on the same database and secret, answers the call once in-process (a GET, or the
 * method and payload given).
 */
export async function captureStatements(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  request: { method?: 'GET' | 'POST'; payload?: string | object } = {},
): Promise<Captured[]> {
  const seen: Captured[] = [];
  const original = pg.Client.prototype.query;
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    const [q, values] = args;
    if (typeof q === 'string') seen.push({ text: q, values });
    else if (q && typeof q.text === 'string')
      seen.push({
        text: q.text,
        values: q.values ?? (Array.isArray(values) ? values : undefined),
        rowMode: q.rowMode,
      });
    return original.apply(this, args as never);
  };
  try {
    const res = await app.inject({ method: request.method ?? 'GET', url, headers, payload: request.payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  } finally {
    (pg.Client.prototype as { query: unknown }).query = original;
  }
  return seen;
}
