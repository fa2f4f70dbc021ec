import type { Config } from './config';
import type { Db } from './db/client';
import type { Tokens } from './lib/tokens';
import { LoginThrottle } from './modules/auth/login-throttle';
import { registerJobKinds } from './modules/jobs/job-kinds';
import { JobQueue } from './modules/jobs/job-queue';

/** What every service needs, built once per app. */
export interface AppContext {
  db: Db;
  config: Config;
  tokens: Tokens;
  throttle: LoginThrottle;
  /** Background jobs (modules/jobs): enqueue work, read the kinds. */
  jobs: JobQueue;
}

/** What a service that only reads and writes the database needs (the demo seed calls such services). */
export type DbContext = Pick<AppContext, 'db'>;

export const createContext = (db: Db, config: Config, tokens: Tokens): AppContext => {
  const ctx = { db, config, tokens, throttle: new LoginThrottle(db, config.loginThrottle) } as AppContext;
  ctx.jobs = new JobQueue(ctx);
  registerJobKinds(ctx.jobs);
  return ctx;
};
