import { z } from 'zod';
import { type OutboundAnswer, OutboundError, outbound } from '../../outbound-http';
import {
  ConnectorError,
  type ExternalPosition,
  type ExternalProduct,
  type PositionPage,
  type TicketConnection,
  type TicketConnector,
} from './connector';

/**
 * pretix's REST API (docs.pretix.eu, api/resources/orders and items): token authentication
 * (`Authorization: Token …`), lists paged by `next` addresses, orders changed since a time
 * (`modified_since`), and the server's time at the start of each answer (`X-Page-Generated`, the
 * value to use as the next `modified_since`). Calls go through the integrations' client
 * (outbound-http.ts: address policy, deadline, bounded answer, 429 waited out as its Retry-After says);
 * a network failure or a 5xx throws, and the import's job retries with back-off.
 */

/** How long one 429 may make us wait, and how many we wait out in one call. */
export const RETRY_AFTER_MAX_SECONDS = 30;
const MAX_RATE_LIMIT_WAITS = 3;
const TIMEOUT_MS = 30_000;
/** A page of 50 orders is far below this. */
const MAX_ANSWER_BYTES = 16 * 1_048_576;

const Position = z.object({
  id: z.number().int(),
  positionid: z.number().int().optional(),
  item: z.number().int(),
  variation: z.number().int().nullable().optional(),
  secret: z.string().min(1).max(200),
  attendee_name: z.string().nullable().optional(),
  attendee_email: z.string().nullable().optional(),
  canceled: z.boolean().optional(),
  addon_to: z.number().int().nullable().optional(),
});
const Order = z.object({
  code: z.string().min(1).max(64),
  status: z.string(),
  email: z.string().nullable().optional(),
  invoice_address: z.object({ name: z.string().nullable().optional() }).nullable().optional(),
  positions: z.array(Position),
});
const Paged = <T extends z.ZodTypeAny>(row: T) =>
  z.object({ count: z.number().optional(), next: z.string().nullable(), results: z.array(row) });
const Item = z.object({
  id: z.number().int(),
  name: z.union([z.string(), z.record(z.string(), z.string())]),
  variations: z
    .array(z.object({ id: z.number().int(), value: z.union([z.string(), z.record(z.string(), z.string())]) }))
    .optional(),
});

const text = (v: string | Record<string, string>) =>
  typeof v === 'string' ? v : (v.en ?? Object.values(v)[0] ?? '');
const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The order's state as a ticket's: pending (n) is not yet valid; expired, canceled, refunded are gone. */
function stateOf(order: string, positionCanceled: boolean): ExternalPosition['state'] {
  if (positionCanceled) return 'cancelled';
  if (order === 'p') return 'paid';
  if (order === 'n') return 'pending';
  return 'cancelled';
}

export function positionsOf(orders: z.infer<typeof Order>[]): ExternalPosition[] {
  return orders.flatMap((o) =>
    o.positions.map((p) => ({
      externalId: String(p.id),
      orderCode: o.code,
      state: stateOf(o.status, p.canceled === true),
      item: p.item,
      variation: p.variation ?? null,
      code: p.secret,
      holderName: blankToNull(p.attendee_name) ?? blankToNull(o.invoice_address?.name),
      holderEmail: blankToNull(p.attendee_email) ?? blankToNull(o.email),
    })),
  );
}

const eventPath = (c: TicketConnection, resource: string) => {
  const base = c.baseUrl.replace(/\/+$/, '');
  return `${base}/api/v1/organizers/${encodeURIComponent(c.organizer)}/events/${encodeURIComponent(c.event)}/${resource}/`;
};

/** pretix's own words of a refusal (`{"detail": …}`), shortened: what the run and its report show. */
function answerWords(text: string) {
  try {
    const detail = (JSON.parse(text) as { detail?: unknown }).detail;
    return typeof detail === 'string' && detail ? `: ${detail.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

/** GET with the token (429s waited out by the client); classifies every failure. */
async function get(conn: TicketConnection, url: string) {
  // The token goes only to the schedule's own platform: a `next` elsewhere is refused.
  if (new URL(url).origin !== new URL(conn.baseUrl).origin)
    throw new ConnectorError('badAnswer', `The platform pointed to another address: ${url}`);
  let res: OutboundAnswer;
  try {
    res = await outbound(url, {
      headers: { Authorization: `Token ${conn.token}`, Accept: 'application/json' },
      policy: conn.policy,
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
      rateLimitWaits: MAX_RATE_LIMIT_WAITS,
      maxRetryAfterSeconds: RETRY_AFTER_MAX_SECONDS,
    });
  } catch (e) {
    if (e instanceof OutboundError && e.kind === 'refused')
      throw new ConnectorError('refused', `The platform's address is refused: ${e.message}`);
    throw new ConnectorError('unavailable', `The platform could not be reached: ${(e as Error).message}`);
  }
  if (res.status < 200 || res.status > 299) {
    const kind =
      res.status === 401 || res.status === 403
        ? 'auth'
        : res.status === 404
          ? 'notFound'
          : res.status === 429
            ? 'rateLimited'
            : 'unavailable';
    throw new ConnectorError(
      kind,
      `The platform answered HTTP ${res.status}${answerWords(res.text)}`,
      res.status,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    throw new ConnectorError('badAnswer', 'The platform answered something other than JSON');
  }
  const generated = res.header('x-page-generated') ?? res.header('date');
  const at = generated ? new Date(generated) : null;
  return { body, generatedAt: at && !Number.isNaN(at.getTime()) ? at : null };
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new ConnectorError('badAnswer', `Unexpected answer: ${r.error.issues[0]?.message}`);
  return r.data;
}

export const pretix: TicketConnector = {
  firstPage(conn, since) {
    const q = new URLSearchParams({ ordering: 'datetime' });
    if (since) q.set('modified_since', since.toISOString());
    return `${eventPath(conn, 'orders')}?${q}`;
  },

  async page(conn, url): Promise<PositionPage> {
    const { body, generatedAt } = await get(conn, url);
    const page = parse(Paged(Order), body);
    return { positions: positionsOf(page.results), next: page.next, generatedAt };
  },

  async products(conn): Promise<ExternalProduct[]> {
    const out: ExternalProduct[] = [];
    let url: string | null = eventPath(conn, 'items');
    for (let n = 0; url && n < 100; n++) {
      const { body } = await get(conn, url);
      const page = parse(Paged(Item), body);
      for (const item of page.results) {
        out.push({ item: item.id, variation: null, name: text(item.name) });
        for (const v of item.variations ?? [])
          out.push({ item: item.id, variation: v.id, name: `${text(item.name)} – ${text(v.value)}` });
      }
      url = page.next;
    }
    return out;
  },
};
