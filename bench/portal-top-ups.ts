import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../server/src/core/config';
import { stripeSignature } from '../server/src/modules/customers/portal/stripe-simulator';

/**
 * Paid card top-ups waiting for their webhook, for bench/portal-api.ts: online top-ups written
 * pending as the portal's POST /top-ups writes them (card-top-up.repo insertPending and setSession),
 * each with a Checkout Session created in the local Stripe and paid on its payment page, and the
 * `checkout.session.completed` notice of each, signed as Stripe signs it.
 */
export interface LocalStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  child: ChildProcess;
}

/** The local Stripe in a process of its own (bench/stripe-server.ts). */
export async function startLocalStripe(): Promise<LocalStripe> {
  const child = fork(path.join(REPO_ROOT, 'bench/stripe-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const keys = await new Promise<Omit<LocalStripe, 'child'>>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Omit<LocalStripe, 'child'>));
    child.once('exit', (code) => reject(new Error(`the local Stripe exited with ${code}`)));
  });
  return { ...keys, child };
}

export interface PaidTopUp {
  id: number;
  sessionId: string;
  wristbandId: number;
  amount: number;
  /** The signed notice: its body and its `Stripe-Signature` header. */
  body: string;
  signature: string;
}

/** A form as Stripe's API takes it (the official client sends the same). */
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

/**
 * `count` paid top-ups of `amount` cents, spread over `wristbandIds` in turn, in event `eventId`.
 * The notices are signed now: send them within Stripe's five minutes of tolerance.
 */
export async function paidTopUps(
  databaseUrl: string,
  stripe: Omit<LocalStripe, 'child'>,
  opts: { eventId: number; wristbandIds: number[]; count: number; amount: number },
): Promise<PaidTopUp[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const n = opts.count;
    const wb = Array.from({ length: n }, (_, i) => opts.wristbandIds[i % opts.wristbandIds.length]!);
    const { rows: inserted } = await db.query<{
      id: number;
      wristband_id: number;
      customer_id: number | null;
    }>(
      `insert into online_top_ups (event_id, customer_id, wristband_id, date_recharge_online, amount_total,
         amount_recharge, amount_bonus, concept, payed, valid, module)
       select $1, w.customer_id, w.id, now(), $2, $2, 0, 'bench', 0, 1, 'stripe'
       from unnest($3::int[]) with ordinality as u(id, n) join wristbands w on w.id = u.id order by u.n
       returning id, wristband_id, customer_id`,
      [opts.eventId, opts.amount, wb],
    );
    // The customer's e-mail goes to Stripe with the session, as startCardTopUp sends it.
    const { rows: emails } = await db.query<{ id: number; email: string | null }>(
      'select id, email from customers where id = any($1::int[])',
      [inserted.map((r) => r.customer_id).filter((id) => id !== null)],
    );
    const emailOf = new Map(emails.map((e) => [e.id, e.email]));
    const rows = inserted.map((r) => ({ ...r, email: r.customer_id ? emailOf.get(r.customer_id) : null }));
    const auth = { authorization: `Bearer ${stripe.secretKey}` };
    const sessions = await inBatches(rows, 16, async (r) => {
      const created = await fetch(`${stripe.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          ...auth,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `b-${r.id}`,
        },
        body: form({
          mode: 'payment',
          client_reference_id: String(r.id),
          'metadata[topUpId]': String(r.id),
          'metadata[eventId]': String(opts.eventId),
          'metadata[lang]': 'en',
          ...(r.email ? { customer_email: r.email } : {}),
          'line_items[0][quantity]': '1',
          'line_items[0][price_data][currency]': 'eur',
          'line_items[0][price_data][unit_amount]': String(opts.amount),
          'line_items[0][price_data][product_data][name]': 'bench',
          success_url: 'http://127.0.0.1/ok',
          cancel_url: 'http://127.0.0.1/cancel',
        }),
      });
      const session = (await created.json()) as { id: string };
      // Paid on the hosted page with Stripe's test Visa (no webhook: the simulator has no address).
      const paid = await fetch(`${stripe.url}/pay/${session.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ card: '4242424242424242' }),
        redirect: 'manual',
      });
      if (paid.status !== 303) throw new Error(`the local Stripe did not pay ${session.id}: ${paid.status}`);
      const now = await fetch(`${stripe.url}/v1/checkout/sessions/${session.id}`, { headers: auth });
      return (await now.json()) as { id: string };
    });
    await db.query(
      `update online_top_ups o set id_recharge = o.id::text, pay_tpv_order_id = v.sid, id_order = v.sid
       from unnest($1::int[], $2::text[]) as v(id, sid) where o.id = v.id`,
      [rows.map((r) => r.id), sessions.map((s) => s.id)],
    );
    return rows.map((r, i) => {
      const session = sessions[i]!;
      const body = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        type: 'checkout.session.completed',
        data: { object: session },
      });
      return {
        id: r.id,
        sessionId: session.id,
        wristbandId: r.wristband_id,
        amount: opts.amount,
        body,
        signature: stripeSignature(body, stripe.webhookSecret),
      };
    });
  } finally {
    await db.end();
  }
}
