import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helper';
import { buildApp } from '../../app';
import type { Database } from '../db/client';

/**
 * A stopping server closes its database only after the handlers still running (main.ts): a client
 * that hangs up mid-request must not end the count while its handler still runs its queries.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('requests in flight at shutdown', () => {
  it('waits for the handler of a request whose client hung up, then for nothing', async () => {
    const { app, inFlight } = await buildApp({
      database,
      logger: false,
      config: { seed: 'none', jobWorkers: false },
    });
    const done: string[] = [];
    // A slow handler that still queries the database after its client is gone.
    app.get('/slow-for-test', async () => {
      await sleep(400);
      const res = await database.db.execute(sql`select 42 as answer`);
      done.push('slow');
      return { answer: Number((res as unknown as { rows: { answer: number }[] }).rows[0]!.answer) };
    });
    app.get('/quick-for-test', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    // A request answered in full no longer counts.
    const quick = await fetch(`http://127.0.0.1:${port}/quick-for-test`);
    expect(quick.status).toBe(200);
    await quick.text();
    await sleep(20);
    expect(inFlight.count).toBe(0);

    // A request whose client hangs up after 100 ms.
    const req = http.get({ host: '127.0.0.1', port, path: '/slow-for-test' });
    req.on('error', () => {});
    await sleep(100);
    req.destroy();
    await sleep(50);
    expect(inFlight.count).toBe(1);

    await app.close();
    expect(done).toEqual([]);
    // The database may close once idle: only after the handler ran its query.
    expect(await inFlight.idle(5_000)).toBe(true);
    expect(done).toEqual(['slow']);
    expect(inFlight.count).toBe(0);
    // And the database still answers: nothing used it after it was handed back.
    await database.db.execute(sql`select 1`);
  });

  it('gives up waiting after the time allowed', async () => {
    const { app, inFlight } = await buildApp({
      database,
      logger: false,
      config: { seed: 'none', jobWorkers: false },
    });
    let release: () => void = () => {};
    app.get('/stuck-for-test', () => new Promise((r) => (release = () => r({ ok: true }))));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const req = http.get({ host: '127.0.0.1', port, path: '/stuck-for-test' });
    req.on('error', () => {});
    await sleep(100);
    const started = Date.now();
    expect(await inFlight.idle(300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    release();
    expect(await inFlight.idle(2_000)).toBe(true);
    req.destroy();
    await app.close();
  });
});
