// A card payment's `checkout.session.completed` notice done bare (bench/portal-api.ts), on the bare
// server's Fastify and pg pool, in two flavours:
// - POST /bare/stripe-webhook: the writes only. The session id read from the body, then in one
//   transaction the online top-up locked by that id (left alone unless pending), its wristband locked,
//   the top-up row and the ledger entry inserted, the wristband's balances and the online top-up
//   updated: the rows card-top-up.repo's creditPaid writes, without the signature check, the session
//   asked of Stripe again or the receipt e-mail queued.
// - POST /bare/stripe-webhook-checked: the same, after the work around it that ours does too: the
//   `Stripe-Signature` checked (HMAC-SHA256 of "<t>.<body>", constant-time, five minutes' tolerance)
//   and the session asked of the local Stripe again (keep-alive http, with its charge expanded), only
//   a paid session written. Its address and keys come from BARE_STRIPE_URL, BARE_STRIPE_KEY and
//   BARE_STRIPE_WEBHOOK_SECRET.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true });

/** The session as the local Stripe answers it now. */
function retrieve(id) {
  const url = new URL(
    `/v1/checkout/sessions/${id}?expand[]=payment_intent.latest_charge`,
    process.env.BARE_STRIPE_URL,
  );
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { authorization: `Bearer ${process.env.BARE_STRIPE_KEY}` } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(body))));
      })
      .on('error', reject);
  });
}

/** Stripe's signature check: a v1 of the header equal to HMAC-SHA256("<t>.<body>"), t within 300 s. */
function signed(raw, header) {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((p) => p.split('=')),
  );
  const t = Number(parts.t);
  if (!parts.v1 || !Number.isFinite(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const mac = createHmac('sha256', process.env.BARE_STRIPE_WEBHOOK_SECRET ?? '')
    .update(`${t}.${raw}`)
    .digest('hex');
  return mac.length === parts.v1.length && timingSafeEqual(Buffer.from(mac), Buffer.from(parts.v1));
}

async function credit(pool, session) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const [t] = (
      await client.query('select * from online_top_ups where pay_tpv_order_id = $1 for update', [session.id])
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
      // The card's details as the real route takes them from the session.
      const card = session.payment_intent?.latest_charge?.payment_method_details?.card;
      await client.query(
        `update online_top_ups set payed = 1, date_recharge_rfid = $1, pay_tpv_date_time = $1,
           pay_tpv_amount = amount_total, pay_tpv_currency = $3, pay_tpv_auth_code = $4, card_brand = $5,
           card_number = $6, pay_tpv_card_country = $7, updated_at = now() where id = $2`,
        [
          at,
          t.id,
          session.currency?.toUpperCase() ?? null,
          card?.authorization_code ?? null,
          card?.brand ?? null,
          card?.last4 ? `**** ${card.last4}` : null,
          card?.country ?? null,
        ],
      );
    }
    await client.query('commit');
  } catch (e) {
    await client.query('rollback');
    throw e;
  } finally {
    client.release();
  }
}

export async function registerBareWebhook(app, pool) {
  await app.register(async (sub) => {
    // The body kept as its text for the signature, and parsed.
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      req.raw.text = body;
      done(null, JSON.parse(body));
    });
    sub.post('/bare/stripe-webhook', async (req) => {
      await credit(pool, req.body.data.object);
      return { received: true };
    });
    sub.post('/bare/stripe-webhook-checked', async (req, reply) => {
      if (!signed(req.raw.text, req.headers['stripe-signature']))
        return reply.code(400).send({ error: 'signature' });
      const session = await retrieve(req.body.data.object.id);
      if (session.payment_status === 'paid') await credit(pool, session);
      return { received: true };
    });
  });
}
