/**
 * Batching: each terminal's operations of the day cut into the batches it uploads (every few
 * minutes, at once for the cabled kiosks, late after a handheld was offline), numbered in sequence.
 */
import type { SyncOperationInput } from '@pulsera/contracts';
import type { Timed } from './day';
import { simGapTerminal, simSilentTerminal } from './fleet';
import type { Rng } from './prng';
import type { Terminal, Venue } from './venue';

/** A terminal uploads at most this many operations per call (a backlog goes in several). */
const UPLOAD_CHUNK = 500;

/** The operations a terminal uploads in one call, and when. */
export interface Batch {
  terminal: Terminal;
  sendAt: number;
  ops: SyncOperationInput[];
  /** The sequence number of the terminal's last operation when it sends (fleet health). */
  lastSeq?: number;
}

/** Cuts each terminal's operations into the batches it uploads: every few minutes, later when offline. */
export function batchesOf(rng: Rng, venue: Venue, timed: Timed[], everyMs: number, kioskMs: number): Batch[] {
  const perTerminal = new Map<Terminal, Timed[]>();
  const incidents = [simGapTerminal(venue.terminals), simSilentTerminal(venue.terminals)];
  for (const x of timed) {
    const at = venue.byLocation.get(x.location) ?? venue.terminals;
    const spared = x.story ? at.filter((t) => !incidents.includes(t)) : at;
    const candidates = spared.length ? spared : at;
    const typed = x.type ? candidates.filter((t) => t.type === x.type) : candidates;
    const choice = typed.length ? typed : candidates;
    const t = choice[choice.length === 1 ? 0 : rng.int(0, choice.length - 1)]!;
    const list = perTerminal.get(t);
    if (list) list.push(x);
    else perTerminal.set(t, [x]);
  }
  const batches: Batch[] = [];
  for (const [terminal, list] of perTerminal) {
    // Kiosks are cabled and upload top-ups at once; handhelds and totems every few minutes, and
    // now and then a handheld loses the network for a while.
    const kiosk = terminal.type === 'CASH_KIOSK' || terminal.type === 'CARD_KIOSK';
    const every = kiosk ? kioskMs : everyMs;
    let offlineUntil = 0;
    let current: Batch | null = null;
    for (const x of list) {
      const windowEnd = Math.ceil((x.at + 1) / every) * every;
      if (terminal.type === 'PDA' && windowEnd > offlineUntil && rng.chance(0.01)) {
        offlineUntil = windowEnd + rng.int(3, 12) * every;
      }
      const sendAt = Math.max(windowEnd, offlineUntil);
      if (!current || current.sendAt !== sendAt || current.ops.length >= UPLOAD_CHUNK) {
        current = { terminal, sendAt, ops: [] };
        batches.push(current);
      }
      current.ops.push(x.op);
    }
  }
  return batches.sort((a, b) => a.sendAt - b.sendAt);
}

/** Fleet health: each terminal numbers its operations (1, 2, 3…) across the days; `seqs` holds where each is. */
export function numberOperations(batches: Batch[], seqs: Map<Terminal, number>) {
  for (const b of batches) {
    for (const op of b.ops) {
      const n = (seqs.get(b.terminal) ?? 0) + 1;
      seqs.set(b.terminal, n);
      op.seq = n;
    }
    b.lastSeq = seqs.get(b.terminal) ?? 0;
  }
}
