import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Stripe, written from Stripe's API reference, for the tests and the demo: the part of the API
 * the card top-up uses, reached by the official `stripe` client pointed at it (STRIPE_API_URL).
 * - `POST /v1/checkout/sessions` (form-encoded, as the client sends it) creates a Checkout Session;
 *   the same `Idempotency-Key` answers the session it first created.
 * - `GET /v1/checkout/sessions/{id}` retrieves one; `POST /v1/checkout/sessions/{id}/expire` expires it.
 * - `GET /pay/{id}` is the hosted payment page: a card number (one of Stripe's test cards, 4242… by
 *   default), an e-mail, a Pay and a Cancel button. `POST /pay/{id}` pays (status `complete`,
 *   payment_status `paid`, `customer_details.email`; a PaymentIntent `succeeded` whose `latest_charge`
 *   carries `payment_method_details.card` with brand, last4, country and authorization_code as Stripe's
 *   Charge object documents them), sends the signed `checkout.session.completed` webhook and redirects
 *   to the success URL; `POST /pay/{id}?cancel=1` redirects to the cancel URL.
 * - `GET /v1/payment_intents/{id}` retrieves a PaymentIntent. Every retrieve honours `expand[]`
 *   (`payment_intent`, `payment_intent.latest_charge`, `latest_charge`): the id is replaced by the
 *   object, as Stripe expands a field.
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
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  mode: 'payment';
  created: number;
  expires_at: number;
}

/** Stripe's Charge, the fields of a card payment (https://docs.stripe.com/api/charges/object). */
export interface SimulatedCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  captured: boolean;
  currency: string;
  paid: boolean;
  status: 'succeeded';
  payment_intent: string;
  payment_method: string;
  created: number;
  livemode: false;
  payment_method_details: {
    type: 'card';
    card: {
      brand: string;
      last4: string;
      country: string;
      exp_month: number;
      exp_year: number;
      funding: 'credit' | 'debit' | 'prepaid' | 'unknown';
      network: string;
      authorization_code: string;
      amount_authorized: number;
      checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' };
      fingerprint: string;
      installments: null;
      mandate: null;
      three_d_secure: null;
      wallet: null;
    };
  };
}

/** Stripe's PaymentIntent (https://docs.stripe.com/api/payment_intents/object), as Checkout leaves it. */
export interface SimulatedPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'succeeded';
  latest_charge: string;
  payment_method: string;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

/** A test card of Stripe's testing page: its brand, country and funding. */
interface TestCard {
  brand: string;
  country: string;
  funding: 'credit' | 'debit' | 'prepaid';
}
/** Stripe's test card numbers (https://docs.stripe.com/testing#cards) the payment page takes. */
export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', country: 'US', funding: 'credit' },
  '4000056655665556': { brand: 'visa', country: 'US', funding: 'debit' },
  '5555555555554444': { brand: 'mastercard', country: 'US', funding: 'credit' },
  '2223003122003222': { brand: 'mastercard', country: 'US', funding: 'credit' },
  '378282246310005': { brand: 'amex', country: 'US', funding: 'credit' },
  '6011111111111117': { brand: 'discover', country: 'US', funding: 'credit' },
  '3056930009020004': { brand: 'diners', country: 'US', funding: 'credit' },
  '3566002020360505': { brand: 'jcb', country: 'JP', funding: 'credit' },
  '6200000000000005': { brand: 'unionpay', country: 'CN', funding: 'credit' },
  '4000002500000003': { brand: 'visa', country: 'FR', funding: 'credit' },
  '4000007240000007': { brand: 'visa', country: 'ES', funding: 'credit' },
  '4000003800000008': { brand: 'visa', country: 'IT', funding: 'credit' },
};
/** How a card is paid on the payment page: its number (a test card) and the payer's e-mail. */
export interface PayWith {
  card?: string;
  email?: string;
}

export interface StripeSimulator {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, SimulatedSession>;
  paymentIntents: Map<string, SimulatedPaymentIntent>;
  charges: Map<string, SimulatedCharge>;
  /** Where webhooks go (the server's /api/portal/stripe/webhook). */
  webhookUrl: string;
  /** The next deliveries: copies of each event, a delay before them, none at all. */
  webhooks: { copies: number; delayMs: number; skip: boolean };
  /** Pays a session as its payment page does; answers once the webhooks are delivered. */
  pay(id: string, with_?: PayWith): Promise<void>;
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
  const paymentIntents = new Map<string, SimulatedPaymentIntent>();
  const charges = new Map<string, SimulatedCharge>();
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

