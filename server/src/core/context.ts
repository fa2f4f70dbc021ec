import type { Config } from './config';
import type { Db } from './db/client';
import { currentDb } from './db/request-tx';
import { Mailer } from './lib/mailer';
import type { Tokens } from './lib/tokens';
import { LoginThrottle } from '../modules/access/auth/login-throttle';
import { registerJobKinds } from './jobs/job-kinds';
import { JobQueue } from './jobs/job-queue';

/** What every service needs, built once per app. */
export interface AppContext {
  /** The request's transaction inside an audited write (db/request-tx.ts), else the database. */
  readonly db: Db;
  /** The database itself, never the request's transaction (the guard, work that must survive a rollback). */
  baseDb: Db;
  config: Config;
  tokens: Tokens;
  throttle: LoginThrottle;
  mailer: Mailer;
  /** Background jobs (modules/jobs): enqueue work, read the kinds. */
  jobs: JobQueue;
}

/** What a service that only reads and writes the database needs (the demo seed calls such services). */
export type DbContext = Pick<AppContext, 'db'>;

export const createContext = (db: Db, config: Config, tokens: Tokens): AppContext => {
  const ctx = {
    get db() {
      return currentDb(db);
    },
    baseDb: db,
    config,
    tokens,
    throttle: new LoginThrottle(db, config.loginThrottle),
    mailer: new Mailer(config),
  } as AppContext;
  ctx.jobs = new JobQueue(ctx);
  registerJobKinds(ctx.jobs);
  return ctx;
};
