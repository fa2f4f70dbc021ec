import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { logSlot, type SlotWrite } from './capacity.service';

const MINUTE = 60_000;

export interface CapacityLogTask {
  /** Runs the current slot now (then at every slot start until stopped). */
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * The scheduled task of the realtime capacity log, inside the server process: at start and then at
 * the start of every slot (CAPACITY_LOG_MINUTES, a setting; 0 = this process does not log) it writes
 * each zone's occupancy for every event whose log is on and that is running (capacity.service
 * `logSlot`). Several processes on one database may all run it: the slot claim makes the log exactly
 * once per slot. A failed run (database away) is logged and the next slot tries again.
 */
export function capacityLogTask(
  ctx: AppContext,
  opts: {
    slotMs: number;
    onRun?: (writes: SlotWrite[]) => void;
    onError?: (err: unknown) => void;
  },
): CapacityLogTask {
  const { slotMs } = opts;
  // Wake just after the slot starts, so the run is inside it (clock skew between processes aside).
  const delay = Math.min(1000, Math.floor(slotMs / 10));
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const run = async () => {
    timer = null;
    running = logSlot(ctx.db, new Date(), slotMs)
      .then((w) => opts.onRun?.(w))
      .catch((err) => opts.onError?.(err));
    await running;
    running = null;
    schedule();
  };
  const schedule = () => {
    if (stopped) return;
    const now = Date.now();
    const next = (Math.floor(now / slotMs) + 1) * slotMs + delay;
    timer = setTimeout(run, next - now);
    timer.unref?.();
  };
  return {
    start() {
      stopped = false;
      if (!timer && !running) void run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
}

/**
 * Starts the capacity log with the app (onReady) and stops it on close; main.ts calls this. `slotMs`
 * overrides the setting (tests).
 */
export function registerCapacityLog(app: FastifyInstance, ctx: AppContext, slotMs?: number) {
  const ms = slotMs ?? ctx.config.capacityLogMinutes * MINUTE;
  if (!ms) return null;
  const task = capacityLogTask(ctx, {
    slotMs: ms,
    onRun: (writes) => {
      for (const w of writes) if (w.written !== null) app.log.debug({ ...w }, 'capacity log: slot written');
    },
    onError: (err) => app.log.error({ err }, 'capacity log: the run failed; the next slot tries again'),
  });
  app.addHook('onReady', async () => task.start());
  app.addHook('onClose', async () => task.stop());
  return task;
}
