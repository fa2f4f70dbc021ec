/**
 * The terminal itself, below the staff sign-in (so only between shifts): move it to another location
 * or gate of its event, set it up for another event with that event's configuration QR (the same
 * terminal: its serial kept), or remove it from this browser. Moving to another event and removing
 * are refused while operations wait to be sent (store/terminal-reset.ts).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Credentials, db } from '../store/db';
import { forgetEvent, forgetTerminal, OperationsWaiting } from '../store/terminal-reset';
import { Provision } from './provision';

export function TerminalMenu({
  credentials,
  place,
  onChangePlace,
  onOtherEvent,
}: {
  credentials: Credentials;
  place: string | undefined;
  onChangePlace: () => void;
  onOtherEvent: (c: Credentials) => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'menu' | 'otherEvent' | 'remove'>('menu');
  const [error, setError] = useState<string | null>(null);
  /** Refused while operations wait; else `then`. */
  const unlessWaiting = async (then: () => void) => {
    const waiting = await db.outbox.count();
    if (waiting) return setError(t('terminalMenu.waiting', { count: waiting }));
    setError(null);
    then();
  };
  const refused = (e: unknown) => {
    if (e instanceof OperationsWaiting) setError(t('terminalMenu.waiting', { count: e.count }));
    else throw e;
  };
  return (
    <details className="panel terminal-menu" data-testid="terminal-menu">
      <summary>{t('terminalMenu.heading', { event: credentials.eventName, place: place ?? '' })}</summary>
      <p>{t('terminalMenu.serial', { serial: credentials.serial })}</p>
      {step === 'menu' && (
        <div className="row">
          <button type="button" onClick={onChangePlace} data-testid="terminal-change-place">
            {t('terminalMenu.changePlace')}
          </button>
          <button
            type="button"
            onClick={() => void unlessWaiting(() => setStep('otherEvent'))}
            data-testid="terminal-other-event"
          >
            {t('terminalMenu.otherEvent')}
          </button>
          <button
            type="button"
            onClick={() => void unlessWaiting(() => setStep('remove'))}
            data-testid="terminal-remove"
          >
            {t('terminalMenu.remove')}
          </button>
        </div>
      )}
      {step === 'otherEvent' && (
        <>
          <Provision
            serial={credentials.serial}
            onDone={(c) =>
              void forgetEvent(db)
                .then(() => onOtherEvent(c))
                .catch(refused)
            }
          />
          <button type="button" onClick={() => setStep('menu')}>
            {t('terminalMenu.back')}
          </button>
        </>
      )}
      {step === 'remove' && (
        <>
          <p>{t('terminalMenu.removeWhat')}</p>
          <div className="row">
            <button
              type="button"
              className="danger"
              onClick={() =>
                void forgetTerminal(db)
                  .then(() => location.reload())
                  .catch(refused)
              }
              data-testid="terminal-remove-confirm"
            >
              {t('terminalMenu.removeConfirm')}
            </button>
            <button type="button" onClick={() => setStep('menu')}>
              {t('terminalMenu.back')}
            </button>
          </div>
        </>
      )}
      {error && (
        <p className="error" role="alert" data-testid="terminal-menu-error">
          {error}
        </p>
      )}
    </details>
  );
}
