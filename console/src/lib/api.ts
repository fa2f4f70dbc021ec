import { type ErrorBody, type FieldError, HEADERS } from '@pulsera/contracts';
import { currentLanguage, i18n } from './i18n';
import { loading } from './loading';
import { session } from './session';

/** A failed call: the HTTP status and the envelope's error code, description and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly description: string,
    readonly fields: (FieldError & { text?: string })[] = [],
    readonly body: Partial<ErrorBody> = {},
  ) {
    super(description);
  }
  /** The session token the failed call carried (undefined: not known). An older session's answer is not this one's. */
  sentToken: string | null | undefined = undefined;
  /** A network failure (no answer at all). */
  get isNetwork() {
    return this.status === 0;
  }
  /** An answer that is not the envelope (01-console §8 'Error in the API'). */
  get isUnreadable() {
    return this.code === UNREADABLE;
  }
  /** The figures of the description, when the server answers them (e.g. a count to confirm). */
  get params(): Record<string, unknown> {
    return (this.body as { params?: Record<string, unknown> }).params ?? {};
  }
}

/** The code of an answer the client cannot read (not the envelope: an HTML error page, bad JSON). */
const UNREADABLE = -1;
const unreadable = (status: number) => new ApiError(status, UNREADABLE, i18n.t('messages.errorInApi'));

export interface RequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  /** Find calls (typeaheads) do not show the loading indicator (01-console §7). */
  find?: boolean;
  /**
   * The screen shows field errors itself: a 400 with fields does not open the generic dialog.
   * Other failures still reach the generic handler.
   */
  form?: boolean;
  /** The caller handles every failure itself (e.g. the sign-in form). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Reads a successful answer's headers (e.g. the customer search's `x-has-more`). */
  onHeaders?: (headers: Headers) => void;
  /** A file's bytes sent as they are (e.g. a wristband lot), instead of a JSON body. */
  bytes?: Blob;
  /** Headers of this call besides the session's (e.g. the sales authorisation's state). */
  headers?: Record<string, string>;
}

type ErrorHandler = (error: ApiError, options: RequestOptions) => void;
let onError: ErrorHandler = () => {};
/** The app installs the dialogs of 01-console §8 here (lib/error-dialogs.tsx). */
export const setErrorHandler = (h: ErrorHandler) => {
  onError = h;
};

/**
 * Query strings skip null (and undefined) values and encode the rest (01-console §8, 02-catalogue §7):
 * an empty text, 0 and false are sent. A filter form whose empty fields mean "no filter" says so with
 * `withoutBlanks`.
 */
export function queryString(query: Record<string, unknown> = {}) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined) continue;
    p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** A filter form's values without its blank texts (an empty field filters nothing). */
export const withoutBlanks = <T extends object>(q: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(q).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')),
  ) as Partial<T>;

function sessionHeaders() {
  const s = session.get();
  const headers: Record<string, string> = { [HEADERS.language]: currentLanguage() };
  if (s.token) headers[HEADERS.session] = s.token;
  if (s.eventToken) headers[HEADERS.event] = s.eventToken;
  if (s.trusts) headers[HEADERS.trusts] = s.trusts;
  // The screen a write comes from: the audit trail finds an item's history by it.
  const screen = typeof window !== 'undefined' ? window.location.pathname : '';
  if (/^\/admin\/[A-Za-z0-9/_-]{1,190}$/.test(screen)) headers[HEADERS.consoleScreen] = screen;
  return headers;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = { ...options.headers, ...sessionHeaders() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.bytes !== undefined) headers['content-type'] = 'application/octet-stream';

  if (!options.find) loading.start();
  try {
    let res: Response;
    try {
      res = await fetch(`/api${path}${queryString(options.query)}`, {
        method,
        headers,
        body: options.bytes ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: options.signal,
      });
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw e;
      throw new ApiError(0, 0, 'Unknown error');
    }
    let body: {
      error?: number;
      result?: T;
      token?: string;
      description?: string;
      fields?: FieldError[];
    } | null = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    // A token in an answer replaces the stored one (01-console §7).
    if (res.ok && body?.token) session.setToken(body.token);
    if (res.ok && body && body.error === 0) {
      options.onHeaders?.(res.headers);
      return body.result as T;
    }
    // Not the envelope (a proxy's HTML page, bad JSON, no error code): 'Error in the API'.
    if (!body || typeof body !== 'object' || typeof body.error !== 'number') throw unreadable(res.status);
    throw new ApiError(
      res.status,
      body.error ?? res.status,
      body.description ?? '',
      body.fields ?? [],
      body as ErrorBody,
    );
  } catch (e) {
    if (e instanceof ApiError) e.sentToken = headers[HEADERS.session] ?? null;
    if (e instanceof ApiError && !options.silent) onError(e, options);
    throw e;
  } finally {
    if (!options.find) loading.end();
  }
}

export const api = {
  get: <T>(path: string, o?: RequestOptions) => request<T>('GET', path, o),
  post: <T>(path: string, body?: unknown, o?: RequestOptions) =>
    request<T>('POST', path, { ...o, body: o?.bytes ? undefined : (body ?? {}) }),
  put: <T>(path: string, body?: unknown, o?: RequestOptions) =>
    request<T>('PUT', path, { ...o, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, o?: RequestOptions) =>
    request<T>('PATCH', path, { ...o, body: body ?? {} }),
  delete: <T>(path: string, o?: RequestOptions) => request<T>('DELETE', path, o),
};

/**
 * A file the API serves as it is (not the envelope), e.g. a payout run's XML: the bytes and the name
 * of its content-disposition. A failure answers the envelope and goes to the generic handler.
 */
export async function requestFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const headers = sessionHeaders();
  loading.start();
  try {
    let res: Response;
    try {
      res = await fetch(`/api${path}`, { headers });
    } catch {
      throw new ApiError(0, 0, 'Unknown error');
    }
    if (res.ok) {
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null;
      return { blob: await res.blob(), fileName: name };
    }
    const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
    const error =
      typeof body?.error === 'number'
        ? new ApiError(res.status, body.error, body.description ?? '')
        : unreadable(res.status);
    error.sentToken = headers[HEADERS.session] ?? null;
    onError(error, {});
    throw error;
  } finally {
    loading.end();
  }
}
