import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../server/src/core/config';

/**
 * The first load's JavaScript (issue "Speed"), measured in Chromium by the browser test
 * e2e/bench/first-load.spec.ts against the production build: the sign-in page (budget 200 KB gzip)
 * and the first admin screen (300 KB). Returns its printed line and whether both budgets hold.
 */
export const benchFirstLoad = () => benchInChromium('bench/first-load.spec.ts', 'first load:');

/**
 * The terminal's figures, measured in Chromium by e2e/bench/terminal.spec.ts: first load (150 KB),
 * tap to sale at 4× CPU throttle (p95 < 100 ms) and 10,000 queued operations drained (< 30 s), each
 * beside the same work done bare.
 */
export const benchTerminal = () => benchInChromium('bench/terminal.spec.ts', 'terminal:');

/** The attendee portal's first load, measured in Chromium by e2e/bench/portal.spec.ts (100 KB gzip). */
export const benchPortalFirstLoad = () => benchInChromium('bench/portal.spec.ts', 'portal:');

/**
 * The gate's figures (issue 30), measured in Chromium by e2e/bench/gate.spec.ts with 100,000 tickets:
 * the ticket list first downloaded (< 10 s), a delta of 100 changed tickets (< 1 s) and tap to answer
 * offline at 4× CPU throttle (p95 < 150 ms), each beside the same work done bare.
 */
export const benchGate = () => benchInChromium('bench/gate.spec.ts', 'gate:');

/** Runs one browser measurement of e2e/bench and returns its line starting with `prefix`. */
function benchInChromium(spec: string, prefix: string): { line: string; ok: boolean } {
  const run = spawnSync('npx', ['playwright', 'test', '--config', 'bench.config.ts', spec], {
    cwd: path.join(REPO_ROOT, 'e2e'),
    env: { ...process.env, E2E_PORT: process.env.BENCH_E2E_PORT ?? '8199' },
    encoding: 'utf8',
  });
  const out = `${run.stdout}\n${run.stderr}`;
  const line =
    out.split('\n').find((l) => l.startsWith(prefix)) ??
    `${prefix} not measured (see the browser test output)`;
  if (run.status !== 0 && !line.includes('KB') && !line.includes(' ms')) console.log(out.slice(-3000));
  return { line, ok: run.status === 0 };
}
