import { type AccessSubject, isAdminUser, type SelectedEvent, type SessionUser } from '@pulsera/contracts';
import { useSyncExternalStore } from 'react';

/** The storage keys of 01-console §9: event, event token, user token and trusts token (+ the user). */
export const STORAGE_KEYS = {
  user: 'pulsera.user',
  token: 'pulsera.token',
  event: 'pulsera.event',
  eventToken: 'pulsera.eventToken',
  trusts: 'pulsera.trusts',
} as const;

export interface SessionState {
  user: SessionUser | null;
  token: string | null;
  event: SelectedEvent | null;
  eventToken: string | null;
  trusts: string | null;
}

const read = <T>(key: string): T | null => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
};
const write = (key: string, value: unknown) => {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
};

let state: SessionState = load();
const listeners = new Set<() => void>();

function load(): SessionState {
  return {
    user: read(STORAGE_KEYS.user),
    token: read(STORAGE_KEYS.token),
    event: read(STORAGE_KEYS.event),
    eventToken: read(STORAGE_KEYS.eventToken),
    trusts: read(STORAGE_KEYS.trusts),
  };
}

function set(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  for (const [k, v] of Object.entries(patch)) write(STORAGE_KEYS[k as keyof SessionState], v);
  for (const l of listeners) l();
}

// Another tab signing out or switching event is seen here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key?.startsWith('pulsera.')) {
      state = load();
      for (const l of listeners) l();
    }
  });
}

export const session = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  signIn: (user: SessionUser, token: string) => set({ user, token }),
  setUser: (user: SessionUser) => set({ user }),
  setToken: (token: string) => set({ token }),
  selectEvent: (event: SelectedEvent, trusts: string | null) =>
    set({ event, eventToken: event.token, trusts }),
  clearEvent: () => set({ event: null, eventToken: null, trusts: null }),
  clearTrusts: () => set({ trusts: null }),
  signOut: () => set({ user: null, token: null, event: null, eventToken: null, trusts: null }),
};

export const useSession = () => useSyncExternalStore(session.subscribe, session.get, session.get);

interface TrustClaims {
  p?: number[];
  exp?: number;
}
export function decodeTrusts(token: string | null): TrustClaims | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1] ?? '';
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as TrustClaims;
  } catch {
    return null;
  }
}

export const trustsExpired = (s: SessionState) => {
  const claims = decodeTrusts(s.trusts);
  return !claims?.exp || claims.exp * 1000 <= Date.now();
};

/** The access subject of the permission table, from the stored user and event trusts. */
export function subjectOf(s: SessionState): AccessSubject {
  const u = s.user;
  return {
    isAdmin: u?.isAdmin ?? false,
    isSuperAdmin: u?.isSuperAdmin ?? false,
    isMegaAdmin: u?.isMegaAdmin ?? false,
    isUsersAdmin: u?.isUsersAdmin ?? false,
    permissions: s.event ? (decodeTrusts(s.trusts)?.p ?? null) : null,
  };
}

export const isAdminSession = (s: SessionState) => (s.user ? isAdminUser(s.user) : false);
