#!/usr/bin/env node
// The same work done bare: Fastify + pg, one route per measured call, each running exactly the SQL
// statements (text, values, row mode) that Pulsera's call issued, on one connection, in the same
// order, and answering every statement's rows as JSON (the data the call read, as ours answers what it
// read; answering only the last statement's rows would leave out, say, the locations of a call whose
// last statement reads the gates). No guard, no schema, no ORM. Each route answers GET and POST (a
// POST's body is parsed and not read: the portal's sign-in replays the statements of one sign-in).
// POST /bare/stripe-webhook: the writes of a paid card top-up (bench/portal-api.ts), see creditBare.
// Usage: node bench/bare-server.mjs <statements.json> <port> <databaseUrl>
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

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

/**
 * A Checkout Session's paid notice done bare: its session id read from the body, then in one
 * transaction the online top-up locked by that id (left alone unless pending), its wristband locked,
 * the top-up row and the ledger entry inserted, the wristband's balances and the online top-up
 * updated: the rows card-top-up.repo's creditPaid writes, without the signature check, the session
 * asked of Stripe again or the receipt e-mail queued.
 */
app.post('/bare/stripe-webhook', async (req) => {
  const sessionId = req.body?.data?.object?.id;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const [t] = (
      await client.query('select * from online_top_ups where pay_tpv_order_id = $1 for update', [sessionId])
    ).rows;
    if (t && t.payed === 0) {
      const [w] = (await client.query('select * from wristbands where id = $1 for update', [t.wristband_id]))
        .rows;
      const cashAfter = w.cash + t.amount_recharge;
      const giftAfter = w.gift + t.amount_bonus;
      const operationId = randomUUID();
      const at = new Date();
      await client.query(
        `insert into top_ups (event_id, wristband_id, operation_id, device_time, type, payment_type, amount,
           bonus, money, fee, cash_after, gift_after, ref) values ($1, $2, $3, $4, 'O', 'T', $5, $6, $7, $8, $9, $10, $11)`,
        [
          t.event_id,
          w.id,
          operationId,
          at,
          t.amount_recharge,
          t.amount_bonus,
          t.amount_total,
          t.amount_total - t.amount_recharge,
          cashAfter,
          giftAfter,
          t.id_recharge ?? String(t.id),
        ],
      );
      await client.query(
        `insert into ledger_entries (event_id, wristband_id, operation_id, device_time, kind, cash_delta,
           gift_delta, cash_after, gift_after) values ($1, $2, $3, $4, 'O', $5, $6, $7, $8)`,
        [t.event_id, w.id, operationId, at, t.amount_recharge, t.amount_bonus, cashAfter, giftAfter],
      );
      await client.query('update wristbands set cash = $1, gift = $2, updated_at = $3 where id = $4', [
        cashAfter,
        giftAfter,
        at,
        w.id,
      ]);
      // The card's details as the real route takes them from the session (here: from the body).
      const s = req.body.data.object;
      await client.query(
        `update online_top_ups set payed = 1, date_recharge_rfid = $1, pay_tpv_date_time = $1,
           pay_tpv_amount = amount_total, pay_tpv_currency = $3, pay_tpv_auth_code = $4, card_brand = $5,
           card_number = $6, pay_tpv_card_country = $7, updated_at = now() where id = $2`,
        [at, t.id, s.currency?.toUpperCase() ?? null, s.payment_intent ?? null, 'Visa', '**** 4242', 'US'],
      );
    }
    await client.query('commit');
    return { received: true };
  } catch (e) {
    await client.query('rollback');
    throw e;
  } finally {
    client.release();
  }
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () =>
    app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
  );
