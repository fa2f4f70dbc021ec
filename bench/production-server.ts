import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../server/src/core/config';

/**
 * The production server as `npm start` runs it: compiled (`node server/dist/main.js`, built by
 * scripts/build-server.mjs), in a process of its own, on a PostgreSQL database. Used by the benches
 * that measure what a client meets (API overhead, device ingest), so that the load generator never
 * shares the server's event loop.
 */

/** Compiles the server (milliseconds taken). */
export async function buildProductionServer() {
  const { buildServer } = (await import(path.join(REPO_ROOT, 'scripts/build-server.mjs'))) as {
    buildServer: () => Promise<number>;
  };
  return buildServer();
}

/** Resolves once `url` answers 200, rejects when the process exits first or after `timeoutMs`. */
function whenListening(child: ChildProcess, url: string, timeoutMs = 180_000) {
  return new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const tick = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      try {
        const r = await fetch(url);
        if (r.ok) return resolve();
      } catch {
        // not yet
      }
      if (Date.now() - started > timeoutMs) return reject(new Error(`${url} did not answer`));
      setTimeout(tick, 300);
    };
    void tick();
  });
}

/** The environment of a bench server: no seeding, quiet logs, a fresh secret, no sweeps. */
export function productionServerEnv(databaseUrl: string, port: number) {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SEED: 'none',
    WEB_CONCURRENCY: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TOKEN_REFRESH_MINUTES: '100000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    CAPACITY_LOG_MINUTES: '0',
    UPLOAD_SWEEP_HOURS: '0',
  };
}

export interface ProductionServer {
  child: ChildProcess;
  base: string;
  /** Milliseconds from spawning to the first answer of /api/health. */
  startMs: number;
  stop: () => Promise<void>;
}

/** Starts the compiled server (build it first) and waits until it answers. */
export async function startProductionServer(env: NodeJS.ProcessEnv): Promise<ProductionServer> {
  const startedAt = Date.now();
  const prof = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...prof, path.join(REPO_ROOT, 'server/dist/main.js')], {
    env,
    stdio: 'inherit',
  });
  const base = `http://${env.HOST ?? '127.0.0.1'}:${env.PORT}`;
  try {
    await whenListening(child, `${base}/api/health`);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return {
    child,
    base,
    startMs: Date.now() - startedAt,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU seconds a process has used so far (Linux /proc; 0 where it cannot be read). */
export function processCpuSeconds(pid: number | undefined) {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return 0;
  }
}
