import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { addressProblem, addressRefused, type OutboundPolicy } from './outbound-address';

/**
 * The one HTTP client of the integrations (the ticketing platform, the sales platform): every call
 * has a deadline, a bounded answer, the address policy checked on every connection (the name
 * resolved by our own `lookup`, so a name that resolves inside the network is refused when
 * connecting, not only when saved), redirects followed by hand with the same check (at most 5; the
 * credentials are dropped when one leaves the origin), and 429 waited out as `Retry-After` says
 * (seconds or an HTTP date), bounded.
 */

export type OutboundFailure = 'refused' | 'timeout' | 'network' | 'tooLarge' | 'redirects';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  policy: OutboundPolicy;
  /** Each request of the call (a redirect or a 429 starts another), answer included (default 30 s). */
  timeoutMs?: number;
  /** The largest answer read (default 1 MB). */
  maxBytes?: number;
  /** 429s waited out per call (default 3), each at most `maxRetryAfterSeconds` (default 30). */
  rateLimitWaits?: number;
  maxRetryAfterSeconds?: number;
}

export interface OutboundAnswer {
  status: number;
  /** The address that answered (after redirects). */
  url: string;
  header: (name: string) => string | null;
  text: string;
}

const MAX_REDIRECTS = 5;

/** `Retry-After` in seconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** dns.lookup, refusing a name whose addresses the policy refuses (any of them). */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const inside = list.find((a) => addressRefused(policy, a.address));
      if (inside)
        return callback(
          new OutboundError('refused', `${hostname} resolves to ${inside.address}, inside the network`),
          '',
          0,
        );
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: LookupAddress[]) => void)(null, list);
      if (!list[0]) return callback(new OutboundError('network', `${hostname} has no address`), '', 0);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function checkTarget(url: URL, policy: OutboundPolicy) {
  const problem = addressProblem(url.href, policy);
  if (problem === 'format') throw new OutboundError('refused', `${url.protocol} addresses are not reached`);
  if (problem === 'http') throw new OutboundError('refused', `plain http to ${url.host} is not allowed`);
  if (problem === 'private') throw new OutboundError('refused', `${url.host} is inside the network`);
}

function once(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  policy: OutboundPolicy,
  signal: AbortSignal,
  maxBytes: number,
): Promise<{ res: IncomingMessage; text: string | null }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(
      url,
      {
        method,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(policy),
        agent: false,
        signal,
      },
      (res) => {
        if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
          res.resume();
          return resolve({ res, text: null });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy();
            reject(
              new OutboundError('tooLarge', `the answer is larger than ${Math.round(maxBytes / 1024)} KB`),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ res, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const headerOf = (h: IncomingHttpHeaders) => (name: string) => {
  const v = h[name.toLowerCase()];
  return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
};

/** One call (redirects and 429s included). Throws `OutboundError`; any HTTP status is answered. */
export async function outbound(address: string, o: OutboundRequest): Promise<OutboundAnswer> {
  const timeoutMs = o.timeoutMs ?? 30_000;
  let url = new URL(address);
  let method: string = o.method ?? 'GET';
  let body = o.body;
  let headers = { ...(o.headers ?? {}) };
  let redirects = 0;
  let waits = 0;
  const origin = url.origin;
  for (;;) {
    checkTarget(url, o.policy);
    const signal = AbortSignal.timeout(timeoutMs);
    let got: Awaited<ReturnType<typeof once>>;
    try {
      got = await once(url, method, headers, body, o.policy, signal, o.maxBytes ?? 1_048_576);
    } catch (e) {
      if (e instanceof OutboundError) throw e;
      if (signal.aborted)
        throw new OutboundError('timeout', `${url.host}: no answer in ${timeoutMs / 1000} s`);
      const code = (e as NodeJS.ErrnoException).code;
      throw new OutboundError('network', `${url.host} unreachable: ${code ?? (e as Error).message}`);
    }
    const status = got.res.statusCode ?? 0;
    if (got.text === null) {
      if (++redirects > MAX_REDIRECTS)
        throw new OutboundError('redirects', `more than ${MAX_REDIRECTS} redirects`);
      const next = new URL(String(got.res.headers.location), url);
      // RFC 9110 §15.4: 303 (and 301/302 after a POST, as browsers do) continue with a GET.
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
      }
      // Credentials go only to the address they were configured for.
      if (next.origin !== origin)
        headers = Object.fromEntries(
          Object.entries(headers).filter(([k]) => !/^(authorization|cookie)$/i.test(k)),
        );
      url = next;
      continue;
    }
    if (status === 429 && waits < (o.rateLimitWaits ?? 3)) {
      waits++;
      const after = retryAfterSeconds(headerOf(got.res.headers)('retry-after')) ?? 1;
      await sleep(Math.min(after, o.maxRetryAfterSeconds ?? 30) * 1000);
      continue;
    }
    return { status, url: url.href, header: headerOf(got.res.headers), text: got.text };
  }
}
