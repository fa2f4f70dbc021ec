import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { AnyJobKind } from './jobs/job-queue';

/**
 * What a domain's index.ts (server/src/modules/<domain>/index.ts) gives the app: its routes, registered
 * on the app, and its background job kinds. Add a job kind by defining it beside the work it does
 * (`<leaf>/<x>.task.ts`: name, body schema, retry policy, optional schedule from the settings, and a
 * `run(ctx, tx, body, job)` that does everything through `tx`) and naming it in the domain's
 * `jobKinds`. Queue work with `ctx.jobs.enqueue(kind, body, { eventId, hourRange, tourId, tx })`; a
 * kind with a `schedule` runs once per slot on its own.
 */
export interface Domain {
  register(app: FastifyInstance, ctx: AppContext): Promise<void>;
  readonly jobKinds: readonly AnyJobKind[];
}
