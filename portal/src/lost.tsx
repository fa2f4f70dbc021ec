/**
 * A lost wristband: its holder blocks it here so nobody who finds it can pay or top up with it; at
 * the info desk a new wristband gets its balance. Asks first; once blocked, says what to do next.
 */
import type { PortalAccount, PortalSession, PortalSite } from '@pulsera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportLost } from './api';

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
  if (w.blocked)
    return (
      <p className="notice" role="status" data-testid="lost-blocked">
        {t('lost.blocked')}
      </p>
    );
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
