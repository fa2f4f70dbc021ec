/**
 * A lost wristband: its holder blocks it here so nobody who finds it can pay or top up with it, then
 * moves its balance to a new wristband (from the info desk) by the serial and check code printed on
 * it. Asks first; once blocked, asks for the new wristband.
 */
import type { PortalAccount, PortalSession, PortalSite } from '@pulsera/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveToNewWristband, reportLost } from './api';

export function Lost({
  site,
  session,
  account,
  onBlocked,
}: {
  site: PortalSite;
  session: PortalSession;
  account: PortalAccount;
  onBlocked: (a: PortalAccount) => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const w = account.wristband;
  if (!w) return null;
  if (w.blocked) return <MoveToNew site={site} session={session} onMoved={onBlocked} />;
  if (!asking)
    return (
      <button type="button" className="link" onClick={() => setAsking(true)} data-testid="lost-open">
        {t('lost.open')}
      </button>
    );
  return (
    <div className="notice" data-testid="lost-confirm">
      <p>{t('lost.confirm', { serial: w.serial })}</p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button type="button" onClick={() => setAsking(false)}>
          {t('lost.keep')}
        </button>
        <button
          type="button"
          className="primary"
          data-testid="lost-block"
          onClick={() =>
            reportLost(site.slug, session.token).then(onBlocked, (e) =>
              setError(e instanceof Error ? e.message : String(e)),
            )
          }
        >
          {t('lost.block')}
        </button>
      </div>
    </div>
  );
}

/** The new wristband's serial and check code; the balance, history and session follow it. */
function MoveToNew({
  site,
  session,
  onMoved,
}: {
  site: PortalSite;
  session: PortalSession;
  onMoved: (a: PortalAccount) => void;
}) {
  const { t } = useTranslation();
  const [serial, setSerial] = useState('');
  const [checkCode, setCheckCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    moveToNewWristband(site.slug, session.token, { serial, checkCode })
      .then(onMoved, (err) => setError(err instanceof Error ? err.message : String(err)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="notice" data-testid="lost-blocked">
      <p role="status">{t('lost.blocked')}</p>
      <form onSubmit={submit} noValidate data-testid="lost-move">
        <label className="field">
          <span>{t('lost.newSerial')}</span>
          <input
            value={serial}
            onChange={(e) => setSerial(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            required
          />
        </label>
        <label className="field">
          <span>{t('lost.newCheckCode')}</span>
          <input
            value={checkCode}
            onChange={(e) => setCheckCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            required
          />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy || !serial.trim() || !checkCode.trim()}>
          {t('lost.move')}
        </button>
      </form>
    </div>
  );
}
