/**
 * The gate's "Validate ticket" step: the staff scan the ticket with the camera or type its code, the server (offline:
 * the ticket list the gate holds) says whose it is or why it cannot be used, and the wristband tapped
 * next is bound to it; the gate's next tap of that wristband is decided by the ticket's role.
 */
import type { DeviceTicket } from '@pulsera/contracts/terminals/feed-devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScan } from '../camera/camera-scan';
import type { BarcodeFormat } from '../camera/detector';
import { ReaderInput, type WristbandRead } from '../reader/reader-input';
import { db, type Session } from '../store/db';
import { bindTicket, checkTicket } from '../store/ticket-validation';
import { operationWritten } from '../sync';

/** What tickets carry: QR codes and the usual 1D and 2D barcodes of ticketing platforms. */
const TICKET_FORMATS: BarcodeFormat[] = [
  'qr_code',
  'code_128',
  'code_39',
  'ean_13',
  'itf',
  'pdf417',
  'aztec',
  'data_matrix',
];

export function GateTicket({
  session,
  eventId,
  onDone,
}: {
  session: Session;
  eventId: number;
  onDone: (bound: string | null) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [found, setFound] = useState<DeviceTicket | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (typed = code) => {
    if (!typed.trim() || busy) return;
    setBusy(true);
    setError(null);
    const answer = await checkTicket(db, eventId, typed.trim());
    setBusy(false);
    if ('ticket' in answer) return setFound(answer.ticket);
    if (answer.reason === 'used') setError(t('ticket.used', { serial: answer.serial }));
    else if (answer.reason === 'server') setError(answer.text);
    else setError(t(`ticket.${answer.reason}`));
  };

  const bind = async ({ serial }: WristbandRead) => {
    if (!found || busy) return;
    setBusy(true);
    await bindTicket(db, { ...session, eventId }, found, serial);
    void operationWritten();
    onDone(serial);
  };

  return (
    <section className="panel" data-testid="ticket-step">
      <h2>{t('ticket.title')}</h2>
      {found ? (
        <>
          <p data-testid="ticket-found">
            {t('ticket.found', { code: found.code, holder: found.holder ?? t('ticket.noHolder') })}
          </p>
          <p>{t('ticket.tap')}</p>
          <ReaderInput withCheckCode={false} onRead={(r) => void bind(r)} />
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void check();
          }}
        >
          <CameraScan
            formats={TICKET_FORMATS}
            testId="ticket-camera"
            onCode={(scanned) => {
              setCode(scanned);
              void check(scanned);
            }}
          />
          <label>
            {t('ticket.code')}
            <input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              maxLength={64}
              data-testid="ticket-code"
            />
          </label>
          <button type="submit" disabled={busy} data-testid="ticket-check">
            {t('ticket.check')}
          </button>
        </form>
      )}
      {error && (
        <p className="error" role="alert" data-testid="ticket-refused">
          {error}
        </p>
      )}
      <button type="button" onClick={() => onDone(null)} data-testid="ticket-cancel">
        {t('ticket.cancel')}
      </button>
    </section>
  );
}
