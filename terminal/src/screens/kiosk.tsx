/**
 * The kiosk (customer service): a wristband tapped shows its balance; the staff refund its cash balance
 * (when the event's refund rules allow it here and now: a receipt follows) or change it for a new
 * wristband (its balances move). Both are written to the outbox first, so they work offline.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../i18n';
import { ReaderInput, type WristbandRead } from '../reader/reader-input';
import { balanceOf } from '../store/balances';
import { type BalanceRow, db } from '../store/db';
import { bookRefund, bookWristbandChange, refundFor } from '../store/kiosk';
import { contactStop } from '../store/limits';
import { operationWritten } from '../sync';
import { KioskAds } from './kiosk-ads';
import { KioskHistory } from './kiosk-history';
import { useLimitMessage } from './limit-message';
import type { PlaceScreenProps } from './place-props';

type Phase =
  | { step: 'read' }
  | { step: 'wristband'; known: BalanceRow }
  | { step: 'newWristband'; known: BalanceRow }
  | { step: 'refunded'; serial: string; refunded: number; gift: number; at: Date }
  | { step: 'changed'; from: string; to: string; cash: number; gift: number };

export function Kiosk({ config, session, deviceId, onBusy }: PlaceScreenProps) {
  const { t } = useTranslation();
  const currency = config.event.currency;
  const limitMessage = useLimitMessage(currency);
  const [phase, setPhase] = useState<Phase>({ step: 'read' });
  const [error, setError] = useState<string | null>(null);
  const booking = useRef(false);
  const place = { config, locationId: session.locationId, deviceId, staffId: session.staffId };
  const balance = (b: { cash: number; gift: number }) =>
    t('topUp.balance', { cash: money(b.cash, currency), gift: money(b.gift, currency) });

  const reset = () => {
    setPhase({ step: 'read' });
    setError(null);
    onBusy(false);
  };

  /** Runs a booking once, after the offline limit allows it. */
  const booked = async (run: () => Promise<void>) => {
    if (booking.current) return;
    booking.current = true;
    setError(null);
    try {
      const stop = await contactStop(db, config);
      if (stop) return setError(limitMessage(stop));
      await run();
      void operationWritten();
    } finally {
      booking.current = false;
    }
  };

  const read = async (r: WristbandRead) => {
    setError(null);
    const known = await balanceOf(r.serial);
    if (!known) return setError(navigator.onLine ? t('sale.lookupFailed') : t('sale.unknownOffline'));
    if (known.replaced) return setError(t('kiosk.replaced', { serial: r.serial }));
    onBusy(true);
    setPhase({ step: 'wristband', known });
  };

  const readNew = async (r: WristbandRead) => {
    if (phase.step !== 'newWristband') return;
    setError(null);
    if (r.serial === phase.known.serial) return setError(t('kiosk.sameWristband'));
    // A wristband from the stock was never seen: offline it starts empty.
    const fresh = await balanceOf(r.serial);
    if (fresh?.bannedTerminals) return setError(t('kiosk.newBanned'));
    if (fresh?.replaced) return setError(t('kiosk.replaced', { serial: r.serial }));
    await booked(async () => {
      const done = await bookWristbandChange(db, place, phase.known, {
        serial: r.serial,
        known: fresh,
        ...(r.codeCheck ? { codeCheck: r.codeCheck } : {}),
      });
      setPhase({ step: 'changed', ...done });
    });
  };

  const refund = (known: BalanceRow) =>
    booked(async () => {
      const done = await bookRefund(db, place, known);
      if (done) setPhase({ step: 'refunded', ...done });
    });

  if (phase.step === 'refunded') {
    return (
      <main className="panel done" data-testid="kiosk-receipt">
        <h1>{t('kiosk.receiptTitle')}</h1>
        <p>
          {t('kiosk.receiptWhen', {
            at: phase.at.toLocaleString(document.documentElement.lang || undefined),
          })}
        </p>
        <p>{t('kiosk.receiptWristband', { serial: phase.serial })}</p>
        <p data-testid="kiosk-refunded">
          {t('kiosk.receiptPaid', { money: money(phase.refunded, currency, 'financial') })}
        </p>
        {phase.gift > 0 && <p>{t('kiosk.giftKept', { gift: money(phase.gift, currency) })}</p>}
        <button type="button" onClick={() => window.print()}>
          {t('kiosk.print')}
        </button>
        <button type="button" className="primary" onClick={reset} data-testid="kiosk-next">
          {t('kiosk.next')}
        </button>
      </main>
    );
  }

  if (phase.step === 'changed') {
    return (
      <main className="panel done" data-testid="kiosk-changed">
        <h1>{t('kiosk.changed', { from: phase.from, to: phase.to })}</h1>
        <p>{balance(phase)}</p>
        <button type="button" className="primary" onClick={reset} data-testid="kiosk-next">
          {t('kiosk.next')}
        </button>
      </main>
    );
  }

  const alert = error && (
    <p className="error" role="alert" data-testid="kiosk-error">
      {error}
    </p>
  );

  if (phase.step === 'read') {
    return (
      <main className="panel">
        <h1>{t('kiosk.tap')}</h1>
        <ReaderInput onRead={(r) => void read(r)} />
        {alert}
        <KioskAds config={config} />
      </main>
    );
  }

  if (phase.step === 'newWristband') {
    return (
      <main className="panel" data-testid="kiosk-new">
        <h1>{t('kiosk.tapNew', { serial: phase.known.serial })}</h1>
        <ReaderInput onRead={(r) => void readNew(r)} />
        {alert}
        <button type="button" onClick={reset}>
          {t('kiosk.cancel')}
        </button>
      </main>
    );
  }

  const { known } = phase;
  const allowed = refundFor(place, known);
  const why = known.bannedTerminals
    ? t('kiosk.banned')
    : 'refused' in allowed
      ? t(`kiosk.refused.${allowed.refused}`, { min: money(allowed.minAmount ?? 0, currency) })
      : null;
  return (
    <main className="panel" data-testid="kiosk-wristband">
      <p>{t('kiosk.wristband', { serial: known.serial })}</p>
      <p data-testid="kiosk-balance">{balance(known)}</p>
      <button
        type="button"
        className="primary"
        disabled={why !== null}
        onClick={() => void refund(known)}
        data-testid="kiosk-refund"
      >
        {t('kiosk.refund', { money: money(known.cash, currency, 'financial') })}
      </button>
      {why && <p data-testid="kiosk-refund-why">{why}</p>}
      <button
        type="button"
        onClick={() => setPhase({ step: 'newWristband', known })}
        data-testid="kiosk-change"
      >
        {t('kiosk.change')}
      </button>
      {alert}
      <button type="button" onClick={reset}>
        {t('kiosk.cancel')}
      </button>
      <KioskHistory serial={known.serial} currency={currency} />
    </main>
  );
}
