/**
 * Uploading: the terminals registered and authenticated with the feed, each day's batches queued
 * (some answers lost, so operations go out again) and sent several at once, each terminal waiting
 * for the answer to its previous batch; and the heartbeats of idle terminals.
 */
import type { SyncOperationInput, SyncResult } from '@pulsera/contracts';
import type { FeedTarget, SyncFn } from '../../modules/terminals';
import type { Batch } from './batches';
import { SIM_APP, SIM_OLD_APP } from './fleet';
import type { SimulationReport } from './options';
import type { Rng } from './prng';
import type { Terminal, Venue } from './venue';

/** A batch as it goes out: its fresh operations, after those of a batch whose answer was lost. */
interface Sending {
  terminal: Terminal;
  sendAt: number;
  ops: SyncOperationInput[];
  lastSeq?: number;
  /** Operations sent for the first time (the rest are re-sent). */
  fresh: number;
}

/**
 * The simulated terminals as the feed knows them: how each syncs, the sequence number of its last
 * operation and the version of the ban list it holds (fleet health).
 */
export interface Fleet {
  syncs: Map<Terminal, SyncFn>;
  seqs: Map<Terminal, number>;
  banVersions: Map<Terminal, number>;
  /** The terminal still on the previous app release. */
  oldApp?: Terminal;
  /** Called with each sync's (simulated) send time, per terminal serial. */
  onContact?: (serial: string, at: Date) => void;
}

/** Registers the venue's terminals with the feed and authenticates them: how each one syncs. */
export async function connectTerminals(target: FeedTarget, venue: Venue, eventId: number, seed: number) {
  const syncs = new Map<Terminal, SyncFn>();
  for (const t of venue.terminals) {
    const secret = await target.register({
      n_serie: t.serial,
      model: t.model,
      type: t.type,
      description: `Simulated ${t.type} at location ${t.location}`,
      idEvent: eventId,
      secretKey: `sim-secret-${seed}-${t.serial}`,
    });
    syncs.set(t, await target.connect(t.serial, secret));
  }
  return syncs;
}

/**
 * Batches go out in the order they are due, several at once, each terminal one after the
 * other (a terminal waits for the answer to its previous batch). 2% of answers are "lost"
 * (decided up front, so a seed stays deterministic): the terminal sends the same batch again,
 * or keeps its operations and sends them again with its next batch.
 */
export function sendingQueue(rng: Rng, batches: Batch[]) {
  const queue: Sending[] = [];
  const carry = new Map<Terminal, SyncOperationInput[]>();
  for (const b of batches) {
    const pending = carry.get(b.terminal) ?? [];
    carry.delete(b.terminal);
    const sending: Sending = {
      terminal: b.terminal,
      sendAt: b.sendAt,
      ops: [...pending, ...b.ops],
      fresh: b.ops.length,
      lastSeq: b.lastSeq,
    };
    queue.push(sending);
    if (rng.chance(0.02)) {
      if (rng.chance(0.5)) queue.push({ ...sending, fresh: 0 });
      else carry.set(b.terminal, sending.ops);
    }
  }
  for (const [terminal, ops] of carry)
    queue.push({ terminal, sendAt: Number.MAX_SAFE_INTEGER, ops, fresh: 0 });
  return queue;
}

/**
 * Sends the queue with `concurrency` workers until it is done or the deadline passes, counting the
 * answers in the report.
 */
export async function sendQueue(
  queue: Sending[],
  fleet: Fleet,
  report: SimulationReport,
  concurrency: number,
  deadline: number,
) {
  const count = (r: SyncResult) => {
    report.accepted += r.accepted.length;
    report.duplicates += r.duplicates.length;
    report.refused += r.refused.length;
    report.flagged += r.flagged.length;
  };
  const inFlight = new Map<Terminal, Promise<void>>();
  let next = 0;
  const worker = async () => {
    while (next < queue.length && performance.now() < deadline) {
      const b = queue[next++]!;
      const previous = inFlight.get(b.terminal);
      const run = (async () => {
        if (previous) await previous;
        const app = b.terminal === fleet.oldApp ? SIM_OLD_APP : SIM_APP;
        const result = await fleet.syncs.get(b.terminal)!(b.ops, {
          appVersion: app.name,
          appVersionCode: app.code,
          pendingOperations: 0,
          lastSeq: b.lastSeq ?? b.ops.reduce((m, op) => Math.max(m, op.seq ?? 0), 0),
          banListVersion: fleet.banVersions.get(b.terminal) ?? 0,
        });
        if (result.banList) fleet.banVersions.set(b.terminal, result.banList.version);
        fleet.onContact?.(b.terminal.serial, new Date(Math.min(b.sendAt, Date.now())));
        count(result);
        report.batches++;
        report.operations += b.fresh;
        if (b.fresh === 0) report.resentBatches++;
      })();
      inFlight.set(b.terminal, run);
      await run;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Every terminal but the silent one still reports at the festival's last activity (a heartbeat: a
 * sync with no operations), as idle terminals do.
 */
export async function heartbeats(
  venue: Venue,
  fleet: Fleet,
  silent: Terminal | undefined,
  lastActivity: number,
) {
  for (const t of venue.terminals) {
    if (t === silent) continue;
    const app = t === fleet.oldApp ? SIM_OLD_APP : SIM_APP;
    const result = await fleet.syncs.get(t)!([], {
      appVersion: app.name,
      appVersionCode: app.code,
      pendingOperations: 0,
      lastSeq: fleet.seqs.get(t) ?? 0,
      banListVersion: fleet.banVersions.get(t) ?? 0,
    });
    if (result.banList) fleet.banVersions.set(t, result.banList.version);
    fleet.onContact?.(t.serial, new Date(Math.min(lastActivity, Date.now())));
  }
}
