import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Stripe, written from Stripe's API reference, for the tests and the demo: the part of the API
 * the card top-up uses, reached by the official `stripe` client pointed at it (STRIPE_API_URL).
 * - `POST /v1/checkout/sessions` (form-encoded, as the client sends it) creates a Checkout Session;
 *   the same `Idempotency-Key` answers the session it first created.
 * - `GET /v1/checkout/sessions/{id}` retrieves one; `POST /v1/checkout/sessions/{id}/expire` expires it.
 * - `GET /pay/{id}` is the hosted payment page: a Pay and a Cancel button. `POST /pay/{id}` pays
 *   (status `complete`, payment_status `paid`), sends the signed `checkout.session.completed` webhook
 *   and redirects to the success URL; `POST /pay/{id}?cancel=1` redirects to the cancel URL.
 * Webhooks are signed as Stripe signs them: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<payload>" with the endpoint's secret>`. `webhooks` tunes the next deliveries: copies sent,
 * a delay, the first attempt answered as failed by the network (not sent), or none at all.
 */
export interface SimulatedSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  payment_intent: string | null;
  mode: 'payment';
  created: number;
  expires_at: number;
}

export interface StripeSimulator {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, SimulatedSession>;
  /** Where webhooks go (the server's /api/portal/stripe/webhook). */
  webhookUrl: string;
  /** The next deliveries: copies of each event, a delay before them, none at all. */
  webhooks: { copies: number; delayMs: number; skip: boolean };
  /** Pays a session as its payment page does; answers once the webhooks are delivered. */
  pay(id: string): Promise<void>;
  close(): Promise<void>;
}

/** The `Stripe-Signature` header of a payload, as Stripe computes it. */
export function stripeSignature(payload: string, secret: string, at = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex');
  return `t=${at},v1=${v1}`;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => resolve(body));
  });

/** `line_items[0][price_data][unit_amount]=1000` and friends, flattened as Stripe's form encoding. */
const formField = (form: URLSearchParams, key: string) => form.get(key) ?? undefined;

function metadataOf(form: URLSearchParams) {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m?.[1]) out[m[1]] = v;
  }
  return out;
}

export async function startStripeSimulator(opts: { webhookUrl?: string; port?: number } = {}) {
  const sessions = new Map<string, SimulatedSession>();
  const byKey = new Map<string, string>();
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  let base = '';

  const deliver = async (session: SimulatedSession) => {
    const { copies, delayMs, skip } = sim.webhooks;
    if (skip || !sim.webhookUrl) return;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    });
    const send = () =>
      fetch(sim.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignature(payload, webhookSecret),
        },
        body: payload,
      }).catch(() => undefined);
    await Promise.all(Array.from({ length: copies }, send));
  };

  const pay = async (id: string) => {
    const s = sessions.get(id);
    if (!s || s.status !== 'open') return;
    s.status = 'complete';
    s.payment_status = 'paid';
    s.payment_intent = `pi_${randomBytes(12).toString('hex')}`;
    await deliver(s);
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const body = await readBody(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const pathParts = url.pathname.split('/').filter(Boolean);
    if (pathParts[0] === 'v1') {
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const id = pathParts[3];
      if (req.method === 'POST' && pathParts.length === 3 && pathParts[2] === 'sessions') {
        const key = req.headers['idempotency-key'];
        const known = typeof key === 'string' ? byKey.get(key) : undefined;
        if (known) return json(200, sessions.get(known));
        const form = new URLSearchParams(body);
        const sid = `cs_test_${randomBytes(16).toString('hex')}`;
        const unit = Number(formField(form, 'line_items[0][price_data][unit_amount]') ?? 0);
        const quantity = Number(formField(form, 'line_items[0][quantity]') ?? 1);
        const now = Math.floor(Date.now() / 1000);
        const s: SimulatedSession = {
          id: sid,
          object: 'checkout.session',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: unit * quantity,
          currency: formField(form, 'line_items[0][price_data][currency]') ?? 'eur',
          client_reference_id: formField(form, 'client_reference_id') ?? null,
          metadata: metadataOf(form),
          success_url: formField(form, 'success_url') ?? '',
          cancel_url: formField(form, 'cancel_url') ?? '',
          url: `${base}/pay/${sid}`,
          payment_intent: null,
          mode: 'payment',
          created: now,
          expires_at: now + 24 * 3600,
        };
        sessions.set(sid, s);
        if (typeof key === 'string') byKey.set(key, sid);
        return json(200, s);
      }
      const s = id ? sessions.get(id) : undefined;
      if (!s)
        return json(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      if (req.method === 'GET' && pathParts.length === 4) return json(200, s);
      if (req.method === 'POST' && pathParts[4] === 'expire') {
        if (s.status === 'open') s.status = 'expired';
        s.url = null;
        return json(200, s);
      }
      return json(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    }
    const s = pathParts[0] === 'pay' && pathParts[1] ? sessions.get(pathParts[1]) : undefined;
    if (!s) return json(404, { error: 'no such session' });
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><meta name="viewport" content="width=device-width"><title>Stripe simulator</title>` +
          `<h1>${(s.amount_total / 100).toFixed(2)} ${s.currency.toUpperCase()}</h1>` +
          `<form method="post"><button>Pay</button></form>` +
          `<form method="post" action="?cancel=1"><button>Cancel</button></form>`,
      );
    }
    if (url.searchParams.get('cancel')) {
      res.writeHead(303, { location: s.cancel_url });
      return res.end();
    }
    await pay(s.id);
    res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
    res.end();
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sim: StripeSimulator = {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    webhookUrl: opts.webhookUrl ?? '',
    webhooks: { copies: 1, delayMs: 0, skip: false },
    pay,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return sim;
}
