/**
 * The server refuses this terminal itself: its key was rotated (or the old one revoked), it was
 * deactivated, it is assigned to no open event, its authorisation expired, or its event closed.
 * The screen says what happened and what to do; the operations waiting stay in the outbox and are
 * sent as soon as the server takes the terminal again. Where a new configuration QR is the remedy,
 * it is taken here, for the same terminal (its serial kept).
 */
import { useTranslation } from 'react-i18next';
import type { Credentials } from '../store/db';
import type { DeviceRefusal } from '../sync';
import { Provision } from './provision';

const NEEDS_QR: readonly DeviceRefusal[] = ['deviceAuthFailed', 'deviceAuthorizationExpired'];

export function Blocked({
  reason,
  waiting,
  serial,
  onProvisioned,
}: {
  reason: DeviceRefusal;
  waiting: number;
  serial: string;
  onProvisioned: (c: Credentials) => void;
}) {
  const { t } = useTranslation();
  return (
    <main className="panel blocked" data-testid="blocked" data-reason={reason}>
      <h1>{t(`blocked.${reason}.heading`)}</h1>
      <p>{t(`blocked.${reason}.todo`, { serial })}</p>
      <p data-testid="blocked-waiting">
        {waiting ? t('blocked.waiting', { count: waiting }) : t('blocked.nothingWaiting')}
      </p>
      {NEEDS_QR.includes(reason) && <Provision serial={serial} onDone={onProvisioned} />}
    </main>
  );
}
