import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Requests whose handler has not finished yet, so that a stopping process closes its database only
 * after them (main.ts). A request counts from its arrival (onRequest) until its reply is sent
 * (onResponse) or, when its client went away first, until its handler has answered (onSend: an
 * aborted request never reaches onResponse, yet its handler runs to the end and uses the database).
 * Counting on the socket's `close` instead let a client that hung up mid-request end the count while
 * its handler still ran its queries ("Cannot use a pool after calling end on the pool").
 */
export interface InFlight {
  /** Requests still running. */
  readonly count: number;
  /** Resolves once no request runs, or after `timeoutMs` (false then). */
  idle(timeoutMs: number): Promise<boolean>;
}

export function registerInFlight(app: FastifyInstance): InFlight {
  let count = 0;
  const settled = new WeakSet<FastifyRequest>();
  let waiters: (() => void)[] = [];
  const settle = (req: FastifyRequest) => {
    if (settled.has(req)) return;
    settled.add(req);
    count--;
    if (count === 0) {
      const ready = waiters;
      waiters = [];
      for (const w of ready) w();
    }
  };
  app.addHook('onRequest', (_req, _reply, done) => {
    count++;
    done();
  });
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.raw.destroyed) settle(req);
    done(null, payload);
  });
  app.addHook('onResponse', (req, _reply, done) => {
    settle(req);
    done();
  });
  return {
    get count() {
      return count;
    },
    idle: (timeoutMs) =>
      count === 0
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => {
              waiters = waiters.filter((w) => w !== done);
              resolve(false);
            }, timeoutMs);
            timer.unref();
            const done = () => {
              clearTimeout(timer);
              resolve(true);
            };
            waiters.push(done);
          }),
  };
}
