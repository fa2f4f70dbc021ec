/**
 * The outbox's drain: sends the oldest operations through POST /api/device/sync whenever there are
 * some, with back-off (1 s doubling to a minute) while the server cannot be reached, and says what
 * it sees (online, waiting, the oldest's age) to the screen.
 */
import { ApiError, sync } from './api';
import { applyBanList } from './store/bans';
import { db } from './store/db';
import { contactMade } from './store/limits';
import { nextBatch, outboxStatus, settle } from './store/outbox';

const BATCH = 200;
const MAX_BACKOFF = 60_000;

export interface SyncState {
  online: boolean;
  waiting: number;
  oldestAt: number | null;
  refused: number;
  lastContact: number | null;
  /**
   * Why the server refuses this terminal altogether (its key rotated, deactivated, unassigned…), or
   * null. The outbox keeps everything and keeps trying.
   */
  blocked: DeviceRefusal | null;
}

/** The answers that refuse the terminal itself (server/src/modules/terminals/feed: device auth, sync). */
export const DEVICE_REFUSALS = [
  'deviceAuthFailed',
  'deviceInactive',
  'deviceNotAssigned',
  'deviceAuthorizationExpired',
  'eventClosed',
] as const;
export type DeviceRefusal = (typeof DEVICE_REFUSALS)[number];

/** The device refusal an error is, if it is one. */
export const refusalOf = (e: unknown): DeviceRefusal | null =>
  e instanceof ApiError && (DEVICE_REFUSALS as readonly string[]).includes(e.code)
    ? (e.code as DeviceRefusal)
    : null;

type Listener = (s: SyncState) => void;
const listeners = new Set<Listener>();
let state: SyncState = {
  online: navigator.onLine,
  waiting: 0,
  oldestAt: null,
  refused: 0,
  lastContact: null,
  blocked: null,
};
let backoff = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let running = false;

function publish(patch: Partial<SyncState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l(state);
}

export function onSyncState(l: Listener) {
  listeners.add(l);
  l(state);
  return () => listeners.delete(l);
}

async function refreshCounts() {
  const [{ count, oldestAt }, refused] = await Promise.all([outboxStatus(db), db.refused.count()]);
  publish({ waiting: count, oldestAt, refused });
}

/** Sends what waits until the outbox is empty or the server cannot be reached. */
async function drain() {
  if (running) return;
  running = true;
  try {
    for (;;) {
      const batch = await nextBatch(db, BATCH);
      const lastSeq = (await db.get('lastSeq')) ?? 0;
      const pending = await db.outbox.count();
      const answer = await sync({
        operations: batch.map((r) => r.operation),
        pendingOperations: Math.max(0, pending - batch.length),
        lastSeq,
        appVersion: __APP_VERSION__,
        banListVersion: (await db.get('banListVersion')) ?? 0,
      });
      if (batch.length) await settle(db, batch, answer);
      if (answer.banList) await applyBanList(db, answer.banList);
      backoff = 0;
      await contactMade(db);
      publish({ online: true, lastContact: Date.now(), blocked: null });
      await refreshCounts();
      if (batch.length < BATCH) break;
    }
  } catch (e) {
    // A refusal of the whole call (revoked, unassigned) is shown; anything else is the network.
    const reachable = e instanceof ApiError && e.status < 500;
    publish({ online: reachable && navigator.onLine, blocked: refusalOf(e) ?? state.blocked });
    backoff = Math.min(MAX_BACKOFF, backoff ? backoff * 2 : 1000);
    schedule(backoff);
  } finally {
    running = false;
  }
}

function schedule(ms: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void drain(), ms);
}

/** Called after each operation is written: counts it and sends it soon. */
export async function operationWritten() {
  await refreshCounts();
  if (!running) schedule(backoff || 0);
}

/** What the configuration call learned: a contact, or a refusal of the terminal. */
export function configAnswered(e?: unknown) {
  const blocked = e === undefined ? null : refusalOf(e);
  if (e === undefined || blocked) publish({ blocked });
}

/** Tries to send now (after a new configuration QR was redeemed). */
export function syncNow() {
  backoff = 0;
  schedule(0);
}

/** Starts the drain: now, every 30 s as a heartbeat, and when the browser says it is back online. */
let started = false;
export function startSync() {
  if (started) return;
  started = true;
  void refreshCounts();
  schedule(0);
  setInterval(() => {
    void refreshCounts();
    if (!running && !backoff) void drain();
  }, 30_000);
  window.addEventListener('online', () => {
    backoff = 0;
    publish({ online: true });
    schedule(0);
  });
  window.addEventListener('offline', () => publish({ online: false }));
}
