/** Always on screen: online or offline, how many operations wait and how old the oldest is. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { age } from '../i18n';
import { onSyncState, type SyncState } from '../sync';

export function StatusBar() {
  const { t } = useTranslation();
  const [s, setS] = useState<SyncState | null>(null);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const off = onSyncState(setS);
    const tick = setInterval(() => setNow(Date.now()), 5000);
    return () => {
      off();
      clearInterval(tick);
    };
  }, []);
  if (!s) return null;
  return (
    <header className={`status ${s.online ? 'on' : 'off'}`} data-testid="status-bar">
      <span data-testid="status-online">{s.online ? t('status.online') : t('status.offline')}</span>
      <span data-testid="status-waiting">
        {s.waiting ? t('status.waiting', { count: s.waiting }) : t('status.allSent')}
        {s.oldestAt !== null && ` · ${t('status.oldest', { age: age(Math.max(0, now - s.oldestAt)) })}`}
      </span>
      {s.refused > 0 && <span className="error">{t('status.refused', { count: s.refused })}</span>}
    </header>
  );
}
