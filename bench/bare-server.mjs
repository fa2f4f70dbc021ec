#!/usr/bin/env node
// The same work done bare: Fastify + pg, one route per measured call, each running exactly the SQL
// statements (text, values, row mode) that Pulsera's call issued, on one connection, in the same
// order, and answering every statement's rows as JSON (the data the call read, as ours answers what it
// read; answering only the last statement's rows would leave out, say, the locations of a call whose
// last statement reads the gates). No guard, no schema, no ORM. Each route answers GET and POST (a
// POST's body is parsed and not read: the portal's sign-in replays the statements of one sign-in).
// POST /bare/stripe-webhook…: a card payment's notice done bare (bare-webhook.mjs).
// Usage: node bench/bare-server.mjs <statements.json> <port> <databaseUrl>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { registerBareWebhook } from './bare-webhook.mjs';

const [file, port, databaseUrl] = process.argv.slice(2);
const routes = JSON.parse(readFileSync(file, 'utf8'));
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const app = Fastify({ logger: false });
let reported = false;
app.setErrorHandler((err, _req, reply) => {
  if (!reported) {
    reported = true;
    console.error('bare route failed:', err.message);
  }
  reply.code(500).send({ error: 500, description: err.message });
});
for (const [name, statements] of Object.entries(routes)) {
  app.route({
    method: ['GET', 'POST'],
    url: `/bare/${name}`,
    handler: async () => {
      const client = await pool.connect();
      try {
        const result = [];
        for (const s of statements)
          result.push((await client.query({ text: s.text, values: s.values, rowMode: s.rowMode })).rows);
        return { error: 0, result };
      } finally {
        client.release();
      }
    },
  });
}

await registerBareWebhook(app, pool);

await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () =>
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
  );
