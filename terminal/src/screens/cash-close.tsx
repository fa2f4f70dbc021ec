/**
 * The cash desk close at the end of a shift: the cash this terminal expects in the staff member's
 * drawer (their cash top-ups and cash refunds since their last close), the cash they count, and the
 * difference. The close is an operation like the others: written to the outbox before the screen
 * says done, it reaches the console's staff cash-up once.
 */
import { displayToCents, viewOf } from '@pulsera/contracts/money';
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../i18n';
import { closeDrawer } from '../store/cash-close';
import { type Drawer, db, type Session } from '../store/db';
import { drawerOf } from '../store/drawer';
import { operationWritten } from '../sync';

type Closed = Awaited<ReturnType<typeof closeDrawer>>;

export function CashClose({ config, session }: { config: DeviceConfig; session: Session }) {
  const { t } = useTranslation();
  // The drawer holds real money: amounts here are in the financial currency.
  const cash = (cents: number) => money(cents, config.event.currency, 'financial');
  const [drawer, setDrawer] = useState<Drawer | null>(null);
  const [counted, setCounted] = useState('');
  const [closed, setClosed] = useState<Closed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const closing = useRef(false);

  useEffect(() => {
    if (!closed) void drawerOf(db, session.staffId).then(setDrawer);
  }, [session.staffId, closed]);

  const close = async () => {
    const typed = counted.trim().replace(',', '.');
    const value = Number(typed);
    if (!typed || !Number.isFinite(value) || value < 0) return setError(t('cashClose.countInvalid'));
    if (closing.current) return;
    closing.current = true;
    try {
      const cents = displayToCents(value, viewOf(config.event.currency, 'financial'));
      setClosed(
        await closeDrawer(db, { staffId: session.staffId, locationId: session.locationId, counted: cents }),
      );
      void operationWritten();
    } finally {
      closing.current = false;
    }
  };

  if (closed) {
    const { difference } = closed;
    return (
      <main className="panel done" data-testid="cash-close-done">
        <h1>{t('cashClose.done')}</h1>
        <dl className="summary">
          <dt>{t('cashClose.expected')}</dt>
          <dd>{cash(closed.expected)}</dd>
          <dt>{t('cashClose.counted')}</dt>
          <dd>{cash(closed.counted)}</dd>
          <dt>{t('cashClose.difference')}</dt>
          <dd data-testid="cash-close-difference">{cash(difference)}</dd>
        </dl>
        <p className={difference < 0 ? 'error' : undefined}>
          {difference === 0
            ? t('cashClose.exact')
            : difference < 0
              ? t('cashClose.missing', { amount: cash(-difference) })
              : t('cashClose.over', { amount: cash(difference) })}
        </p>
        <button
          type="button"
          className="primary"
          onClick={() => {
            setClosed(null);
            setCounted('');
          }}
        >
          {t('cashClose.again')}
        </button>
      </main>
    );
  }

  return (
    <main className="panel">
      <h1>{t('cashClose.title', { name: session.staffName })}</h1>
      <p data-testid="cash-close-expected">
        {drawer && drawer.operations > 0
          ? t('cashClose.expectedSince', {
              amount: cash(drawer.cents),
              count: drawer.operations,
              since: new Intl.DateTimeFormat(undefined, {
                timeStyle: 'short',
                timeZone: config.event.timeZone,
              }).format(drawer.since),
            })
          : t('cashClose.nothingTaken')}
      </p>
      <label>
        {t('cashClose.count')}
        <input
          inputMode="decimal"
          data-testid="cash-close-counted"
          value={counted}
          onChange={(e) => {
            setCounted(e.target.value);
            setError(null);
          }}
        />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="primary" onClick={() => void close()} data-testid="cash-close-confirm">
        {t('cashClose.confirm')}
      </button>
    </main>
  );
}