  const pay = async (id: string, with_: PayWith = {}) => {
    const s = sessions.get(id);
    if (!s || s.status !== 'open') return;
    const number = (with_.card ?? '4242424242424242').replace(/\D/g, '');
    const card = TEST_CARDS[number] ?? { brand: 'unknown', country: 'US', funding: 'credit' as const };
    const now = Math.floor(Date.now() / 1000);
    const pi = `pi_${randomBytes(12).toString('hex')}`;
    const ch = `ch_${randomBytes(12).toString('hex')}`;
    const pm = `pm_${randomBytes(12).toString('hex')}`;
    charges.set(ch, {
      id: ch,
      object: 'charge',
      amount: s.amount_total,
      amount_captured: s.amount_total,
      captured: true,
      currency: s.currency,
      paid: true,
      status: 'succeeded',
      payment_intent: pi,
      payment_method: pm,
      created: now,
      livemode: false,
      payment_method_details: {
        type: 'card',
        card: {
          brand: card.brand,
          last4: number.slice(-4),
          country: card.country,
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 3,
          funding: card.funding,
          network: card.brand,
          authorization_code: String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000)),
          amount_authorized: s.amount_total,
          checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
          fingerprint: createHmac('sha256', 'fingerprint').update(number).digest('hex').slice(0, 16),
          installments: null,
          mandate: null,
          three_d_secure: null,
          wallet: null,
        },
      },
    });
    paymentIntents.set(pi, {
      id: pi,
      object: 'payment_intent',
      amount: s.amount_total,
      amount_received: s.amount_total,
      currency: s.currency,
      status: 'succeeded',
      latest_charge: ch,
      payment_method: pm,
      created: now,
      livemode: false,
      metadata: s.metadata,
    });
    s.status = 'complete';
    s.payment_status = 'paid';
    s.payment_intent = pi;
    s.customer_details = { email: with_.email || s.customer_email, name: null };
    await deliver(s);
  };

  /** The object with the fields `expand[]` names replaced by their objects (dotted paths nest). */
  const expanded = (value: object, form: URLSearchParams): object => {
    const paths = [...form].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
    const out = structuredClone(value) as Record<string, unknown>;
    for (const path of paths) {
      let at: Record<string, unknown> | undefined = out;
      for (const field of path.split('.')) {
        const ref = at?.[field];
        if (typeof ref !== 'string') {
          at = ref as Record<string, unknown> | undefined;
          continue;
        }
        const obj = paymentIntents.get(ref) ?? charges.get(ref);
        if (!obj || !at) break;
        at[field] = structuredClone(obj);
        at = at[field] as Record<string, unknown>;
      }
    }
    return out;
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
          customer_email: formField(form, 'customer_email') ?? null,
          customer_details: null,
          mode: 'payment',
          created: now,
          expires_at: now + 24 * 3600,
        };
        sessions.set(sid, s);
        if (typeof key === 'string') byKey.set(key, sid);
        return json(200, s);
      }
      if (req.method === 'GET' && pathParts[1] === 'payment_intents' && pathParts.length === 3) {
        const pi = paymentIntents.get(pathParts[2] ?? '');
        if (!pi)
          return json(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        return json(200, expanded(pi, url.searchParams));
      }
      const s = id ? sessions.get(id) : undefined;
      if (!s)
        return json(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      if (req.method === 'GET' && pathParts.length === 4) return json(200, expanded(s, url.searchParams));
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
          `<form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242" inputmode="numeric"></label>` +
          `<label>Email <input name="email" type="email" value="${(s.customer_email ?? '').replace(/[<>"&]/g, '')}"></label>` +
          `<button>Pay</button></form>` +
          `<form method="post" action="?cancel=1"><button>Cancel</button></form>`,
      );
    }
    if (url.searchParams.get('cancel')) {
      res.writeHead(303, { location: s.cancel_url });
      return res.end();
    }
    const form = new URLSearchParams(body);
    await pay(s.id, { card: form.get('card') ?? undefined, email: form.get('email') ?? undefined });
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
    paymentIntents,
    charges,
    webhookUrl: opts.webhookUrl ?? '',
    webhooks: { copies: 1, delayMs: 0, skip: false },
    pay,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return sim;
}
