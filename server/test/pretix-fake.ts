import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server answering as pretix's REST API documentation shows (doc/api/resources/orders.rst
 * and items.rst: the documented example responses' fields), for the Ticket API's tests: token
 * authentication, orders of an event paged by `next` with `modified_since` and `X-Page-Generated`,
 * items, and faults the test injects (429 with Retry-After, 500).
 */
export interface FakePosition {
  id: number;
  positionid: number;
  item: number;
  variation: number | null;
  secret: string;
  attendee_name: string | null;
  attendee_email: string | null;
  canceled?: boolean;
}
export interface FakeOrder {
  code: string;
  status: 'n' | 'p' | 'e' | 'c';
  email: string;
  datetime: string;
  last_modified: string;
  positions: FakePosition[];
}
export interface FakeItem {
  id: number;
  name: string;
  variations?: { id: number; value: string }[];
}
export type Fault = { status: number; retryAfter?: number } | null;

export interface PretixFake {
  url: string;
  token: string;
  organizer: string;
  event: string;
  orders: FakeOrder[];
  items: FakeItem[];
  pageSize: number;
  /** Every request's path and query, in order. */
  requests: string[];
  /** Decides a fault for a request (null: answer normally). */
  fault: (path: string, query: URLSearchParams) => Fault;
  /** Changes an order as pretix would: its last_modified moves to now. */
  touch(code: string, change: (o: FakeOrder) => void): void;
  close(): Promise<void>;
}

const orderOut = (o: FakeOrder, base: string, org: string, ev: string) => ({
  code: o.code,
  status: o.status,
  testmode: false,
  secret: `s${o.code.toLowerCase()}`,
  email: o.email,
  locale: 'en',
  datetime: o.datetime,
  expires: o.datetime,
  last_modified: o.last_modified,
  payment_date: o.status === 'p' ? o.datetime.slice(0, 10) : null,
  payment_provider: 'banktransfer',
  fees: [],
  total: '23.00',
  comment: '',
  checkin_attention: false,
  invoice_address: {
    last_modified: o.last_modified,
    is_business: false,
    company: '',
    name: 'John Doe',
    street: 'Test street 12',
    zipcode: '12345',
    city: 'Testington',
    country: 'DE',
    internal_reference: '',
    vat_id: '',
    vat_id_validated: false,
  },
  positions: o.positions.map((p) => ({
    id: p.id,
    order: o.code,
    positionid: p.positionid,
    item: p.item,
    variation: p.variation,
    price: '23.00',
    attendee_name: p.attendee_name,
    attendee_email: p.attendee_email,
    voucher: null,
    tax_rate: '0.00',
    tax_value: '0.00',
    tax_rule: null,
    secret: p.secret,
    addon_to: null,
    subevent: null,
    pseudonymization_id: `P${p.id}`,
    canceled: p.canceled ?? false,
    checkins: [],
    answers: [],
    downloads: [
      {
        output: 'pdf',
        url: `${base}/api/v1/organizers/${org}/events/${ev}/orderpositions/${p.id}/download/pdf/`,
      },
    ],
  })),
  downloads: [],
});

export async function startPretixFake(
  opts: { token?: string; organizer?: string; event?: string; pageSize?: number } = {},
) {
  const fake = {
    token: opts.token ?? 'pretix-token-0123456789',
    organizer: opts.organizer ?? 'bigevents',
    event: opts.event ?? 'sampleconf',
    orders: [] as FakeOrder[],
    items: [] as FakeItem[],
    pageSize: opts.pageSize ?? 50,
    requests: [] as string[],
    fault: (() => null) as PretixFake['fault'],
    url: '',
  } as PretixFake;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', Vary: 'Accept', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', fake.url);
    fake.requests.push(`${u.pathname}${u.search}`);
    const generated = new Date().toISOString();
    if (req.headers.authorization !== `Token ${fake.token}`)
      return send(res, 401, { detail: 'Invalid token.' });
    const f = fake.fault(u.pathname, u.searchParams);
    if (f)
      return send(
        res,
        f.status,
        { detail: 'fault' },
        f.retryAfter ? { 'Retry-After': String(f.retryAfter) } : {},
      );
    const prefix = `/api/v1/organizers/${fake.organizer}/events/${fake.event}/`;
    if (!u.pathname.startsWith(prefix)) return send(res, 404, { detail: 'Not found.' });
    const resource = u.pathname.slice(prefix.length);
    const page = Number(u.searchParams.get('page') ?? '1');
    const paged = <T>(rows: T[], out: (r: T) => unknown) => {
      const start = (page - 1) * fake.pageSize;
      const slice = rows.slice(start, start + fake.pageSize);
      let next: string | null = null;
      if (start + fake.pageSize < rows.length) {
        const q = new URLSearchParams(u.searchParams);
        q.set('page', String(page + 1));
        next = `${fake.url}${u.pathname}?${q}`;
      }
      let previous: string | null = null;
      if (page > 1) {
        const q = new URLSearchParams(u.searchParams);
        q.set('page', String(page - 1));
        previous = `${fake.url}${u.pathname}?${q}`;
      }
      send(
        res,
        200,
        { count: rows.length, next, previous, results: slice.map(out) },
        { 'X-Page-Generated': generated },
      );
    };
    if (resource === 'orders/') {
      const since = u.searchParams.get('modified_since');
      const rows = fake.orders
        .filter((o) => !since || Date.parse(o.last_modified) >= Date.parse(since))
        .sort((a, b) => a.datetime.localeCompare(b.datetime) || a.code.localeCompare(b.code));
      return paged(rows, (o) => orderOut(o, fake.url, fake.organizer, fake.event));
    }
    if (resource === 'items/')
      return paged(fake.items, (i) => ({
        id: i.id,
        name: { en: i.name },
        internal_name: '',
        default_price: '23.00',
        category: null,
        active: true,
        description: null,
        free_price: false,
        tax_rate: '0.00',
        tax_rule: 1,
        admission: true,
        position: 0,
        picture: null,
        available_from: null,
        available_until: null,
        require_voucher: false,
        hide_without_voucher: false,
        allow_cancel: true,
        min_per_order: null,
        max_per_order: null,
        has_variations: !!i.variations?.length,
        variations: (i.variations ?? []).map((v) => ({
          id: v.id,
          value: { en: v.value },
          active: true,
          price: '23.00',
          position: 0,
        })),
        addons: [],
      }));
    return send(res, 404, { detail: 'Not found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.touch = (code, change) => {
    const o = fake.orders.find((x) => x.code === code)!;
    change(o);
    o.last_modified = new Date().toISOString();
  };
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/** `count` paid orders of `perOrder` positions each, of item 1345 (the documentation's example item). */
export function fakeOrders(count: number, perOrder = 1, from = 0, at = '2026-05-01T10:00:00Z'): FakeOrder[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const code = `O${String(n).padStart(6, '0')}`;
    return {
      code,
      status: 'p' as const,
      email: `buyer${n}@example.org`,
      datetime: new Date(Date.parse(at) + n * 1000).toISOString(),
      last_modified: at,
      positions: Array.from({ length: perOrder }, (_, j) => ({
        id: n * perOrder + j + 1,
        positionid: j + 1,
        item: 1345,
        variation: null,
        secret: `sec${n}x${j}`,
        attendee_name: `Attendee ${n}-${j}`,
        attendee_email: null,
      })),
    };
  });
}
