/**
 * The gate: a wristband tapped (or its serial typed) is admitted or refused on a full-screen green or
 * red answer with the access code and the reason in the operator's language, and a sound. Decided
 * here, offline, by the shared `decideAccess` on the cached configuration and what the terminal knows
 * of the wristband; the access operation is in the outbox before the answer shows. Past the offline
 * limit (no contact with the server for longer than the configuration allows) it admits no one.
 */
import type { AccessDecision } from '@pulsera/contracts/terminals/access-decision';
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ReaderInput, type WristbandRead } from '../reader/reader-input';
import { db, type Session } from '../store/db';
import { tapAtGate } from '../store/gate';
import { operationWritten } from '../sync';
import { GateTicket } from './gate-ticket';

/** How long an answer stays before the gate is ready for the next wristband. */
const ANSWER_MS = 4000;

/** One audio context for the gate's tones (making one per tap costs more than the tap's decision). */
let audio: AudioContext | null = null;

/** A short tone: high for admitted, low for refused (where the browser has Web Audio). */
function beep(admitted: boolean) {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const tone = audio.createOscillator();
    tone.frequency.value = admitted ? 880 : 220;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (admitted ? 0.15 : 0.4));
  } catch {
    // no sound on this device
  }
}

export function Gate({
  config,
  session,
  gateId,
}: {
  config: DeviceConfig;
  session: Session;
  gateId: number;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<(AccessDecision & { serial: string; n: number }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [validating, setValidating] = useState(false);
  const [bound, setBound] = useState<string | null>(null);
  // Reads are decided one after the other, in the order they came (a wedge reader may read the next
  // wristband while the last answer shows): none is dropped.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const answers = useRef(0);
  const gate = config.gates.find((g) => g.id === gateId);
  const zone = (id: number | null) => config.zones.find((z) => z.id === id)?.name ?? t('gate.outside');

  useEffect(() => {
    if (!answer) return;
    const back = setTimeout(() => setAnswer(null), ANSWER_MS);
    return () => clearTimeout(back);
  }, [answer]);

  const decide = async (serial: string) => {
    const place = { config, gateId, staffId: session.staffId, locationId: session.locationId };
    const tapped = await tapAtGate(db, place, serial);
    // Out of contact longer than the configuration allows, its lists (bans, rules) are too old to
    // admit anyone: the gate stops and says why.
    if ('stopped' in tapped) {
      if (tapped.stopped.reason === 'offlineTooLong') {
        setAnswer(null);
        setError(t('gate.stale', { hours: tapped.stopped.hours }));
      }
      return;
    }
    const { decision } = tapped;
    // The operation is written: the answer shows now, the tone and the sync's trigger come after it.
    flushSync(() => setAnswer({ ...decision, serial, n: ++answers.current }));
    setTimeout(() => {
      beep(decision.admitted);
      void operationWritten();
    }, 0);
  };

  const read = ({ serial }: WristbandRead) => {
    setError(null);
    setBound(null);
    queue.current = queue.current.then(() => decide(serial)).catch(() => undefined);
  };

  if (validating) {
    return (
      <main className="panel">
        <GateTicket
          session={session}
          eventId={config.event.id}
          onDone={(serial) => {
            setValidating(false);
            setBound(serial);
          }}
        />
      </main>
    );
  }

  // The answer covers the gate's screen, whose reader field keeps the focus under it: a keyboard-wedge
  // reader's next wristband is read without pressing Next, and its answer replaces this one.
  return (
    <>
      <main className="panel">
        <h1 data-testid="gate-name">{gate?.name ?? t('gate.unknown')}</h1>
        {gate && <p>{t('gate.passage', { from: zone(gate.zoneFromId), to: zone(gate.zoneToId) })}</p>}
        <p>{t('gate.tap')}</p>
        <ReaderInput withCheckCode={false} onRead={read} focusOn={answer} />
        {bound && (
          <p role="status" data-testid="ticket-bound">
            {t('ticket.bound', { serial: bound })}
          </p>
        )}
        <button type="button" onClick={() => setValidating(true)} data-testid="gate-validate-ticket">
          {t('ticket.title')}
        </button>
        {error && (
          <p className="error" role="alert" data-testid="gate-stopped">
            {error}
          </p>
        )}
      </main>
      {answer && (
        // A touch on the answer does not take the focus from the reader field (Next still works).
        <section
          key={answer.n}
          className={`gate-answer ${answer.admitted ? 'admitted' : 'refused'}`}
          data-testid="gate-answer"
          data-code={answer.code}
          role="status"
          onMouseDown={(e) => e.preventDefault()}
        >
          <h1>{answer.admitted ? t('gate.admitted') : t('gate.refused')}</h1>
          <p className="gate-code" data-testid="gate-code">
            {answer.code} · {t(`access.code.${answer.code}`)}
          </p>
          <p data-testid="gate-reason">{t(`access.reason.${answer.reason}`)}</p>
          <p className="gate-serial" data-testid="gate-serial">
            {answer.serial}
          </p>
          <button type="button" onClick={() => setAnswer(null)} data-testid="gate-next">
            {t('gate.next')}
          </button>
        </section>
      )}
    </>
  );
}
