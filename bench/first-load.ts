import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../server/src/core/config';

/**
 * The first load's JavaScript (issue "Speed"), measured in Chromium by the browser test
 * e2e/bench/first-load.spec.ts against the production build: the sign-in page (budget 250 KB gzip)
 * and the first admin screen (350 KB). Returns its printed line and whether both budgets hold.
 */
export function benchFirstLoad(): { line: string; ok: boolean } {
  const run = spawnSync('npx', ['playwright', 'test', '--config', 'bench.config.ts'], {
    cwd: path.join(REPO_ROOT, 'e2e'),
    env: { ...process.env, E2E_PORT: process.env.BENCH_E2E_PORT ?? '8199' },
    encoding: 'utf8',
  });
  const out = `${run.stdout}\n${run.stderr}`;
  const line =
    out.split('\n').find((l) => l.startsWith('first load:')) ??
    'first load: not measured (see the browser test output)';
  if (run.status !== 0 && !line.includes('KB')) console.log(out.slice(-3000));
  return { line, ok: run.status === 0 };
}
