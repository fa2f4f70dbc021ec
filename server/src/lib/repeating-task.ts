import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` inside the server process every `everyMs` (the first time `firstMs` after the app is
 * ready), one run at a time; a failed run is logged and the next one tries again. Stops with the app:
 * onClose waits for a run in progress. The scheduled work of main.ts (rollup compaction, upload sweep)
 * uses it.
 */
export function registerRepeatingTask(
  app: FastifyInstance,
  opts: { name: string; everyMs: number; firstMs?: number; run: () => Promise<void> },
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = async () => {
    timer = null;
    running = opts
      .run()
      .catch((err) => app.log.error({ err }, `${opts.name}: the run failed; the next one tries again`));
    await running;
    running = null;
    if (!stopped) {
      timer = setTimeout(tick, opts.everyMs);
      timer.unref?.();
    }
  };
  app.addHook('onReady', async () => {
    stopped = false;
    timer = setTimeout(tick, opts.firstMs ?? opts.everyMs);
    timer.unref?.();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    if (running) await running;
  });
}
