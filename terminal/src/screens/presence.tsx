/**
 * Presence control (activity P): a staff member taps their wristband, the staff member signed in
 * checks them in or out. Written to the outbox first, so it works offline.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReaderInput, type WristbandRead } from '../reader/reader-input';
import { db, type PresenceCheck } from '../store/db';
import { bookPresence, lastCheck, staffOfWristband } from '../store/presence';
import { operationWritten } from '../sync';
import type { PlaceScreenProps } from './place-props';

type Phase =
  | { step: 'read' }
  | { step: 'member'; staffId: number; name: string; last: PresenceCheck | undefined }
  | { step: 'done'; name: string; type: PresenceCheck['type']; at: Date };

export function Presence({ config, session, onBusy }: PlaceScreenProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ step: 'read' });
  const [error, setError] = useState<string | null>(null);
  const [booking, setBooking] = useState(false);
  const time = (at: Date) =>
    at.toLocaleTimeString(document.documentElement.lang || undefined, { hour: '2-digit', minute: '2-digit' });

  const reset = () => {
    setPhase({ step: 'read' });
    setError(null);
    onBusy(false);
  };

  const read = async (r: WristbandRead) => {
    setError(null);
    const found = staffOfWristband(config, r.serial);
    if ('refused' in found) return setError(t(`presence.${found.refused}`, { serial: r.serial }));
    onBusy(true);
    const last = await lastCheck(db, found.member.id);
    setPhase({ step: 'member', staffId: found.member.id, name: found.member.name, last });
  };

  const record = async (type: PresenceCheck['type']) => {
    if (phase.step !== 'member' || booking) return;
    setBooking(true);
    try {
      const place = { config, locationId: session.locationId, staffId: session.staffId };
      const done = await bookPresence(db, place, phase.staffId, type);
      void operationWritten();
      setPhase({ step: 'done', name: phase.name, type, at: done.at });
    } finally {
      setBooking(false);
    }
  };

  if (phase.step === 'done') {
    return (
      <main className="panel done" data-testid="presence-done">
        <h1>{t(`presence.recorded.${phase.type}`, { name: phase.name, time: time(phase.at) })}</h1>
        <button type="button" className="primary" onClick={reset} data-testid="presence-next">
          {t('presence.next')}
        </button>
      </main>
    );
  }

  if (phase.step === 'member') {
    // The check this terminal recorded last suggests the next one: in after out, out after in.
    const next: PresenceCheck['type'] = phase.last?.type === 'in' ? 'out' : 'in';
    const order: PresenceCheck['type'][] = next === 'in' ? ['in', 'out'] : ['out', 'in'];
    return (
      <main className="panel" data-testid="presence-member">
        <h1 data-testid="presence-name">{phase.name}</h1>
        <p data-testid="presence-last">
          {phase.last
            ? t(`presence.last.${phase.last.type}`, { time: time(new Date(phase.last.at)) })
            : t('presence.noLast')}
        </p>
        {order.map((type) => (
          <button
            key={type}
            type="button"
            className={type === next ? 'primary' : undefined}
            disabled={booking}
            onClick={() => void record(type)}
            data-testid={`presence-${type}`}
          >
            {t(`presence.check.${type}`)}
          </button>
        ))}
        <button type="button" onClick={reset}>
          {t('presence.cancel')}
        </button>
      </main>
    );
  }

  return (
    <main className="panel">
      <h1>{t('presence.tap')}</h1>
      <ReaderInput onRead={(r) => void read(r)} withCheckCode={false} />
      {error && (
        <p className="error" role="alert" data-testid="presence-error">
          {error}
        </p>
      )}
    </main>
  );
}
