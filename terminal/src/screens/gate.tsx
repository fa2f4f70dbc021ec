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
import { useTranslation } from 'react-i18next';
import { ReaderInput, type WristbandRead } from '../reader/reader-input';
import { db, type Session } from '../store/db';
import { decideAtGate, occupancyAtGate, passOf, recordPassage } from '../store/gate';
import { contactStop } from '../store/limits';
import { operationWritten } from '../sync';
import { GateTicket } from './gate-ticket';

/** How long an answer stays before the gate is ready for the next wristband. */
const ANSWER_MS = 4000;

/** A short tone: high for admitted, low for refused (where the browser has Web Audio). */
function beep(admitted: boolean) {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = admitted ? 880 : 220;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (admitted ? 0.15 : 0.4));
    tone.onended = () => void audio.close();
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
  const [answer, setAnswer] = useState<(AccessDecision & { serial: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [validating, setValidating] = useState(false);
  const [bound, setBound] = useState<string | null>(null);
  const reading = useRef(false);
  const gate = config.gates.find((g) => g.id === gateId);
  const zone = (id: number | null) => config.zones.find((z) => z.id === id)?.name ?? t('gate.outside');

  useEffect(() => {
    if (!answer) return;
    const back = setTimeout(() => setAnswer(null), ANSWER_MS);
    return () => clearTimeout(back);
  }, [answer]);

  const read = async ({ serial }: WristbandRead) => {
    if (reading.current) return;
    reading.current = true;
    setError(null);
    setBound(null);
    try {
      // Out of contact longer than the configuration allows, its lists (bans, rules) are too old to
      // admit anyone: the gate stops and says why.
      const stop = await contactStop(db, config);
      if (stop?.reason === 'offlineTooLong') return setError(t('gate.stale', { hours: stop.hours }));
      const now = new Date();
      const [pass, occupancy] = await Promise.all([passOf(db, serial), occupancyAtGate(db, config, gateId)]);
      const decision = decideAtGate(config, gateId, pass, now, occupancy);
      await recordPassage(
        db,
        { config, gateId, staffId: session.staffId, locationId: session.locationId },
        pass,
        decision,
        now,
      );
      beep(decision.admitted);
      setAnswer({ ...decision, serial });
      void operationWritten();
    } finally {
      reading.current = false;
    }
  };

  if (answer) {
    return (
      <main
        className={`gate-answer ${answer.admitted ? 'admitted' : 'refused'}`}
        data-testid="gate-answer"
        data-code={answer.code}
        role="status"
      >
        <h1>{answer.admitted ? t('gate.admitted') : t('gate.refused')}</h1>
        <p className="gate-code" data-testid="gate-code">
          {answer.code} · {t(`access.code.${answer.code}`)}
        </p>
        <p data-testid="gate-reason">{t(`access.reason.${answer.reason}`)}</p>
        <p className="gate-serial">{answer.serial}</p>
        <button type="button" onClick={() => setAnswer(null)} data-testid="gate-next">
          {t('gate.next')}
        </button>
      </main>
    );
  }

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

  return (
    <main className="panel">
      <h1 data-testid="gate-name">{gate?.name ?? t('gate.unknown')}</h1>
      {gate && <p>{t('gate.passage', { from: zone(gate.zoneFromId), to: zone(gate.zoneToId) })}</p>}
      <p>{t('gate.tap')}</p>
      <ReaderInput withCheckCode={false} onRead={(r) => void read(r)} />
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
  );
}
