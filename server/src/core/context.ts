import type { Config } from './config';
import type { Database, Db } from './db/client';
import { currentDb } from './db/request-tx';
import { JobQueue } from './jobs/job-queue';
import { LoginThrottle } from './lib/login-throttle';
import { Mailer } from './lib/mailer';
import type { Tokens } from './lib/tokens';

/** What every service needs, built once per app. */
export interface AppContext {
  /** The request's transaction inside an audited write (db/request-tx.ts), else the database. */
  readonly db: Db;
  /** The database itself, never the request's transaction (the guard, work that must survive a rollback). */
  baseDb: Db;
  config: Config;
  /** Which database this app runs on (the health call names it). */
  databaseKind: Database['kind'];
  tokens: Tokens;
  throttle: LoginThrottle;
  mailer: Mailer;
  /** Background jobs (core/jobs): enqueue work, read the kinds. Each domain's index.ts names its kinds; app.ts registers them. */
  jobs: JobQueue;
}

/** What a service that only reads and writes the database needs (the demo seed calls such services). */
export type DbContext = Pick<AppContext, 'db'>;

export const createContext = (
  db: Db,
  databaseKind: Database['kind'],
  config: Config,
  tokens: Tokens,
): AppContext => {
  const ctx = {
    get db() {
      return currentDb(db);
    },
    baseDb: db,
    databaseKind,
    config,
    tokens,
    throttle: new LoginThrottle(db, config.loginThrottle),
    mailer: new Mailer(config),
  } as AppContext;
  ctx.jobs = new JobQueue(ctx);
  return ctx;
};
