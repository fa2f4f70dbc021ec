import type {
  PortalAccount,
  PortalMoveWristband,
  PortalReceipt,
  PortalRefundRequest,
  PortalSession,
  PortalSignIn,
  PortalSite,
  PortalTopUpOptions,
  PortalTopUpResult,
  PortalTopUpStarted,
} from '@pulsera/contracts';
import i18next from 'i18next';

/** A refusal of the server: its envelope `{ error, description }` (the description in our language). */
export class PortalError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** The fields refused, each with its message in our language. */
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const headers: Record<string, string> = { language: i18next.language, ...(init.headers as object) };
  if (init.body) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, { ...init, headers });
  const body = await res.json().catch(() => null);
  if (!res.ok || !body || body.error !== 0)
    throw new PortalError(
      res.status,
      body?.error ?? res.status,
      body?.description ?? res.statusText,
      body?.fields ?? [],
    );
  return body.result as T;
}

const base = (slug: string) => `/api/portal/${encodeURIComponent(slug)}`;
export const fetchSite = (slug: string) => call<PortalSite>(base(slug));
export const signIn = (slug: string, body: PortalSignIn) =>
  call<PortalSession>(`${base(slug)}/session`, { method: 'POST', body: JSON.stringify(body) });
export const fetchAccount = (slug: string, token: string) =>
  call<PortalAccount>(`${base(slug)}/me`, {}, token);
export const fetchTopUpOptions = (slug: string, token: string) =>
  call<PortalTopUpOptions>(`${base(slug)}/top-up`, {}, token);
export const startTopUp = (slug: string, token: string, amount: number) =>
  call<PortalTopUpStarted>(
    `${base(slug)}/top-ups`,
    { method: 'POST', body: JSON.stringify({ amount }) },
    token,
  );
export const fetchTopUpResult = (slug: string, token: string, id: number) =>
  call<PortalTopUpResult>(`${base(slug)}/top-ups/${id}`, {}, token);

/** The attendee's session, per festival, for this tab only. */
const sessionKey = (slug: string) => `pulsera.portal.session.${slug}`;
export function storedSession(slug: string): PortalSession | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(sessionKey(slug)) ?? 'null') as PortalSession | null;
    return s && Date.parse(s.expiresAt) > Date.now() ? s : null;
  } catch {
    return null;
  }
}
export const storeSession = (slug: string, s: PortalSession | null) =>
  s
    ? sessionStorage.setItem(sessionKey(slug), JSON.stringify(s))
    : sessionStorage.removeItem(sessionKey(slug));
export const requestRefund = (slug: string, token: string, body: PortalRefundRequest) =>
  call<PortalAccount>(`${base(slug)}/refund`, { method: 'POST', body: JSON.stringify(body) }, token);
export const reportLost = (slug: string, token: string) =>
  call<PortalAccount>(`${base(slug)}/lost`, { method: 'POST' }, token);
/** The lost wristband's balance moved to a new wristband, named by its serial and check code. */
export const moveToNewWristband = (slug: string, token: string, body: PortalMoveWristband) =>
  call<PortalAccount>(`${base(slug)}/lost/move`, { method: 'POST', body: JSON.stringify(body) }, token);
export const fetchReceipt = (slug: string, token: string) =>
  call<PortalReceipt>(`${base(slug)}/receipts/${encodeURIComponent(token)}`);
