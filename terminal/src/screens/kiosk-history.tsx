/**
 * A tapped wristband's history at the kiosk: its latest lines of the event's extract (the console's
 * customer screen reads the same), newest first, each with what it was, the change of the balance,
 * when and where. Online only: offline it says so (the balance above is what the terminal knows).
 */

import type { EventCurrency } from '@pulsera/contracts/money-schemas';
import type { DeviceWristbandHistory } from '@pulsera/contracts/terminals/feed-devices';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wristbandHistory } from '../api';
import { money } from '../i18n';

type Line = DeviceWristbandHistory[number];

export function KioskHistory({ serial, currency }: { serial: string; currency: EventCurrency }) {
  const { t, i18n } = useTranslation();
  const [lines, setLines] = useState<DeviceWristbandHistory | 'offline' | null>(null);

  useEffect(() => {
    let live = true;
    if (!navigator.onLine) setLines('offline');
    else
      wristbandHistory(serial).then(
        (h) => live && setLines(h),
        () => live && setLines('offline'),
      );
    return () => {
      live = false;
    };
  }, [serial]);

  const what = (l: Line) => {
    const type = `kiosk.history.types.${l.type}`;
    if (l.operation === 'topUp' && i18n.exists(type)) return t(type);
    return t(`kiosk.history.operations.${l.operation}`, { defaultValue: l.operation });
  };
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <section className="history" data-testid="kiosk-history">
      <h2>{t('kiosk.history.title')}</h2>
      {lines === 'offline' && <p>{t('kiosk.history.offline')}</p>}
      {Array.isArray(lines) && !lines.length && <p>{t('kiosk.history.none')}</p>}
      {Array.isArray(lines) && lines.length > 0 && (
        <ul>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no id of their own, and the list is read only
            <li key={i}>
              <span className="what">{what(l)}</span>
              <span className="amount">
                {l.amount > 0 ? '+' : ''}
                {money(l.amount, currency)}
              </span>
              <small>{[when(l.date), l.location].filter(Boolean).join(' · ')}</small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
