/**
 * The waiting room (online services' queue configuration): before the site shows itself, the
 * queue provider's scripts are loaded in their order and the site waits for the configured function
 * of the last one, then calls it and waits for its answer (a provider that sends the attendee to its
 * queue page does so from inside it). A provider that cannot be reached keeps the site closed, with
 * a way to try again: a queue that anyone could skip by blocking a script would be no queue.
 */
import type { PortalSite } from '@pulsera/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Script = NonNullable<PortalSite['queue']>[number];

/** How long the provider's function may take to appear once its scripts ran. */
const FUNCTION_WAIT_MS = 20_000;

function loadScript(s: Script) {
  return new Promise<void>((resolve, reject) => {
    const el = document.createElement('script');
    el.type = s.type;
    el.src = s.src;
    el.async = false;
    el.dataset.waitingRoom = '';
    el.onload = () => resolve();
    el.onerror = () => reject(new Error(`the queue script ${s.src} did not load`));
    document.head.appendChild(el);
  });
}

/** The value at a dotted name of the page (`QueueIt.validateUser`), if any. */
const at = (name: string): unknown =>
  name.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], window);

async function functionAppears(name: string) {
  const until = Date.now() + FUNCTION_WAIT_MS;
  while (typeof at(name) !== 'function') {
    if (Date.now() > until) throw new Error(`${name} did not appear`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return at(name) as () => unknown;
}

export function WaitingRoom({ queue, children }: { queue: PortalSite['queue']; children: ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'waiting' | 'admitted' | 'failed'>(queue ? 'waiting' : 'admitted');
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt loads the scripts again
  useEffect(() => {
    if (!queue) return;
    let gone = false;
    void (async () => {
      try {
        for (const el of document.querySelectorAll('script[data-waiting-room]')) el.remove();
        for (const s of queue) await loadScript(s);
        const admit = await functionAppears(queue[queue.length - 1]!.function);
        await admit();
        if (!gone) setState('admitted');
      } catch {
        if (!gone) setState('failed');
      }
    })();
    return () => {
      gone = true;
    };
  }, [queue, attempt]);

  if (state === 'admitted') return <>{children}</>;
  if (state === 'failed')
    return (
      <div className="notice" role="alert" data-testid="waiting-room">
        <p>{t('waitingRoom.failed')}</p>
        <button
          type="button"
          onClick={() => {
            setState('waiting');
            setAttempt((n) => n + 1);
          }}
        >
          {t('waitingRoom.retry')}
        </button>
      </div>
    );
  return (
    <p className="notice" aria-busy="true" data-testid="waiting-room">
      {t('waitingRoom.waiting')}
    </p>
  );
}
