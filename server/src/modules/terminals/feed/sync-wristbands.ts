/**
 * The wristbands of a batch: those its operations touch (locked or only read), their state as the
 * operations change it, and what is written back.
 */
import type { SQL } from 'drizzle-orm';
import type { BalanceWrite } from './sync-balances.repo';
import type { OpenedBatch } from './sync-open.repo';
import type { Candidate } from './sync-types';
import { fillCodeChecksSql, updateWristbandsSql, type WristbandRow } from './sync-wristbands.repo';

export interface WState extends WristbandRow {
  dirty: boolean;
  /** The wristband as the batch read (or locked) it. */
  read: WristbandRow;
}

export type Wanted = Map<
  string,
  { n_serie: string; code_check: string | null; first_seen: string; lock: boolean }
>;

/**
 * The wristbands a batch touches (for every operation that may be new), with a check code if sent;
 * `lock`: an operation may change the wristband (balance, customer, role, flags, active), so it is
 * locked for the batch. A wristband only passed through a gate (access) is read, not locked.
 */
export function wantedWristbands(candidates: Candidate[]): Wanted {
  const wanted: Wanted = new Map();
  const want = (serial: string | undefined, codeCheck: string | undefined, at: string, lock = true) => {
    if (!serial) return;
    const w = wanted.get(serial);
    if (!w) wanted.set(serial, { n_serie: serial, code_check: codeCheck || null, first_seen: at, lock });
    else {
      if (!w.code_check && codeCheck) w.code_check = codeCheck;
      w.lock ||= lock;
    }
  };
  for (const { op } of candidates) {
    switch (op.kind) {
      case 'access':
        want(op.rfid, op.codeCheck, op.deviceTime, false);
        break;
      case 'topup':
      case 'ticketValidation':
      case 'roleRecording':
        want(op.rfid, op.codeCheck, op.deviceTime);
        break;
      case 'sale':
        want(op.rfid, op.codeCheck, op.deviceTime);
        for (const p of op.payments)
          if (p.type === 'S' || p.type === 'B') want(p.rfid, undefined, op.deviceTime);
        break;
      case 'wristbandChange':
        want(op.sourceRfid, undefined, op.deviceTime);
        want(op.endRfid, op.endCodeCheck, op.deviceTime);
        break;
    }
  }
  return wanted;
}

/**
 * The batch's wristbands as it opened them, by serial; a check code sent for one that had none is
 * stored on it. Those the batch created were written whole by its opening statement: like the others,
 * they are written again only when an operation changes them.
 */
export function wristbandState(opened: OpenedBatch, wanted: Wanted) {
  const state = new Map<string, WState>(
    opened.wristbands.map((r) => [r.n_serie, { ...r, dirty: false, read: { ...r, flags: [...r.flags] } }]),
  );
  for (const [serial, info] of wanted) {
    const w = state.get(serial)!;
    if (!w.code_check && info.code_check) {
      w.code_check = info.code_check;
      w.dirty = true;
    }
  }
  return state;
}

/**
 * What writes back the wristbands the batch changed: `parts` (CTEs of the batch's write statement)
 * and, when its wristbands were read without a lock (`balancesLast`), those to write with their
 * balances in its last statement (sync-balances.repo.ts) instead.
 */
export function wristbandWritesSql(
  eventId: number,
  state: Map<string, WState>,
  wanted: Wanted,
  opened: OpenedBatch,
  balancesLast: boolean,
) {
  // A wristband only passed through a gate was read, not locked (unless this batch created it): only
  // a missing check code is stored on it.
  const unlocked = (w: WState) => !wanted.get(w.n_serie)!.lock && !opened.created.has(w.n_serie);
  const changed = [...state.values()].filter((w) => w.dirty && !unlocked(w));
  const codeChecks = [...state.values()]
    .filter((w) => w.dirty && unlocked(w) && w.code_check)
    .map((w) => ({ id: w.id, code_check: w.code_check! }));
  const parts: SQL[] = [];
  const balances: BalanceWrite[] = balancesLast ? changed.map(({ dirty: _dirty, ...w }) => w) : [];
  if (changed.length && !balancesLast)
    parts.push(
      updateWristbandsSql(
        eventId,
        changed.map(({ dirty: _d, read: _r, ...w }) => w),
      ),
    );
  if (codeChecks.length) parts.push(fillCodeChecksSql(eventId, codeChecks));
  return { parts, balances };
}
